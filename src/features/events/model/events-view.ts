import { parseCalendarDate } from '@/lib/dates';

/**
 * The events screen's view state lives in the URL so a link, a reload or the back button
 * restores the exact view. Dates go to the API; search and sort are applied in the browser.
 */
export type EventSort = 'date' | 'name';

export interface EventsView {
  /** API `start_date`: events starting from this day. */
  from: string;
  /** API `end_date`. */
  to: string;
  /** API `updated_since`. */
  updatedSince: string;
  /** Client-side search over name and place. */
  q: string;
  sort: EventSort;
}

export const DEFAULT_EVENTS_VIEW: EventsView = { from: '', to: '', updatedSince: '', q: '', sort: 'date' };

const PARAM = { from: 'from', to: 'to', updatedSince: 'updated', q: 'q', sort: 'sort' } as const;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real day written YYYY-MM-DD, else '' (the API refuses `2026-02-30` with a 400). */
function dateParam(params: URLSearchParams, name: string): string {
  const value = params.get(name) ?? '';
  return CALENDAR_DATE.test(value) && parseCalendarDate(value) ? value : '';
}

/**
 * Never throws, whatever the link holds: a value that cannot be read is dropped (the default
 * stays) and the other parameters are kept. A repeated parameter counts with its first value.
 */
export function readEventsView(params: URLSearchParams): EventsView {
  return {
    from: dateParam(params, PARAM.from),
    to: dateParam(params, PARAM.to),
    updatedSince: dateParam(params, PARAM.updatedSince),
    q: params.get(PARAM.q) ?? '',
    sort: params.get(PARAM.sort) === 'name' ? 'name' : 'date',
  };
}

/** Only what differs from the default is written, so plain links stay plain. */
export function writeEventsView(view: EventsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.from) params.set(PARAM.from, view.from);
  if (view.to) params.set(PARAM.to, view.to);
  if (view.updatedSince) params.set(PARAM.updatedSince, view.updatedSince);
  if (view.q) params.set(PARAM.q, view.q);
  if (view.sort !== 'date') params.set(PARAM.sort, view.sort);
  return params;
}

export function hasApiFilters(view: EventsView): boolean {
  return Boolean(view.from || view.to || view.updatedSince);
}

export function hasAnyFilter(view: EventsView): boolean {
  return hasApiFilters(view) || view.q.trim() !== '';
}

/** The API parameters for this view (document 4.1), nothing when a filter is empty. */
export function eventsApiParams(view: EventsView) {
  return {
    ...(view.from && { start_date: view.from }),
    ...(view.to && { end_date: view.to }),
    ...(view.updatedSince && { updated_since: view.updatedSince }),
  };
}
