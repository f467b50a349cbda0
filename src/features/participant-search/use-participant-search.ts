import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { eventQueries } from '@/features/events/api/queries';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import { searchDeviceCopy, subscribeDeviceCopySearch } from '@/engine/copy/device-copy';
import type { SearchAnswer } from '@/engine/copy/search-protocol';
import { todayCalendarDate } from '@/lib/dates';

/** Results listed at most; the count says how many more there are. */
export const SEARCH_LIMIT = 50;

/** The answer to one query, as last received. */
export interface ParticipantSearch {
  /** The query this answer is for (the field may already hold a longer one). */
  readonly query: string;
  readonly answer: SearchAnswer;
}

/**
 * The events in the order results list them: upcoming ones soonest first, then past ones most
 * recent first (a participant writing in is most likely about the next race).
 */
function eventOrder(events: readonly PartnerEvent[], today: string): number[] {
  const day = (event: PartnerEvent) => event.eve_date_debut?.slice(0, 10) ?? '';
  const upcoming = events.filter((event) => day(event) >= today).sort((a, b) => day(a).localeCompare(day(b)));
  const past = events.filter((event) => day(event) < today).sort((a, b) => day(b).localeCompare(day(a)));
  return [...upcoming, ...past].map((event) => event.eve_id);
}

/**
 * Sends the field's query to the engine's search index and hands each newer answer to `show`
 * (the field keeps the answer shown, and forgets it when emptied). The field owns its text and
 * shows each key at once; the query follows it after the render (an effect), never leads it.
 * Each request has its sequence number: an answer older than the one shown (arriving late) is
 * ignored; while keys come faster than answers, each answer that comes is shown, so the results
 * follow the typing instead of waiting for its end. When the index changes (an event read,
 * saved or wiped), the same query is asked again. `active`: the popup is open; the events list
 * is asked only then. Returns the account's events by id, null while the list is not known.
 */
export function useParticipantSearch(
  query: string,
  active: boolean,
  show: (found: ParticipantSearch) => void,
): ReadonlyMap<number, PartnerEvent> | null {
  const events = useQuery({ ...eventQueries.list(), enabled: active });
  const [indexVersion, setIndexVersion] = useState(0);
  const sequence = useRef(0);
  /** The sequence number of the answer shown: an older one arriving later is not shown. */
  const shownSequence = useRef(0);
  const list = events.data?.events;
  const order = useMemo(() => eventOrder(list ?? [], todayCalendarDate()), [list]);

  // Asked again when the index changes, while open (opening asks anyway).
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  });
  useEffect(
    () =>
      subscribeDeviceCopySearch(() => {
        if (activeRef.current) setIndexVersion((version) => version + 1);
      }),
    [],
  );

  useEffect(() => {
    const asked = ++sequence.current;
    if (!active || query.trim() === '') return;
    void searchDeviceCopy(query, SEARCH_LIMIT, order).then((answer) => {
      if (!answer || asked < shownSequence.current) return;
      shownSequence.current = asked;
      show({ query, answer });
    });
  }, [query, active, order, indexVersion, show]);

  const byId = useMemo(() => new Map((list ?? []).map((event) => [event.eve_id, event])), [list]);
  return list ? byId : null;
}
