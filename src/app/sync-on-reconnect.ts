import type { Query, QueryClient } from '@tanstack/react-query';
import { isOffline, subscribeOffline } from '@/lib/offline';
import { EVENTS } from '@/features/events/api/event-keys';
import type { RegistrationsData } from '@/features/registrations/api/registrations-data';
import { REGISTRATIONS } from '@/features/registrations/api/registrations-key';

/** A list that can be brought up to date: complete (check for changes) or missing pages. */
function isLoadedList(query: Query): boolean {
  if (query.queryKey[0] !== REGISTRATIONS) return false;
  const phase = (query.state.data as RegistrationsData | undefined)?.phase;
  return (phase === 'complete' || phase === 'incomplete') && query.state.fetchStatus === 'idle';
}

/**
 * When the network returns, sync resumes by itself: the events (list, details, categories)
 * are fetched again, and every loaded event's registrations are checked for changes (a list
 * with missing pages gets them). "Returns": the browser's `online` event, or the first answer
 * of the API after requests got none (Wi-Fi that had no internet). What the API answers
 * replaces what the copy on this device showed, and is saved in the copy; the offline banner
 * goes away. Returns the function that stops listening.
 */
export function syncOnReconnect(client: QueryClient): () => void {
  let offline = isOffline();
  let lastSync = -Infinity;
  let later: ReturnType<typeof setTimeout> | undefined;
  const sync = () => {
    lastSync = Date.now();
    // Cancelled first: an events query still on its first, offline fetch (no data yet, its
    // requests failing and the copy being read) would otherwise only see that fetch through,
    // and never ask the API that just answered.
    void client
      .cancelQueries({ queryKey: [EVENTS] })
      .then(() => client.invalidateQueries({ queryKey: [EVENTS] }));
    void client.refetchQueries({ predicate: isLoadedList });
  };
  const unsubscribe = subscribeOffline(() => {
    const was = offline;
    offline = isOffline();
    if (!was || offline) return;
    // A flaky network (some requests answered, some not) syncs at most every few seconds.
    const wait = lastSync + RESYNC_GAP_MS - Date.now();
    if (wait <= 0) sync();
    else
      later ??= setTimeout(() => {
        later = undefined;
        if (!isOffline()) sync();
      }, wait);
  });
  return () => {
    unsubscribe();
    clearTimeout(later);
  };
}

const RESYNC_GAP_MS = 5_000;
