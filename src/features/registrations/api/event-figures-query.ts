import { queryOptions, useQueries, type QueryClient } from '@tanstack/react-query';
import { readEventFiguresCopy, saveEventFiguresCopy } from '@/engine/copy/device-copy';
import { parseEventFigures, sameFigures, type EventFigures } from '@/engine/figures/event-figures';

/** Apart from the registrations' key: the events list reads figures, never the rows. */
export const eventFiguresKey = (eventId: number) => ['event-figures', eventId] as const;

/**
 * An event's figures for the events list: null while this device has never had the event's
 * whole list (the list says "not counted yet", never 0). Read once per session from the
 * device copy; every complete list of the event then writes them (publishEventFigures).
 */
export function eventFiguresQuery(eventId: number) {
  return queryOptions({
    queryKey: eventFiguresKey(eventId),
    queryFn: async (): Promise<EventFigures | null> =>
      parseEventFigures((await readEventFiguresCopy(eventId))?.value ?? null),
    staleTime: Infinity,
    // Offline too: it only reads the device.
    networkMode: 'always',
  });
}

/**
 * Shows the figures of an event's complete list at once, and keeps them on the device if they
 * changed. Figures without a count of findings (a screen's list is counted, not scanned) keep
 * the count known: the event page's scan brings the new one (publishFindingCount).
 */
export function publishEventFigures(client: QueryClient, eventId: number, counted: EventFigures): void {
  const known = client.getQueryData<EventFigures | null>(eventFiguresKey(eventId));
  const figures = counted.findings === null && known ? { ...counted, findings: known.findings } : counted;
  if (known && sameFigures(known, figures)) return;
  client.setQueryData(eventFiguresKey(eventId), figures);
  void saveEventFiguresCopy(eventId, figures);
}

/** The count of the data doctor's open findings the event page's scan gave, onto the event's figures. */
export function publishFindingCount(client: QueryClient, eventId: number, findings: number): void {
  const known = client.getQueryData<EventFigures | null>(eventFiguresKey(eventId));
  // Figures not counted yet: the count comes with them.
  if (!known || known.findings === findings || findings > known.total) return;
  const figures = { ...known, findings };
  client.setQueryData(eventFiguresKey(eventId), figures);
  void saveEventFiguresCopy(eventId, figures);
}

/**
 * The figures of several events, in the same order: undefined while being read from the
 * device, null when the device has none.
 */
export function useEventsFigures(eventIds: readonly number[]): readonly (EventFigures | null | undefined)[] {
  return useQueries({
    queries: eventIds.map((eventId) => eventFiguresQuery(eventId)),
    combine: (results) => results.map((result) => result.data),
  });
}
