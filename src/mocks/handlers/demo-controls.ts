/*
 * Demo-only requests, beside the API and never under /v1 (a real Partner API has no such
 * paths): they let the demo page, browser tests and the HTTP server move the demo in time
 * without importing the mock. Both need a valid X-API-Key, like every request here.
 *
 * - POST {base}/__demo/advance?days=1[&event_id=1001...]: advanceDemoDays(days). Without
 *   event_id every event of the demo moves; with it (repeatable) only those, which must be
 *   the key's (404 otherwise). Body: the DemoAdvance summary, its `events` narrowed to the
 *   key's promoter. `days`: an integer from 1 to 366 (default 1), else 400.
 * - POST {base}/__demo/reset: resetDemoData() (every promoter's data and the clock).
 *   Body: { daysAdvanced: 0, now }.
 *
 * The answers' Date header is the demo clock after the change.
 */
import { http, type HttpHandler } from 'msw';
import { advanceDemoDays, MAX_ADVANCE_DAYS } from '../data/advance';
import { demoNow } from '../data/clock';
import { resetDemoData } from '../data/dataset';
import { beginRequest, type HandlerContext } from './context';
import { resolveOwnedEvent } from './event-access';
import { queryValue } from './query-params';
import { errorResponse, jsonResponse } from './respond';

export function demoControlHandlers(context: HandlerContext): HttpHandler[] {
  return [
    http.post(context.path('/__demo/advance'), async ({ request }) => {
      const promoter = await beginRequest(context, request);
      if (promoter instanceof Response) return promoter;
      const url = new URL(request.url);
      const rawDays = queryValue(url, 'days') ?? '1';
      const days = /^\d{1,3}$/.test(rawDays) ? Number(rawDays) : 0;
      if (days < 1 || days > MAX_ADVANCE_DAYS) {
        const message = `days must be an integer from 1 to ${MAX_ADVANCE_DAYS}.`;
        return errorResponse(400, 'invalid_parameter', message, 'days');
      }
      const dataset = context.dataset();
      const eventIds: number[] = [];
      for (const rawId of url.searchParams.getAll('event_id').filter((value) => value !== '')) {
        const { forbiddenStatus } = context.options;
        const record = resolveOwnedEvent(rawId, promoter, dataset, forbiddenStatus);
        if (record instanceof Response) return record;
        eventIds.push(record.spec.id);
      }
      const result = advanceDemoDays(days, eventIds.length > 0 ? { eventIds } : {});
      const owned = new Set(dataset.eventsOf(promoter).map((record) => record.spec.id));
      return jsonResponse({ ...result, events: result.events.filter((event) => owned.has(event.eventId)) });
    }),
    http.post(context.path('/__demo/reset'), async ({ request }) => {
      const promoter = await beginRequest(context, request);
      if (promoter instanceof Response) return promoter;
      resetDemoData();
      return jsonResponse({ daysAdvanced: 0, now: demoNow().toISOString() });
    }),
  ];
}
