import { http, type HttpHandler } from 'msw';
import { beginRequest, type HandlerContext } from './context';
import { resolveOwnedEvent } from './event-access';
import { jsonResponse } from './respond';

/** GET /v1/events/:eventId/categories -> { event_id, categories } (with type names). */
export function categoriesHandler(context: HandlerContext): HttpHandler {
  return http.get<{ eventId: string }>(
    context.path('/v1/events/:eventId/categories'),
    async ({ request, params }) => {
      const promoter = await beginRequest(context, request);
      if (promoter instanceof Response) return promoter;
      const dataset = context.dataset();
      const { options } = context;
      const record = resolveOwnedEvent(params.eventId, promoter, dataset, options.forbiddenStatus);
      if (record instanceof Response) return record;
      return jsonResponse({ event_id: record.spec.id, categories: record.categories });
    },
  );
}
