import type { Query, QueryClient } from '@tanstack/react-query';
import { isOffline, subscribeOffline } from '@/lib/offline';
import { REGISTRATIONS } from './registrations-key';

/* What the background sync (background-sync.ts) waits for: the screen's loads, and the network. */

/** A registrations list loading for a screen (observed and fetching). */
export function isScreenLoad(query: Query): boolean {
  return (
    query.queryKey[0] === REGISTRATIONS &&
    query.state.fetchStatus === 'fetching' &&
    query.getObserversCount() > 0
  );
}

/** Resolves once no screen is loading an event's list. */
export function untilNoScreenLoads(client: QueryClient): Promise<void> {
  const cache = client.getQueryCache();
  const busy = () => cache.getAll().some((query) => isScreenLoad(query));
  if (!busy()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = cache.subscribe(() => {
      if (busy()) return;
      unsubscribe();
      resolve();
    });
  });
}

export function untilOnline(): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = subscribeOffline(() => {
      if (isOffline()) return;
      unsubscribe();
      resolve();
    });
  });
}
