import { isId, isRecord } from '@/engine/rpc/contract';
import type { CopySaveResult } from '@/engine/copy/device-copy-protocol';

/** The engine's notice that it saved an event's list on the device, or could not (list-handler.ts). */
export const LIST_SAVED = 'list.saved';

export interface ListSaved {
  readonly eventId: number;
  /** The server time the saved rows are as of, ms since the epoch. */
  readonly dataAsOf: number;
  readonly result: CopySaveResult;
}

const SAVE_FAILURES: ReadonlySet<unknown> = new Set(['quota', 'failed', 'unavailable']);

/** The notice, or null. Never throws. */
export function parseListSaved(value: unknown): ListSaved | null {
  if (!isRecord(value) || !isId(value.eventId) || !Number.isSafeInteger(value.dataAsOf)) return null;
  const { result } = value;
  if (!isRecord(result)) return null;
  if (result.status === 'saved')
    return { eventId: value.eventId, dataAsOf: value.dataAsOf as number, result: { status: 'saved' } };
  if (result.status !== 'not-saved' || !SAVE_FAILURES.has(result.reason)) return null;
  return {
    eventId: value.eventId,
    dataAsOf: value.dataAsOf as number,
    result: { status: 'not-saved', reason: result.reason as 'quota' | 'failed' | 'unavailable' },
  };
}
