import { useQuery } from '@tanstack/react-query';
import { eventQueries } from '@/features/events/api/queries';
import { useEditionLink } from './edition-link';
import { suggestPreviousEdition } from './edition-suggestion';

/**
 * The previous edition of an event, as the Editions tab has it: the one the promoter linked,
 * else the one the app suggests; null when the promoter said there is none, or none is found.
 */
export function usePreviousEdition(eventId: number): number | null {
  const { link } = useEditionLink(eventId);
  const events = useQuery(eventQueries.list());
  if (link) return link.previousEventId;
  const all = events.data?.events ?? [];
  const current = all.find((event) => event.eve_id === eventId);
  return (current && suggestPreviousEdition(current, all)?.eve_id) ?? null;
}
