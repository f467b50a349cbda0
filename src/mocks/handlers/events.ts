import { http, type HttpHandler } from 'msw';
import { beginRequest, type HandlerContext } from './context';
import { parseDateParam, parseUpdatedSince } from './query-params';
import { jsonResponse } from './respond';
import { parseIsoDate } from '../data/dates';

/**
 * GET /v1/events -> { events, total }. The document leaves the filters' exact meaning open;
 * this mock picks: start_date and end_date both bound the event's START date, inclusively
 * (start_date <= eve_date_debut <= end_date); updated_since keeps updated_at strictly after
 * the given instant. total = number of events in this response (there is no paging here).
 */
export function eventsHandler(context: HandlerContext): HttpHandler {
  return http.get(context.path('/v1/events'), async ({ request }) => {
    const promoter = await beginRequest(context, request);
    if (promoter instanceof Response) return promoter;

    const url = new URL(request.url);
    const startDate = parseDateParam(url, 'start_date');
    if (startDate instanceof Response) return startDate;
    const endDate = parseDateParam(url, 'end_date');
    if (endDate instanceof Response) return endDate;
    const updatedSince = parseUpdatedSince(url);
    if (updatedSince instanceof Response) return updatedSince;

    const events = context
      .dataset()
      .eventsOf(promoter)
      .map((record) => record.event)
      .filter((event) => {
        const start = parseIsoDate(event.eve_date_debut) ?? 0;
        if (startDate !== null && start < startDate) return false;
        if (endDate !== null && start > endDate) return false;
        return updatedSince === null || event.updated_at > updatedSince;
      });
    return jsonResponse({ events, total: events.length });
  });
}
