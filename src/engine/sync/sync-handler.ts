import { isApiError } from '@/lib/api-error';
import type { Handlers } from '@/engine/rpc/server';
import type { DeviceCopyEngine } from '@/engine/copy/device-copy-handler';
import type { EngineDemo } from '@/engine/demo/engine-demo';
import { startHistory } from '@/engine/history/registration-history';
import { loadRegistrations, retryMissing } from '@/engine/loader/load-registrations';
import { reportOf, type RegistrationsLoadResult } from '@/engine/loader/load-types';
import { engineFetchPage } from './engine-fetch';
import { keepComplete } from './list-work';
import type { LIST_SAVED } from './list-saved';
import type { SyncFailure, SyncOutcome, syncContract } from './sync-contract';
import type { Registration } from '@/engine/api/registration-schemas';
import type { CopyPlace } from '@/engine/copy/device-copy-protocol';
import { eventChecks } from '@/engine/figures/checks/event-checks';
import { countOpen, parseFineFindings } from '@/engine/figures/checks/open-findings';
import { parseEventCorrections } from '@/lib/clean-answers/clean-answers';
import { parseDismissedDuplicates } from '@/engine/figures/dismissed-groups';

/**
 * The background sync of one event (sync-contract.ts), wholly in the engine: the same loader
 * as a screen's load (pagination discovered, pages pooled and retried, 429s obeyed), then the
 * list kept as a screen's list is (list-work.ts: keepComplete), saved in the device copy with
 * the history it starts, and the figures the events list shows (with the count of the data
 * doctor's open findings, scanned here once the list is saved). Only the figures go back to
 * the page; the rows are not held once saved.
 *
 * A sync stopped before its end (paused, or a screen's load took over) keeps the pages it had
 * until the same event is synced again, which then asks only for the missing ones; syncing
 * another event, or a wipe of the copy (sign-out), forgets them.
 *
 * The engine's loads share one pace (loader/shared-pace.ts), apart from the page's: the page
 * stops the sync while a screen loads a list, so the two rarely ask at once.
 */
export interface EngineSync {
  readonly handlers: Handlers<typeof syncContract>;
  /** Forgets the pages of a stopped sync (the session is over). */
  forget(): void;
}

export function createEngineSync(
  copy: DeviceCopyEngine,
  demo: EngineDemo,
  notify: (topic: typeof LIST_SAVED, value: unknown) => void,
): EngineSync {
  /** The last stopped sync: whose it was, and what it had loaded. */
  let stopped: { readonly key: string; readonly result: RegistrationsLoadResult } | null = null;

  const handlers: Handlers<typeof syncContract> = {
    'sync.event': async ({ place, demo: isDemo, eventId, firstPage }, { signal }): Promise<SyncOutcome> => {
      const key = JSON.stringify([place.apiKey, place.address, eventId]);
      const resumable = stopped?.key === key ? stopped.result : null;
      stopped = null;
      const fetchPage = engineFetchPage(place, isDemo, eventId, demo);
      let result: RegistrationsLoadResult;
      try {
        result = resumable
          ? await retryMissing(resumable, { fetchPage, signal })
          : await loadRegistrations({ eventId, fetchPage, signal, ...(firstPage !== null && { firstPage }) });
      } catch (error) {
        return failed(failureOf(error));
      }
      if (result.status !== 'complete') {
        stopped = { key, result };
        return failed(offline() ? 'network' : 'other');
      }

      const history = startHistory((result.serverDate ?? new Date()).getTime());
      const { kept, saved } = keepComplete(
        copy,
        notify,
        { place, eventId, keep: true },
        result.rows,
        reportOf(result),
        history,
      );
      await saved;
      const figures = {
        ...kept.figures,
        findings: await openFindingCount(copy, place, eventId, result.rows),
      };
      await copy.saveRecord(place, { kind: 'event-figures', eventId }, Date.now(), figures);
      return { kind: 'complete', figures, firstPage: kept.firstPage };
    },
  };
  return {
    handlers,
    forget: () => {
      stopped = null;
    },
  };
}

const failed = (reason: SyncFailure): SyncOutcome => ({ kind: 'failed', reason });

/**
 * The events list's count of the data doctor's findings still open: the scan the event page
 * shows, with the promoter's corrections and the findings they marked fine, as kept here.
 */
async function openFindingCount(
  copy: DeviceCopyEngine,
  place: CopyPlace,
  eventId: number,
  rows: readonly Registration[],
): Promise<number> {
  const [fine, corrections, dismissed] = await Promise.all([
    copy.readRecord(place, { kind: 'fine-findings', eventId }),
    copy.readRecord(place, { kind: 'answer-corrections', eventId }),
    copy.readRecord(place, { kind: 'dismissed-duplicates', eventId }),
  ]);
  const checks = eventChecks(rows, {
    corrections: parseEventCorrections(corrections.status === 'ok' ? corrections.value : null),
    notDuplicates: parseDismissedDuplicates(dismissed.status === 'ok' ? dismissed.value : null),
  });
  return countOpen(checks, parseFineFindings(fine.status === 'ok' ? fine.value : null));
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function failureOf(error: unknown): SyncFailure {
  if (!isApiError(error)) return 'other';
  if (error.kind === 'unauthorized') return 'unauthorized';
  if (error.kind === 'network' || error.kind === 'timeout') return 'network';
  return 'other';
}
