import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { categoryListResponseSchema, eventDetailResponseSchema, eventListResponseSchema } from './schemas';

/** Filters of GET /v1/events, sent as the API names them (document 4.1). */
export interface EventListParams {
  start_date?: string | undefined;
  end_date?: string | undefined;
  updated_since?: string | undefined;
}

/** One queryOptions factory per resource: key and fetcher together. */
export const eventQueries = {
  all: () => ['events'] as const,
  list: (params: EventListParams = {}) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) =>
        apiGet(apiPaths.events(), eventListResponseSchema, { params: { ...params }, signal }),
    }),
  detail: (eventId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'detail', eventId] as const,
      queryFn: async ({ signal }) =>
        (await apiGet(apiPaths.event(eventId), eventDetailResponseSchema, { signal })).event,
    }),
  categories: (eventId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'categories', eventId] as const,
      queryFn: async ({ signal }) =>
        (await apiGet(apiPaths.categories(eventId), categoryListResponseSchema, { signal })).categories,
    }),
};
