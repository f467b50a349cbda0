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
import type { EventListParams } from './event-keys';

/*
 * What the event queries (queries.ts) run: the API's answer checked against its schema, or the
 * copy kept on this device without a network (lib/offline). Loaded when a query first runs, so
 * the schemas are not on the app's start-up script.
 */

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

/** GET /v1/events, or the kept list filtered like the API would. */
export const fetchEventList = (params: EventListParams, signal: AbortSignal) =>
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
  );

/** GET /v1/events/{id}, or the event as the kept list has it. */
export const fetchEvent = (eventId: number, signal: AbortSignal) =>
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
  );

/** GET /v1/events/{id}/categories, or the event's kept categories. */
export const fetchCategories = (eventId: number, signal: AbortSignal) =>
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
  );

const keptCategoriesSchema = z.array(categorySchema);
