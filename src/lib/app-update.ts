import { lastUpdateReload, rememberUpdateReload } from './session-record';

/**
 * A new version of the app, deployed while this tab is open. Two things tell of it:
 * - code the tab asks for is gone from the server: Vite's `vite:preloadError`, when a lazily
 *   loaded screen or dialog of the build the tab started with no longer exists (a deploy
 *   replaces the files, their names carry a hash of their content);
 * - the app shell's service worker has installed the new version and waits (app/app-shell.ts).
 *
 * The tab never swaps its code without saying so: for missing code it reloads itself once, at
 * the same address (the session is in sessionStorage, so the promoter stays signed in); in every
 * other case it offers the update (components/layout/update-notice.tsx) and waits for a click.
 *
 * Part of the page's entry (main.tsx), so that it also catches the code the entry itself asks
 * for: it imports nothing but session-record.ts.
 */
export interface AppUpdate {
  /** 'reloading': the tab is reloading itself; 'offered': the promoter is told, and chooses when. */
  readonly state: 'none' | 'reloading' | 'offered';
  /** Code of this tab's build could not load: a screen that needed it offers the update in its place. */
  readonly codeMissing: boolean;
}

/**
 * A page reloaded for missing code that misses code again within this time offers the update
 * instead of reloading again: the reload did not help (a deploy still under way, an old worker
 * answering), and a loop of reloads would leave the promoter no page at all.
 */
export const RELOAD_AGAIN_AFTER_MS = 60_000;

const NONE: AppUpdate = { state: 'none', codeMissing: false };
let current: AppUpdate = NONE;
const listeners = new Set<() => void>();
let applier: (() => void) | null = null;

function update(next: AppUpdate): void {
  current = next;
  for (const listener of listeners) listener();
}

export function getAppUpdate(): AppUpdate {
  return current;
}

export function subscribeAppUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A new version is there (a waiting service worker): tell the promoter, who chooses when. */
export function offerAppUpdate(): void {
  if (current.state === 'none') update({ state: 'offered', codeMissing: false });
}

/** How to switch to the new version: app-shell.ts's, which activates the waiting worker first. */
export function setAppUpdateApplier(apply: () => void): void {
  applier = apply;
}

/** The promoter chose the new version ("Reload"). Without a worker, a reload gets it. */
export function applyAppUpdate(): void {
  if (applier) applier();
  else location.reload();
}

/**
 * What to do when code of this tab's build cannot load: reload once; offer the update when the
 * tab reloaded for it a moment ago; nothing offline, where a download fails without any deploy
 * (the screen shows its error and tries again).
 */
export function missingCodeAction(
  online: boolean,
  now: number,
  lastReload: number | null,
): 'reload' | 'offer' | 'none' {
  if (!online) return 'none';
  // A clock set back makes the last reload look like the future: not a loop.
  const recent = lastReload !== null && now >= lastReload && now - lastReload < RELOAD_AGAIN_AFTER_MS;
  return recent ? 'offer' : 'reload';
}

/**
 * Listens for `vite:preloadError` (see missingCodeAction); returns the way to stop. The error
 * itself still reaches the code that asked: a screen's error boundary shows a blank page while
 * the tab reloads, or the update's offer (app/routes/route-error.tsx).
 */
export function watchForMissingCode(reload: () => void = () => location.reload()): () => void {
  const onPreloadError = () => {
    // Several imports fail together (a screen and its table): one reload, one offer.
    if (current.state === 'reloading') return;
    const now = Date.now();
    const action = missingCodeAction(navigator.onLine, now, lastUpdateReload());
    if (action === 'none') return;
    if (action === 'reload' && rememberUpdateReload(now)) {
      update({ state: 'reloading', codeMissing: true });
      reload();
      return;
    }
    update({ state: 'offered', codeMissing: true });
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}

/** Back to no update known (tests: the state is the page's, and a test file is one page). */
export function resetAppUpdate(): void {
  current = NONE;
  applier = null;
}
