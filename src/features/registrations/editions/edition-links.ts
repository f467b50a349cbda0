import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { eventQueries } from '@/features/events/api/queries';
import { useEventLabel } from '@/features/events/label/event-label';
import { registrationsSearch, type EditionKind } from '../rows/registrations-view';
import './i18n';

/**
 * The table of one list of a comparison of `eventId` (now) with `previousEventId` (last time):
 * returning and new are registrations of `eventId`; lapsed ones are of `previousEventId`, so
 * their table is the previous edition's, filtered against this one.
 */
export function editionListLink(eventId: number, previousEventId: number, kind: EditionKind): string {
  return kind === 'lapsed'
    ? paths.registrations.build(previousEventId, registrationsSearch({ edition: { kind, vs: eventId } }))
    : paths.registrations.build(eventId, registrationsSearch({ edition: { kind, vs: previousEventId } }));
}

/** The label of an event of the events list, as text (an event not in it: the label of its id). */
export function useEventName(eventId: number): string {
  const label = useEventLabel();
  const list = useQuery(eventQueries.list());
  const event = list.data?.events.find((candidate) => candidate.eve_id === eventId);
  return label(event ?? eventId).text;
}
