import { useCallback, useEffect, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router';

/** How long typing must pause before the URL follows the inputs. */
export const URL_WRITE_DELAY_MS = 300;

export interface UrlSyncedStateOptions<S> {
  /**
   * Read the state from the URL's search params. Must never throw, whatever the URL holds (links
   * are typed by hand): drop what cannot be read, keep the rest. A throw here shows the error
   * screen instead of the screen.
   */
  parse: (params: URLSearchParams) => S;
  /** The search params for a state: the whole query string of the screen. */
  write: (state: S) => URLSearchParams;
  /** Pause before the URL is written, in ms (default {@link URL_WRITE_DELAY_MS}). */
  delayMs?: number;
}

export type SetUrlSyncedState<S> = (next: S | ((previous: S) => S)) => void;

/**
 * View state (search, filters, sort…) that the inputs own and the URL follows.
 *
 * `const [view, setView, flushUrl] = useUrlSyncedState({ parse, write, delayMs? })`
 *
 * - `view` starts as `parse(current search params)`, so a shared link or a reload restores it.
 * - `setView` changes `view` at once (the input echoes the keystroke in the same frame) and
 *   writes `write(view)` to the URL after `delayMs` without a further change, replacing the
 *   history entry: one router navigation per pause instead of one per keystroke, which lost
 *   keystrokes at typing speed, and no history entry per letter.
 * - A URL change the hook did not make (back/forward, a link to the same screen) wins: `view`
 *   becomes `parse(new params)` and a pending write is dropped, even when the pause ends after
 *   the browser's address moved but before the router shows the new location.
 * - Leaving the screen before the pause ends (unmount) keeps the pending write for that
 *   history entry: coming back to it (back button) restores what was typed and updates its URL.
 * - `flushUrl()` writes a pending change now (e.g. before copying the link).
 *
 * One screen, one hook: it owns the whole query string of its route.
 */
export function useUrlSyncedState<S>({
  parse,
  write,
  delayMs = URL_WRITE_DELAY_MS,
}: UrlSyncedStateOptions<S>): [S, SetUrlSyncedState<S>, () => void] {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const [view, setViewState] = useState<S>(() =>
    parse(new URLSearchParams(unflushedWrites.get(location.key) ?? location.search)),
  );

  // Mutable bookkeeping, touched only in handlers, timers and effects.
  const latest = useRef({ view, parse, write, navigate, key: location.key, search: location.search });
  const pending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /**
   * The searches the hook wrote and the router has not shown yet, oldest first, to tell its own
   * navigations from the user's. A list, not the last one: a browser router lands navigations
   * in a transition, so on a busy page a write can land after the next one was made, and
   * taking it for the user's would put the inputs back to what they held then.
   */
  const written = useRef<string[]>([]);
  /** The history entry the view was last read from or written to. */
  const entry = useRef(location.key);
  /**
   * The browser's address when the hook last read or wrote it. A browser router changes the
   * address at once and shows the new location later, in a transition: an address that moved
   * meanwhile is a navigation the hook has not seen yet (a link, back), and it wins.
   */
  const seenAddress = useRef(currentAddress());

  useEffect(() => {
    latest.current = {
      ...latest.current,
      parse,
      write,
      navigate,
      key: location.key,
      search: location.search,
    };
  });

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    // A navigation not shown yet: the write waits for it. On this screen the location effect
    // drops it (the new URL wins); leaving the screen keeps it for this entry (unmount effect).
    if (!pending.current || currentAddress() !== seenAddress.current) return;
    pending.current = false;
    const { view: current, write: toParams, navigate: go, search } = latest.current;
    const next = toSearch(toParams(current));
    if (next === search) return;
    written.current.push(next);
    void go({ search: next }, { replace: true, preventScrollReset: true });
    seenAddress.current = currentAddress();
  }, []);

  const setView = useCallback<SetUrlSyncedState<S>>(
    (next) => {
      const value = isUpdater(next) ? next(latest.current.view) : next;
      latest.current.view = value;
      setViewState(value);
      pending.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  // Every navigation creates a new history entry key: either the hook's own write, or the
  // user's (back/forward, a link), whose URL then replaces what the inputs hold.
  useEffect(() => {
    if (entry.current === location.key) return;
    entry.current = location.key;
    const search = location.search;
    const ours = navigationType === NavigationType.Replace ? written.current.indexOf(search) : -1;
    if (ours >= 0) {
      // The hook's own write (or an older one, landing late): the inputs already hold as much.
      written.current.splice(0, ours + 1);
      return;
    }
    written.current = [];
    clearTimeout(timer.current);
    pending.current = false;
    seenAddress.current = currentAddress();
    const fromUrl = latest.current.parse(new URLSearchParams(search));
    latest.current.view = fromUrl;
    setViewState(fromUrl);
  }, [location.key, location.search, navigationType]);

  // Back on an entry left before its write: its URL catches up with what was restored.
  useEffect(() => {
    const { key } = latest.current;
    if (unflushedWrites.has(key)) {
      unflushedWrites.delete(key);
      pending.current = true;
      flush();
    }
  }, [flush]);

  // Leaving before the pause ended: the router has already moved on, so the write is kept
  // for this entry instead of navigating (which would drag the user back here).
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (!pending.current) return;
      pending.current = false;
      const { view: current, write: toParams, key } = latest.current;
      unflushedWrites.set(key, toSearch(toParams(current)));
    },
    [],
  );

  return [view, setView, flush];
}

/** Writes a screen left before its pause ended, by history entry key (see the unmount effect). */
const unflushedWrites = new Map<string, string>();

/** The address bar's URL (a memory router never changes it: the check then never fires). */
const currentAddress = () => window.location.href;

function toSearch(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `?${query}` : '';
}

function isUpdater<S>(next: S | ((previous: S) => S)): next is (previous: S) => S {
  return typeof next === 'function';
}
