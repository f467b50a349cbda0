import { theEngine } from '@/engine/engine';
import { placeOf } from '@/engine/copy/copy-calls';
import { isEngineError } from '@/engine/rpc/engine-error';
import { knownFirstPage, rememberFirstPage } from '@/lib/remembered-api-address';
import type { Session } from '@/lib/session';
import type { SyncOutcome } from './sync-contract';

/**
 * Syncs one event of `session` in the engine (sync-contract.ts): its list is loaded and kept on
 * the device there, and only its figures come back. The page numbering the load learned is
 * remembered for this API, as a screen's load does. Rejects with the signal's reason when
 * cancelled; an engine that could not answer is a failure "Try again" retries.
 */
export async function syncEventInEngine(
  session: Session,
  eventId: number,
  signal: AbortSignal,
): Promise<SyncOutcome> {
  let outcome: SyncOutcome;
  try {
    outcome = await theEngine().call(
      'sync.event',
      {
        place: placeOf(session),
        demo: session.demo,
        eventId,
        firstPage: knownFirstPage(session.baseUrl) ?? null,
      },
      { signal },
    );
  } catch (error) {
    if (!isEngineError(error)) throw error;
    return { kind: 'failed', reason: 'other' };
  }
  if (
    outcome.kind === 'complete' &&
    outcome.firstPage !== null &&
    knownFirstPage(session.baseUrl) === undefined
  )
    rememberFirstPage(session.baseUrl, outcome.firstPage);
  return outcome;
}
