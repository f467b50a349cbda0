import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { eventQueries } from '@/features/events/api/queries';
import type { PartnerEvent } from '@/features/events/api/schemas';
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

/** An event's name as the screens show it (the API has no English one), or "Event #id". */
export function useEventName(eventId: number): string {
  const { t } = useTranslation('editions');
  const list = useQuery(eventQueries.list());
  const event = list.data?.events.find((candidate) => candidate.eve_id === eventId);
  return eventName(event) ?? t('unknownEvent', { id: eventId });
}

/** The name the API sent, or null for an event without one (or not in the list). */
export function eventName(event: PartnerEvent | undefined): string | null {
  return event?.eve_nom_fr?.trim() || null;
}
