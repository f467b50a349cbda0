import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { BackgroundSync, type BackgroundSyncState } from './background-sync';

/* The background sync of each query cache's session, and what the screens read of it. */

const syncs = new WeakMap<QueryClient, BackgroundSync>();

/** The background sync of this query cache's session. */
export function backgroundSyncOf(client: QueryClient): BackgroundSync {
  let sync = syncs.get(client);
  if (!sync) {
    sync = new BackgroundSync(client);
    syncs.set(client, sync);
  }
  return sync;
}

/** The background sync's state, for what shows it (the events list's sync line). */
export function useBackgroundSyncState(): { state: BackgroundSyncState; sync: BackgroundSync } {
  const sync = backgroundSyncOf(useQueryClient());
  const state = useSyncExternalStore(sync.subscribe, sync.getState, sync.getState);
  return { state, sync };
}

/**
 * Whether the background sync is counting this event now: a card renders again only when its
 * own answer changes, not at every step of the sync.
 */
export function useSyncingNow(eventId: number): boolean {
  const sync = backgroundSyncOf(useQueryClient());
  const current = () => sync.getState().current === eventId;
  return useSyncExternalStore(sync.subscribe, current, current);
}

/** The latest the sync waits for an idle moment to start: a busy page may have none for long. */
const START_AT_THE_LATEST_MS = 2_000;

/**
 * Asks the background sync to count `eventIds` (in that order) once they are known, in the
 * browser's first idle moment (or START_AT_THE_LATEST_MS after): the screen that asks is
 * drawn, and its own figures read, before the sync's first requests and renders compete with it.
 */
export function useBackgroundSyncOf(eventIds: readonly number[] | null): void {
  const sync = backgroundSyncOf(useQueryClient());
  useEffect(() => {
    if (!eventIds) return;
    const start = () => sync.want(eventIds);
    if (typeof requestIdleCallback !== 'function') {
      // Without idle callbacks (Safari, jsdom): after the render.
      const timer = setTimeout(start, 1);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(start, { timeout: START_AT_THE_LATEST_MS });
    return () => cancelIdleCallback(handle);
  }, [sync, eventIds]);
}
