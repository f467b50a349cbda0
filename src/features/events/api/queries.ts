import { queryOptions } from '@tanstack/react-query';
import { EVENTS } from './event-keys';
import { z } from '@/lib/zod';
import { apiGet } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import {
  readCategoriesCopy,
  readEventsCopy,
  saveCategoriesCopy,
  saveEventsCopy,
} from '@/engine/copy/device-copy';
import { fromApiOrCopy } from '@/lib/offline';
import {
  categoryListResponseSchema,
  categorySchema,
  eventDetailResponseSchema,
  eventListResponseSchema,
  type PartnerEvent,
} from '@/engine/api/event-schemas';

/** Filters of GET /v1/events, sent as the API names them (document 4.1). */
export interface EventListParams {
  start_date?: string | undefined;
  end_date?: string | undefined;
  updated_since?: string | undefined;
}

type EventList = z.output<typeof eventListResponseSchema>;

const isUnfiltered = (params: EventListParams) =>
  !params.start_date && !params.end_date && !params.updated_since;

/**
 * The events list kept on this device (the last unfiltered answer), checked again like an
 * answer of the API: a copy from an older version of the app that no longer fits is not shown.
 */
async function keptEvents(): Promise<{ value: EventList; savedAt: Date } | null> {
  const kept = await readEventsCopy();
  const parsed = kept && eventListResponseSchema.safeParse(kept.value);
  return kept && parsed?.success ? { value: parsed.data, savedAt: kept.savedAt } : null;
}

/**
 * The API's date filters applied to the kept list, offline (the day of `eve_date_debut`).
 * `updated_since` cannot be answered from the copy: every kept event is shown.
 */
function filterKept(list: EventList, params: EventListParams): EventList {
  const day = (event: PartnerEvent) => event.eve_date_debut?.slice(0, 10) ?? '';
  const events = list.events.filter(
    (event) =>
      (!params.start_date || day(event) >= params.start_date) &&
      (!params.end_date || day(event) <= params.end_date),
  );
  return { ...list, events, total: events.length };
}

/**
 * One queryOptions factory per resource: key and fetcher together. The events list and each
 * event's categories are kept in the encrypted copy on this device; without a network the
 * screens get the copy's version (see lib/offline). The queries run whatever the browser
 * thinks of the network (`networkMode: 'always'`): offline, their function reads the copy.
 */
export const eventQueries = {
  all: () => [EVENTS] as const,
  list: (params: EventListParams = {}) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) =>
        fromApiOrCopy(
          () => apiGet(apiPaths.events(), eventListResponseSchema, { params: { ...params }, signal }),
          {
            read: async () => {
              const kept = await keptEvents();
              return kept && { ...kept, value: filterKept(kept.value, params) };
            },
            // Only the whole list is kept: a filtered answer would hide events offline.
            ...(isUnfiltered(params) && { save: (answer: EventList) => void saveEventsCopy(answer) }),
          },
          apiPaths.events(),
        ),
      networkMode: 'always',
    }),
  detail: (eventId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'detail', eventId] as const,
      queryFn: ({ signal }) =>
        fromApiOrCopy(
          async () => (await apiGet(apiPaths.event(eventId), eventDetailResponseSchema, { signal })).event,
          {
            // The list's events are the detail's shape (API document 4.1, 4.2).
            read: async () => {
              const kept = await keptEvents();
              const event = kept?.value.events.find((item) => item.eve_id === eventId);
              return kept && event ? { value: event, savedAt: kept.savedAt } : null;
            },
          },
          apiPaths.event(eventId),
        ),
      networkMode: 'always',
    }),
  categories: (eventId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'categories', eventId] as const,
      queryFn: ({ signal }) =>
        fromApiOrCopy(
          async () =>
            (await apiGet(apiPaths.categories(eventId), categoryListResponseSchema, { signal })).categories,
          {
            read: async () => {
              const kept = await readCategoriesCopy(eventId);
              const parsed = kept && keptCategoriesSchema.safeParse(kept.value);
              return kept && parsed?.success ? { value: parsed.data, savedAt: kept.savedAt } : null;
            },
            save: (categories) => void saveCategoriesCopy(eventId, categories),
          },
          apiPaths.categories(eventId),
        ),
      networkMode: 'always',
    }),
};

const keptCategoriesSchema = z.array(categorySchema);
