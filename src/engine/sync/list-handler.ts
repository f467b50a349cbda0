import type { Handlers } from '@/engine/rpc/server';
import type { Registration } from '@/engine/api/registration-schemas';
import type { DeviceCopyEngine } from '@/engine/copy/device-copy-handler';
import type { CopyReadResult } from '@/engine/copy/device-copy-protocol';
import type { EngineDemo } from '@/engine/demo/engine-demo';
import { readStoredHistory } from '@/engine/history/history-codec';
import { openVisit, pruneHistory, reconcileFull, startHistory } from '@/engine/history/registration-history';
import { loadRegistrations, retryMissing } from '@/engine/loader/load-registrations';
import {
  learnedNumbering,
  reportOf,
  type LoadReport,
  type RegistrationsLoadProgress,
} from '@/engine/loader/load-types';
import { apiFailureOf } from './engine-fetch';
import type { EventLists, HeldList } from './event-lists';
import type { listContract } from './list-contract';
import { checkHandlers } from './list-checks';
import { ListRowsSender } from './list-rows-sender';
import type { LIST_SAVED } from './list-saved';
import { createListWork } from './list-work';

/**
 * The lists of registrations the screens show, loaded, checked, reopened and saved in the
 * engine (list-contract.ts): the loader, the history and the device copy work here, and the
 * page receives each row once, to draw it. Calls on one event's list run one after another,
 * so a call that continues a stopped load finds everything that load got, however soon it
 * comes. A save on the device runs after the answer, and is told as a notice (LIST_SAVED).
 */
export function listHandlers(
  lists: EventLists,
  copy: DeviceCopyEngine,
  demo: EngineDemo,
  notify: (topic: typeof LIST_SAVED, value: unknown) => void,
): Handlers<typeof listContract> {
  const work = createListWork(lists, copy, demo, notify);
  return {
    // Not in turn: a read blocked by another tab's database must not hold back the full load
    // the page starts when it gives up waiting; a later call on the list wins over it.
    // Another tab's save (`ifNewer`) is read before the list is taken: an older one leaves the
    // list held here, and the version the page shows, as they are.
    'list.open': async (target, { progress }) => {
      const { place, eventId } = target;
      let list = target.ifNewer ? null : work.lists.take(place, eventId);
      let run = list ? work.lists.startRun(list) : 0;
      const rows: Registration[] = [];
      // The rows go to the page as they are decrypted (it takes them while the next chunk is
      // opened), part of no version until the last message. Another tab's save waits: it may
      // not be taken.
      const sender = new ListRowsSender(progress);
      const read = await copy.readList(place, eventId, (chunk, encoded) => {
        for (const row of chunk) rows.push(row);
        if (!target.ifNewer) sender.partial(chunk, encoded);
      });
      if (read.status !== 'ok') return { kind: 'none', read };
      if (!list) {
        const held = work.lists.take(place, eventId);
        if (!isNewerThanHeld(read, held)) return { kind: 'none', read };
        list = held;
        run = work.lists.startRun(list);
      }
      if (!work.lists.isLatest(list, run)) return { kind: 'none', read };
      const asOf = read.dataAsOf;
      const history = openVisit(
        readStoredHistory(read.history) ?? startHistory(asOf),
        { dataAsOf: asOf, savedAt: read.savedAt },
        Date.now(),
      );
      const report: LoadReport = {
        pagesLoaded: 0,
        pagesFailed: [],
        pagination: null,
        serverDate: new Date(asOf),
        // Whether it came from the server's Date header or the browser's clock is not kept.
        watermarkSource: null,
        warnings: [],
      };
      work.complete(list, rows, report, history);
      sender.end(rows, list.version, null);
      return {
        kind: 'opened',
        read,
        ...work.count(list, report, history),
        dataAsOf: asOf,
        savedAt: read.savedAt,
        pageNumbering: read.pageNumbering,
      };
    },

    'list.load': (target, { progress, signal }) =>
      work.inTurn(target.eventId, async () => {
        const { place, eventId } = target;
        const list = work.lists.take(place, eventId);
        const run = work.lists.startRun(list);
        const fetchPage = work.fetchPage(target);
        const sender = new ListRowsSender(progress);
        // Asked to continue a load that ended complete meanwhile (stopped too late to stop it).
        const ended = list.lastComplete;
        if (target.resume && !list.stopped && ended?.rows === list.rows && list.report) {
          sender.end(list.rows, list.version, list.report);
          // Saved by the load that completed it.
          return { kind: 'complete', ...work.count(list, list.report, ended.history) };
        }
        const stopped = target.resume ? list.stopped : null;
        list.stopped = null;
        const options = {
          fetchPage,
          signal,
          onProgress: (snapshot: RegistrationsLoadProgress) => {
            if (snapshot.status !== 'loading' || !work.lists.isLatest(list, run)) return;
            sender.progress(
              () => snapshot.rows,
              reportOf(snapshot),
              (rows) => work.lists.setRows(list, rows),
            );
          },
        };
        let result;
        try {
          result = stopped
            ? await retryMissing(stopped, options)
            : await loadRegistrations({
                eventId,
                ...options,
                ...(target.firstPage !== null && { firstPage: target.firstPage }),
              });
        } catch (error) {
          return { kind: 'failed', error: apiFailureOf(error) };
        }
        if (!work.lists.isLatest(list, run)) return { kind: 'unknown' };
        const report = reportOf(result);
        const firstPage = learnedNumbering(report)?.firstPage ?? null;
        if (result.status !== 'complete') {
          work.lists.setRows(list, result.rows);
          list.report = report;
          list.stopped = { status: result.status, request: result.request, resume: result.resume };
          sender.end(result.rows, list.version, report);
          return {
            kind: 'stopped',
            status: result.status,
            version: list.version,
            report,
            resumable: true,
            firstPage,
          };
        }
        const at = (result.serverDate ?? new Date()).getTime();
        // A list loaded again from the start is compared with the last complete one: what
        // changed or went meanwhile is recorded, not forgotten.
        const known = list.lastComplete;
        const history = known
          ? pruneHistory(await reconcileFull(known.history, known.rows, result.rows, at), at)
          : startHistory(at);
        // Dropped while comparing (sign-out wiped the copy): nothing of it may be saved now.
        if (!work.lists.isLatest(list, run)) return { kind: 'unknown' };
        work.complete(list, result.rows, report, history);
        sender.end(result.rows, list.version, report);
        return { kind: 'complete', ...work.keep(target, list, report, history) };
      }),

    ...checkHandlers(work),

    'list.registration': ({ place, eventId, version, registrationId }) =>
      work.lists.registrationAt(place, eventId, version, registrationId),
    'list.forget': ({ eventId }) => {
      work.lists.forget(eventId);
      return true;
    },
  };
}

/**
 * Whether a list read from the copy is newer than the one the engine holds for a screen: as of a
 * later time, or as of the same time and fully checked later (a full check finishing within the
 * second of a check for changes saves a list as of the same time, the `Date` header counting
 * seconds, that knows more). A list not complete (a load under way, or stopped) is never
 * replaced from under the promoter; with no list held, any copy is newer.
 */
function isNewerThanHeld(read: CopyReadResult & { status: 'ok' }, held: HeldList): boolean {
  if (held.version === 0) return true;
  if (held.lastComplete?.rows !== held.rows) return false;
  const heldAsOf = held.report?.serverDate?.getTime() ?? 0;
  if (read.dataAsOf !== heldAsOf) return read.dataAsOf > heldAsOf;
  return (readStoredHistory(read.history)?.fullCheckAt ?? 0) > (held.history?.fullCheckAt ?? 0);
}
