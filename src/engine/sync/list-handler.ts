import type { Handlers } from '@/engine/rpc/server';
import type { DeviceCopyEngine } from '@/engine/copy/device-copy-handler';
import type { CopyReadResult } from '@/engine/copy/device-copy-protocol';
import type { EngineDemo } from '@/engine/demo/engine-demo';
import { eventFigures } from '@/engine/figures/count-event-figures';
import { readStoredHistory, storeHistory } from '@/engine/history/history-codec';
import {
  openVisit,
  pruneHistory,
  reconcileFull,
  startHistory,
  type RegistrationHistory,
} from '@/engine/history/registration-history';
import { loadRegistrations, retryMissing } from '@/engine/loader/load-registrations';
import {
  learnedNumbering,
  reportOf,
  type LoadReport,
  type RegistrationsLoadProgress,
} from '@/engine/loader/load-types';
import { apiFailureOf } from './engine-fetch';
import type { EventLists, HeldList } from './event-lists';
import type { listContract, OpenAnswer } from './list-contract';
import { checkHandlers } from './list-checks';
import { ListRowsSender } from './list-rows-sender';
import type { LIST_SAVED } from './list-saved';
import { createListWork } from './list-work';

/** A list found on the device. */
type ReadList = CopyReadResult & { status: 'ok' };

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
    // The page is answered once it was handed every chunk, before the engine decodes its own
    // copy of the rows (each side decodes on its own core): the calls on the list that need
    // them wait in turn (list-work.ts `arrive`), and so do the figures (`list.figures`).
    // Another tab's save (`ifNewer`) is decoded first, and taken only if newer than the list
    // held here: an older one leaves that list, and the version the page shows, as they are.
    'list.open': async (target, { progress }) => {
      const { place, eventId } = target;
      const sender = new ListRowsSender(progress);
      if (target.ifNewer) {
        const { read, rows } = await copy.readList(place, eventId, null);
        const decoded = await rows;
        if (read.status !== 'ok' || !decoded) return { kind: 'none', read };
        await work.lists.settled(eventId);
        const list = work.lists.take(place, eventId);
        if (!isNewerThanHeld(read, list)) return { kind: 'none', read };
        work.lists.startRun(list);
        const reopened = reopening(read);
        work.complete(list, decoded, reopened.report, reopened.history);
        sender.end(decoded, list.version, null);
        return openedAnswer(read, list.version, reopened);
      }
      const list = work.lists.take(place, eventId);
      const run = work.lists.startRun(list);
      // The rows go to the page as they are decrypted (it takes them while the next chunk is
      // opened), part of no version until the last message.
      const { read, rows } = await copy.readList(place, eventId, (encoded, count) =>
        sender.partial(encoded, count),
      );
      if (read.status !== 'ok' || !work.lists.isLatest(list, run)) return { kind: 'none', read };
      const reopened = reopening(read);
      const version = work.arrive(list, rows, reopened.report, reopened.history);
      sender.seal(version);
      return openedAnswer(read, version, reopened);
    },

    // The figures of a complete list (one reopened from the device is counted once its rows are in).
    'list.figures': ({ place, eventId, version }) =>
      work.inTurn(eventId, () => {
        const list = work.lists.at(place, eventId, version);
        const complete = list?.lastComplete;
        if (!list || complete?.rows !== list.rows || !list.report) return Promise.resolve(null);
        return Promise.resolve(eventFigures(list.rows, complete.history, list.report.serverDate));
      }),

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
function isNewerThanHeld(read: ReadList, held: HeldList): boolean {
  if (held.version === 0) return true;
  if (held.lastComplete?.rows !== held.rows) return false;
  const heldAsOf = held.report?.serverDate?.getTime() ?? 0;
  if (read.dataAsOf !== heldAsOf) return read.dataAsOf > heldAsOf;
  return (readStoredHistory(read.history)?.fullCheckAt ?? 0) > (held.history?.fullCheckAt ?? 0);
}

/**
 * A list read from the device as a complete load as of when it was saved, with its history:
 * reading it after a pause starts a new visit (what "since your last visit" counts from).
 */
function reopening(read: ReadList): { report: LoadReport; history: RegistrationHistory } {
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
  return { report, history };
}

function openedAnswer(
  read: ReadList,
  version: number,
  { report, history }: ReturnType<typeof reopening>,
): OpenAnswer {
  return {
    kind: 'opened',
    read,
    version,
    report,
    history: storeHistory(history),
    firstPage: learnedNumbering(report)?.firstPage ?? null,
    dataAsOf: read.dataAsOf,
    savedAt: read.savedAt,
    pageNumbering: read.pageNumbering,
  };
}
