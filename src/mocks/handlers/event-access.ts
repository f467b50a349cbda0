import type { DemoDataset } from '../data/dataset';
import type { EventRecord } from '../data/event-records';
import type { PromoterId } from '../data/demo-keys';
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
