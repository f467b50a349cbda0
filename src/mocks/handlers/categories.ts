import type { HttpHandler } from 'msw';
import type { HandlerContext } from './context';
import { ownedEventHandler } from './event-access';
import { jsonResponse } from './respond';

/** GET /v1/events/:eventId/categories -> { event_id, categories } (with type names). */
export function categoriesHandler(context: HandlerContext): HttpHandler {
  return ownedEventHandler(context, '/v1/events/:eventId/categories', (record) =>
    jsonResponse({ event_id: record.spec.id, categories: record.categories }),
  );
}
