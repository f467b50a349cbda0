import type { HttpHandler } from 'msw';
import type { HandlerContext } from './context';
import { ownedEventHandler } from './event-access';
import { jsonResponse } from './respond';

/** GET /v1/events/:eventId -> { event }, with its embedded category summaries. */
export function eventDetailHandler(context: HandlerContext): HttpHandler {
  return ownedEventHandler(context, '/v1/events/:eventId', (record) => jsonResponse({ event: record.event }));
}
