import type { Query, QueryClient } from '@tanstack/react-query';
import { eventQueries } from '@/features/events/api/queries';
import { registrationsKey, type RegistrationsData } from '@/features/registrations/api/registrations-query';

const REGISTRATIONS = registrationsKey(0)[0];

/** A list that can be brought up to date: complete (check for changes) or missing pages. */
function isLoadedList(query: Query): boolean {
  if (query.queryKey[0] !== REGISTRATIONS) return false;
  const phase = (query.state.data as RegistrationsData | undefined)?.phase;
  return (phase === 'complete' || phase === 'incomplete') && query.state.fetchStatus === 'idle';
}

/**
 * When the network returns (the browser's `online` event), sync resumes by itself: the events
 * (list, details, categories) are fetched again, and every loaded event's registrations are
 * checked for changes (a list with missing pages gets them). What the API answers replaces
 * what the copy on this device showed, and is saved in the copy; the offline banner goes
 * away. Returns the function that stops listening.
 */
export function syncOnReconnect(client: QueryClient): () => void {
  const sync = () => {
    void client.invalidateQueries({ queryKey: eventQueries.all() });
    void client.refetchQueries({ predicate: isLoadedList });
  };
  window.addEventListener('online', sync);
  return () => window.removeEventListener('online', sync);
}
