import { http, type HttpHandler } from 'msw';
import { beginRequest, type HandlerContext } from './context';
import { resolveOwnedEvent } from './event-access';
import { jsonResponse } from './respond';

/** GET /v1/events/:eventId -> { event }, with its embedded category summaries. */
export function eventDetailHandler(context: HandlerContext): HttpHandler {
  return http.get<{ eventId: string }>(context.path('/v1/events/:eventId'), async ({ request, params }) => {
    const promoter = await beginRequest(context, request);
    if (promoter instanceof Response) return promoter;
    const dataset = context.dataset();
    const { options } = context;
    const record = resolveOwnedEvent(params.eventId, promoter, dataset, options.forbiddenStatus);
    if (record instanceof Response) return record;
    return jsonResponse({ event: record.event });
  });
}
