import { offerAppUpdate, setAppUpdateApplier } from '@/lib/app-update';

/**
 * Where the PWA plugin writes the web app manifest and the app shell's service worker
 * (vite.config.ts; test/e2e/install.e2e.ts and offline-shell.e2e.ts load both).
 */
const MANIFEST_URL = '/manifest.webmanifest';
const SHELL_WORKER_URL = '/sw.js';
/** The latest moment to start, when the page never goes idle (a big event loading). */
const AT_THE_LATEST_MS = 3_000;
/**
 * How often an open tab asks whether a new version was deployed. The browser asks by itself only
 * at page loads, and a race-day tab stays open for hours, its screens changing without one.
 */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Makes the app installable and usable offline: links the web app manifest and registers the
 * app shell's service worker, once the first screen is drawn and the page is idle. Neither
 * helps the first screen, and on a phone the manifest, the icon Chromium fetches for it and the
 * worker's precache of every script would otherwise share the bandwidth with the app's code.
 * The production build only: the dev server has no worker (the PWA plugin is build-only).
 */
export function setUpAppShellWhenIdle(): void {
  if (!import.meta.env.PROD) return;
  const start = () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST_URL;
    document.head.append(link);
    // A browser that refuses (a private window, a policy) still runs the app, online only.
    if ('serviceWorker' in navigator)
      navigator.serviceWorker
        .register(SHELL_WORKER_URL, { scope: '/' })
        .then(followNewVersions)
        .catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: AT_THE_LATEST_MS });
  else setTimeout(start, AT_THE_LATEST_MS);
}

/**
 * A new version's worker installs beside the running one and waits (vite.config.ts: no
 * skipWaiting): the tab keeps its version, whose files the running worker still serves from its
 * cache, and is told that a new one is there (lib/app-update.ts). The new worker takes over when
 * the promoter chooses "Reload" in a tab, or once every tab of the old version is closed.
 */
function followNewVersions(registration: ServiceWorkerRegistration): void {
  const workers = navigator.serviceWorker;
  // The first worker takes control of the page that installed it (clientsClaim): the same
  // version, nothing to say.
  let controlled = workers.controller !== null;
  let switching = false;
  const offerIfWaiting = () => {
    if (registration.waiting && workers.controller) offerAppUpdate();
  };
  setAppUpdateApplier(() => {
    const waiting = registration.waiting;
    if (!waiting) return location.reload();
    switching = true;
    // Workbox's generated worker activates on this message; the reload follows controllerchange,
    // so that the page loads from the new worker.
    waiting.postMessage({ type: 'SKIP_WAITING' });
  });
  workers.addEventListener('controllerchange', () => {
    if (switching) return location.reload();
    if (!controlled) {
      controlled = true;
      return;
    }
    // Another tab switched to the new version: this one still runs the old code, whose lazily
    // loaded files the new worker does not keep.
    offerAppUpdate();
  });
  const followInstalling = () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerIfWaiting();
    });
  };
  registration.addEventListener('updatefound', followInstalling);
  followInstalling();
  offerIfWaiting();
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}
