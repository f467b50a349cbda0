/**
 * The first part of every events query key, and the list's filters: what the queries
 * (queries.ts) and their requests (event-requests.ts) share, apart from both.
 */
export const EVENTS = 'events';

/** Filters of GET /v1/events, sent as the API names them (document 4.1). */
export interface EventListParams {
  start_date?: string | undefined;
  end_date?: string | undefined;
  updated_since?: string | undefined;
}
