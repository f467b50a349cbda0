import type { Registration } from '@/engine/api/registration-schemas';
import type { DeviceCopyEngine } from '@/engine/copy/device-copy-handler';
import type { EngineDemo } from '@/engine/demo/engine-demo';
import { eventFigures } from '@/engine/figures/count-event-figures';
import { storeHistory } from '@/engine/history/history-codec';
import type { RegistrationHistory } from '@/engine/history/registration-history';
import { learnedNumbering, type FetchPage, type LoadReport } from '@/engine/loader/load-types';
import { engineFetchPage } from './engine-fetch';
import type { EventLists, HeldList } from './event-lists';
import type { ListKept, ListTarget } from './list-contract';
import { LIST_SAVED } from './list-saved';

/** What the list methods share (list-handler.ts, list-checks.ts). */
export interface ListWork {
  readonly lists: EventLists;
  /** Runs `work` after the calls on the event's list before it have settled. */
  inTurn<T>(eventId: number, work: () => Promise<T>): Promise<T>;
  /** The pages of the target's event, from the API or the engine's demo. */
  fetchPage(target: ListTarget): FetchPage;
  /** The list is now complete as `rows`, with its report and history. */
  complete(
    list: HeldList,
    rows: readonly Registration[],
    report: LoadReport,
    history: RegistrationHistory,
  ): void;
  /**
   * Counts the list, saves it on the device after the answer (told as LIST_SAVED), and says
   * what it is. Call it in the same task as the check that the list is still held: a wipe
   * (sign-out) drops the lists first, so nothing is saved after it.
   */
  keep(target: ListTarget, list: HeldList, report: LoadReport, history: RegistrationHistory): ListKept;
  /** Says what the list is, as `keep` does, without saving it (it is on the device already). */
  count(list: HeldList, report: LoadReport, history: RegistrationHistory): ListKept;
  /**
   * The list is complete as `rows` will be once they are in (a list reopened from the device,
   * decoded after the page was answered): its version now, its rows, report and history in
   * turn, before any later call on the list. Rows that never come (a chunk that did not decode)
   * forget the list: the next call on it answers `unknown`, and the page loads it again.
   */
  arrive(
    list: HeldList,
    rows: Promise<readonly Registration[] | null>,
    report: LoadReport,
    history: RegistrationHistory,
  ): number;
}

export function createListWork(
  lists: EventLists,
  copy: DeviceCopyEngine,
  demo: EngineDemo,
  notify: (topic: typeof LIST_SAVED, value: unknown) => void,
): ListWork {
  /** The calls on each event's list, chained. */
  const queues = new Map<number, Promise<unknown>>();
  const inTurn: ListWork['inTurn'] = (eventId, work) => {
    const run = (queues.get(eventId) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    queues.set(eventId, settled);
    void settled.then(() => {
      if (queues.get(eventId) === settled) queues.delete(eventId);
    });
    return run;
  };
  const completed = (
    list: HeldList,
    rows: readonly Registration[],
    report: LoadReport,
    history: RegistrationHistory,
  ) => {
    list.report = report;
    list.history = history;
    list.stopped = null;
    list.lastComplete = { rows, history };
  };
  return {
    lists,
    inTurn,
    fetchPage: (target) => engineFetchPage(target.place, target.demo, target.eventId, demo),
    complete: (list, rows, report, history) => {
      lists.setRows(list, rows);
      completed(list, rows, report, history);
    },
    arrive: (list, rows, report, history) => {
      let version = 0;
      // Runs in a later microtask at the earliest: `version` is set by then.
      const arrived = inTurn(list.eventId, async () => {
        const decoded = await rows;
        if (lists.fill(list, version, decoded) && decoded) completed(list, decoded, report, history);
        return decoded;
      });
      version = lists.reserve(list, arrived);
      return version;
    },
    keep: (target, list, report, history) => ({
      version: list.version,
      ...keepComplete(copy, notify, target, list.rows, report, history).kept,
    }),
    count: (list, report, history) => ({
      version: list.version,
      ...countComplete(list.rows, report, history),
    }),
  };
}

/** What the engine answers of a complete list: its report, its history (stored form), its figures. */
export function countComplete(
  rows: readonly Registration[],
  report: LoadReport,
  history: RegistrationHistory,
): Omit<ListKept, 'version'> {
  return {
    report,
    history: storeHistory(history),
    figures: eventFigures(rows, history, report.serverDate),
    firstPage: learnedNumbering(report)?.firstPage ?? null,
  };
}

/**
 * An event's complete list as the engine keeps it, one way for a screen's list (ListWork.keep)
 * and the background sync (sync-handler.ts): counted (countComplete), and saved on the device
 * with its history and the API's page numbering, where the target may be kept and the server
 * said what time the rows are as of (without it, a copy could not be brought up to date). The
 * save is told to the page as LIST_SAVED once it landed (the page shows it, and tells the other
 * tabs); `saved` resolves then.
 */
export function keepComplete(
  copy: DeviceCopyEngine,
  notify: (topic: typeof LIST_SAVED, value: unknown) => void,
  target: Pick<ListTarget, 'place' | 'eventId' | 'keep'>,
  rows: readonly Registration[],
  report: LoadReport,
  history: RegistrationHistory,
): { kept: Omit<ListKept, 'version'>; saved: Promise<void> } {
  const kept = countComplete(rows, report, history);
  const asOf = report.serverDate;
  let saved = Promise.resolve();
  if (target.keep && asOf) {
    const dataAsOf = asOf.getTime();
    saved = copy
      .saveList(target.place, target.eventId, rows, dataAsOf, {
        history: kept.history,
        pageNumbering: learnedNumbering(report) ?? undefined,
      })
      .then((result) => notify(LIST_SAVED, { eventId: target.eventId, dataAsOf, result }));
  }
  return { kept, saved };
}
