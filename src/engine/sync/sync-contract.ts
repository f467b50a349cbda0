import { isId, isRecord, method, type Parser } from '@/engine/rpc/contract';
import { isPlace } from '@/engine/copy/device-copy-contract';
import type { CopyPlace } from '@/engine/copy/device-copy-protocol';
import { parseEventFigures, type EventFigures } from '@/engine/figures/event-figures';

/**
 * `sync.event`: the background sync of one event, wholly in the engine (sync-handler.ts). The
 * engine loads the event's whole list, saves it in the device copy and answers its figures:
 * the rows never reach the page, which shows the events list, not the rows. Cancelling the call
 * stops the load.
 */

export interface SyncRequest {
  /** The session's key and API address (absolute), where the copy is kept too. */
  readonly place: CopyPlace;
  /** A demo session: the engine's demo answers, never the network. */
  readonly demo: boolean;
  readonly eventId: number;
  /** How this API numbers its pages, when a load learned it already. */
  readonly firstPage: 0 | 1 | null;
}

/**
 * - `complete`: the whole list was loaded and kept; its figures, and the page numbering the
 *   load learned (the page remembers it for this API);
 * - `failed`: the list could not be loaded whole: the key was refused (`unauthorized`: the
 *   session is over), no answer came (`network`), or anything else (`other`: missing pages, a
 *   404, an unreadable answer), which "Try again" retries.
 */
export type SyncOutcome =
  | { readonly kind: 'complete'; readonly figures: EventFigures; readonly firstPage: 0 | 1 | null }
  | { readonly kind: 'failed'; readonly reason: SyncFailure };

export type SyncFailure = 'unauthorized' | 'network' | 'other';

const FAILURES: ReadonlySet<unknown> = new Set<SyncFailure>(['unauthorized', 'network', 'other']);
const isFirstPage = (value: unknown): value is 0 | 1 | null => value === 0 || value === 1 || value === null;

const parseRequest: Parser<SyncRequest> = (params) => {
  if (!isRecord(params) || !isPlace(params.place) || typeof params.demo !== 'boolean') return null;
  if (!isId(params.eventId) || !isFirstPage(params.firstPage)) return null;
  const { apiKey, address } = params.place;
  return {
    value: {
      place: { apiKey, address },
      demo: params.demo,
      eventId: params.eventId,
      firstPage: params.firstPage,
    },
  };
};

const parseOutcome: Parser<SyncOutcome> = (outcome) => {
  if (!isRecord(outcome)) return null;
  if (outcome.kind === 'failed')
    return FAILURES.has(outcome.reason)
      ? { value: { kind: 'failed', reason: outcome.reason as SyncFailure } }
      : null;
  if (outcome.kind !== 'complete' || !isFirstPage(outcome.firstPage)) return null;
  const figures = parseEventFigures(outcome.figures);
  return figures ? { value: { kind: 'complete', figures, firstPage: outcome.firstPage } } : null;
};

export const syncContract = {
  'sync.event': method<SyncRequest, SyncOutcome>({ params: parseRequest, result: parseOutcome }),
};
