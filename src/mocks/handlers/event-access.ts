import { http, type HttpHandler } from 'msw';
import type { DemoDataset } from '../data/dataset';
import type { EventRecord } from '../data/event-records';
import type { PromoterId } from '../data/demo-keys';
import { beginRequest, type HandlerContext } from './context';
import { errorResponse, notFound } from './respond';

/**
 * The event named by the path, if this promoter owns it; otherwise the answer to send.
 * A malformed id ('abc', '01', '-3') is a 404 like an unknown id: such a URL names nothing.
 * With forbiddenStatus 404, another promoter's event gets exactly the unknown-event body,
 * so a key cannot probe which ids exist.
 */
export function resolveOwnedEvent(
  rawId: string | undefined,
  promoter: PromoterId,
  dataset: DemoDataset,
  forbiddenStatus: 403 | 404,
): EventRecord | Response {
  const unknown = () => notFound(`Event ${String(rawId)} not found.`);
  if (rawId === undefined || !/^[1-9]\d{0,14}$/.test(rawId)) return unknown();
  const record = dataset.findEvent(Number(rawId));
  if (!record) return unknown();
  if (record.spec.promoter !== promoter) {
    return forbiddenStatus === 403
      ? errorResponse(403, 'forbidden', `Event ${rawId} belongs to another promoter.`)
      : unknown();
  }
  return record;
}

/**
 * A GET handler for a path under one event: latency, the key check and the ownership check
 * come first, so each resource handler only says what it answers for an event it may see.
 */
export function ownedEventHandler(
  context: HandlerContext,
  apiPath: string,
  answer: (record: EventRecord, request: Request, dataset: DemoDataset) => Response,
): HttpHandler {
  return http.get<{ eventId: string }>(context.path(apiPath), async ({ request, params }) => {
    const promoter = await beginRequest(context, request);
    if (promoter instanceof Response) return promoter;
    const dataset = context.dataset();
    const record = resolveOwnedEvent(params.eventId, promoter, dataset, context.options.forbiddenStatus);
    if (record instanceof Response) return record;
    return answer(record, request, dataset);
  });
}
