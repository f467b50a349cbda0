import { queryOptions } from '@tanstack/react-query';
import { EVENTS, type EventListParams } from './event-keys';

/**
 * The requests and the schemas that check their answers (event-requests.ts), loaded by the
 * first query that runs: asked for at start-up beside the screen's code (app/screen-data.ts).
 */
export const loadEventRequests = () => import('./event-requests');

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
      queryFn: async ({ signal }) => (await loadEventRequests()).fetchEventList(params, signal),
      networkMode: 'always',
    }),
  detail: (eventId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'detail', eventId] as const,
      queryFn: async ({ signal }) => (await loadEventRequests()).fetchEvent(eventId, signal),
      networkMode: 'always',
    }),
  categories: (eventId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'categories', eventId] as const,
      queryFn: async ({ signal }) => (await loadEventRequests()).fetchCategories(eventId, signal),
      networkMode: 'always',
    }),
};
