import type { Handlers } from '@/engine/rpc/server';
import { pageRegistration } from '@/engine/api/page-registration';
import type { Registration } from '@/engine/api/registration-schemas';
import {
  pruneHistory,
  reconcileFull,
  recordChanges,
  startHistory,
} from '@/engine/history/registration-history';
import { loadChanges, mergeChanges } from '@/engine/loader/load-changes';
import { loadRegistrations } from '@/engine/loader/load-registrations';
import { reportOf, type LoadReport } from '@/engine/loader/load-types';
import { apiFailureOf } from './engine-fetch';
import type { listContract } from './list-contract';
import { ListRowsSender } from './list-rows-sender';
import type { ListWork } from './list-work';

/** A verification tells how far its download is at most this often. */
const COUNT_INTERVAL_MS = 300;

/**
 * "Check for changes" (`updated_since`, merged by id) and "Verify the whole list" (everything
 * downloaded again and compared, the only way to see deletions), on the complete list the
 * engine holds at the version the page shows (list-contract.ts).
 */
export function checkHandlers(
  work: ListWork,
): Pick<Handlers<typeof listContract>, 'list.changes' | 'list.verify'> {
  return {
    'list.changes': (target, { signal }) =>
      work.inTurn(target.eventId, async () => {
        const { place, eventId } = target;
        const list = work.lists.at(place, eventId, target.version);
        const since = list?.report?.serverDate;
        if (!list || !since || !list.history) return { kind: 'unknown' };
        const run = work.lists.startRun(list);
        let result;
        try {
          result = await loadChanges({
            eventId,
            since,
            signal,
            fetchPage: work.fetchPage(target),
            ...(target.firstPage !== null && { firstPage: target.firstPage }),
          });
        } catch (error) {
          return { kind: 'failed', error: apiFailureOf(error) };
        }
        if (result.status !== 'complete') return { kind: 'stopped', status: result.status };
        if (!work.lists.isLatest(list, run)) return { kind: 'stopped', status: 'cancelled' };
        const before = list.rows;
        const merged = mergeChanges(before, result.rows);
        const at = (result.serverDate ?? new Date()).getTime();
        const history = pruneHistory(recordChanges(list.history, before, result.rows, at), at);
        const report: LoadReport = {
          ...list.report!,
          serverDate: result.serverDate,
          watermarkSource: result.watermarkSource,
        };
        const replacedAt: number[] = [];
        const replaced: Registration[] = [];
        for (let i = 0; i < before.length; i++) {
          if (merged.rows[i] === before[i]) continue;
          replacedAt.push(i);
          replaced.push(pageRegistration(merged.rows[i]!));
        }
        work.complete(list, merged.rows, report, history);
        return {
          kind: 'changed',
          changed: merged.changed,
          added: merged.added,
          replacedAt,
          replaced,
          appended: merged.rows.slice(before.length).map(pageRegistration),
          ...work.keep(target, list, report, history),
        };
      }),

    'list.verify': (target, { progress, signal }) =>
      work.inTurn(target.eventId, async () => {
        const { place, eventId } = target;
        const list = work.lists.at(place, eventId, target.version);
        if (!list?.report) return { kind: 'unknown' };
        const run = work.lists.startRun(list);
        let last = Number.NEGATIVE_INFINITY;
        let result;
        try {
          result = await loadRegistrations({
            eventId,
            signal,
            fetchPage: work.fetchPage(target),
            ...(target.firstPage !== null && { firstPage: target.firstPage }),
            onProgress: (snapshot) => {
              if (snapshot.status !== 'loading' || performance.now() - last < COUNT_INTERVAL_MS) return;
              last = performance.now();
              progress({
                kind: 'count',
                loaded: snapshot.loaded,
                total: snapshot.pagination?.meta?.total ?? null,
              });
            },
          });
        } catch (error) {
          return { kind: 'failed', error: apiFailureOf(error) };
        }
        if (result.status !== 'complete') return { kind: 'stopped', status: result.status };
        if (!work.lists.isLatest(list, run)) return { kind: 'stopped', status: 'cancelled' };
        const at = (result.serverDate ?? new Date()).getTime();
        const before = list.history ?? startHistory(list.report.serverDate?.getTime() ?? at);
        const compared = await reconcileFull(before, list.rows, result.rows, at);
        if (!work.lists.isLatest(list, run)) return { kind: 'stopped', status: 'cancelled' };
        const history = pruneHistory(compared, at);
        const report: LoadReport = {
          ...reportOf(result),
          serverDate: result.serverDate ?? list.report.serverDate,
        };
        work.complete(list, result.rows, report, history);
        new ListRowsSender((rows) => progress({ kind: 'rows', ...rows })).end(
          result.rows,
          list.version,
          report,
        );
        return {
          kind: 'verified',
          // What the comparison recorded (before any trimming of the history, which keeps 90 days).
          added: compared.firstSeen.size - before.firstSeen.size,
          removed: compared.removed.length - before.removed.length,
          changed: compared.changes.length - before.changes.length,
          ...work.keep(target, list, report, history),
        };
      }),
  };
}
