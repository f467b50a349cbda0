import type { Handlers } from '@/engine/rpc/server';
import type { Registration } from '@/engine/api/registration-schemas';
import type { DeviceCopyEngine } from '@/engine/copy/device-copy-handler';
import type { EngineDemo } from '@/engine/demo/engine-demo';
import { eventFigures } from '@/engine/figures/count-event-figures';
import { readStoredHistory, storeHistory } from '@/engine/history/history-codec';
import {
  openVisit,
  pruneHistory,
  reconcileFull,
  recordChanges,
  startHistory,
  type RegistrationHistory,
} from '@/engine/history/registration-history';
import { loadChanges, mergeChanges } from '@/engine/loader/load-changes';
import { loadRegistrations, retryMissing } from '@/engine/loader/load-registrations';
import {
  learnedNumbering,
  reportOf,
  type LoadReport,
  type RegistrationsLoadProgress,
} from '@/engine/loader/load-types';
import { apiFailureOf, engineFetchPage } from './engine-fetch';
import type { EventLists, HeldList } from './event-lists';
import type { ListKept, ListTarget, listContract } from './list-contract';
import { ListRowsSender } from './list-rows-sender';
import { LIST_SAVED } from './list-saved';

/** A verification tells how far its download is at most this often. */
const COUNT_INTERVAL_MS = 300;

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
  /** The calls on each event's list, chained. */
  const queues = new Map<number, Promise<unknown>>();
  const inTurn = <T>(eventId: number, work: () => Promise<T>): Promise<T> => {
    const run = (queues.get(eventId) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    queues.set(eventId, settled);
    void settled.then(() => {
      if (queues.get(eventId) === settled) queues.delete(eventId);
    });
    return run;
  };

  /**
   * Counts the list, saves it on the device after the answer, and says what it is. Called in
   * the same task as the check that the list is still held: a wipe (sign-out) drops the lists
   * first, so nothing is saved after it.
   */
  const keep = (
    target: ListTarget,
    list: HeldList,
    report: LoadReport,
    history: RegistrationHistory,
  ): Omit<ListKept, 'saved'> => {
    const numbering = learnedNumbering(report);
    const stored = storeHistory(history);
    const asOf = report.serverDate;
    if (target.keep && asOf) {
      const dataAsOf = asOf.getTime();
      void copy
        .saveList(target.place, target.eventId, list.rows, dataAsOf, {
          history: stored,
          pageNumbering: numbering ?? undefined,
        })
        .then((result) => notify(LIST_SAVED, { eventId: target.eventId, dataAsOf, result }));
    }
    return {
      version: list.version,
      report,
      history: stored,
      figures: eventFigures(list.rows, history, asOf),
      firstPage: numbering?.firstPage ?? null,
    };
  };

  const complete = (
    list: HeldList,
    rows: readonly Registration[],
    report: LoadReport,
    history: RegistrationHistory,
  ) => {
    lists.setRows(list, rows);
    list.report = report;
    list.history = history;
    list.stopped = null;
    list.lastComplete = { rows, history };
  };

  return {
    // Not in turn: a read blocked by another tab's database must not hold back the full load
    // the page starts when it gives up waiting; a later call on the list wins over it.
    'list.open': async (target, { progress }) => {
      const { place, eventId } = target;
      const list = lists.take(place, eventId);
      const run = lists.startRun(list);
      const rows: Registration[] = [];
      const read = await copy.readList(place, eventId, (slice) => {
        for (const row of slice) rows.push(row);
      });
      if (read.status !== 'ok' || !lists.isLatest(list, run)) return { kind: 'none', read };
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
      complete(list, rows, report, history);
      new ListRowsSender(progress).end(rows, list.version, null);
      return {
        kind: 'opened',
        read,
        version: list.version,
        history: storeHistory(history),
        figures: eventFigures(rows, history, report.serverDate),
        dataAsOf: asOf,
        savedAt: read.savedAt,
        pageNumbering: read.pageNumbering,
      };
    },

    'list.load': (target, { progress, signal }) =>
      inTurn(target.eventId, async () => {
        const { place, eventId } = target;
        const list = lists.take(place, eventId);
        const run = lists.startRun(list);
        const fetchPage = engineFetchPage(place, target.demo, eventId, demo);
        const sender = new ListRowsSender(progress);
        // Asked to continue a load that ended complete meanwhile (stopped too late to stop it).
        const ended = list.lastComplete;
        if (target.resume && !list.stopped && ended?.rows === list.rows && list.report) {
          sender.end(list.rows, list.version, list.report);
          return {
            kind: 'complete',
            version: list.version,
            report: list.report,
            history: storeHistory(ended.history),
            figures: eventFigures(list.rows, ended.history, list.report.serverDate),
            saved: null,
            firstPage: learnedNumbering(list.report)?.firstPage ?? null,
          };
        }
        const stopped = target.resume ? list.stopped : null;
        list.stopped = null;
        const options = {
          fetchPage,
          signal,
          onProgress: (snapshot: RegistrationsLoadProgress) => {
            if (snapshot.status !== 'loading' || !lists.isLatest(list, run)) return;
            sender.progress(
              () => snapshot.rows,
              reportOf(snapshot),
              (rows) => lists.setRows(list, rows),
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
        if (!lists.isLatest(list, run)) return { kind: 'unknown' };
        const report = reportOf(result);
        const firstPage = learnedNumbering(report)?.firstPage ?? null;
        if (result.status !== 'complete') {
          lists.setRows(list, result.rows);
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
        if (!lists.isLatest(list, run)) return { kind: 'unknown' };
        complete(list, result.rows, report, history);
        sender.end(result.rows, list.version, report);
        return { kind: 'complete', ...keep(target, list, report, history), saved: null };
      }),

    'list.changes': (target, { signal }) =>
      inTurn(target.eventId, async () => {
        const { place, eventId } = target;
        const list = lists.at(place, eventId, target.version);
        const since = list?.report?.serverDate;
        if (!list || !since || !list.history) return { kind: 'unknown' };
        const run = lists.startRun(list);
        let result;
        try {
          result = await loadChanges({
            eventId,
            since,
            signal,
            fetchPage: engineFetchPage(place, target.demo, eventId, demo),
            ...(target.firstPage !== null && { firstPage: target.firstPage }),
          });
        } catch (error) {
          return { kind: 'failed', error: apiFailureOf(error) };
        }
        if (result.status !== 'complete') return { kind: 'stopped', status: result.status };
        if (!lists.isLatest(list, run)) return { kind: 'stopped', status: 'cancelled' };
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
          replaced.push(merged.rows[i]!);
        }
        complete(list, merged.rows, report, history);
        return {
          kind: 'changed',
          changed: merged.changed,
          added: merged.added,
          replacedAt,
          replaced,
          appended: merged.rows.slice(before.length),
          ...keep(target, list, report, history),
          saved: null,
        };
      }),

    'list.verify': (target, { progress, signal }) =>
      inTurn(target.eventId, async () => {
        const { place, eventId } = target;
        const list = lists.at(place, eventId, target.version);
        if (!list?.report) return { kind: 'unknown' };
        const run = lists.startRun(list);
        let last = Number.NEGATIVE_INFINITY;
        let result;
        try {
          result = await loadRegistrations({
            eventId,
            signal,
            fetchPage: engineFetchPage(place, target.demo, eventId, demo),
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
        if (!lists.isLatest(list, run)) return { kind: 'stopped', status: 'cancelled' };
        const at = (result.serverDate ?? new Date()).getTime();
        const before = list.history ?? startHistory(list.report.serverDate?.getTime() ?? at);
        const compared = await reconcileFull(before, list.rows, result.rows, at);
        if (!lists.isLatest(list, run)) return { kind: 'stopped', status: 'cancelled' };
        const history = pruneHistory(compared, at);
        const report: LoadReport = {
          ...reportOf(result),
          serverDate: result.serverDate ?? list.report.serverDate,
        };
        complete(list, result.rows, report, history);
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
          ...keep(target, list, report, history),
          saved: null,
        };
      }),

    'list.forget': ({ eventId }) => {
      lists.forget(eventId);
      return true;
    },
  };
}
