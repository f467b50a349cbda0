import { queryOptions, type Query, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { subscribeSession } from '@/lib/session';
import { onRegistrationsRemoved } from './registrations-cache';
import { ApiError } from '@/lib/api-error';
import { apiPaths } from '@/lib/api-paths';
import { theEngine } from '@/engine/engine';
import { parseEventFigures, type EventFigures } from '@/engine/figures/event-figures';
import { readStoredHistory } from '@/engine/history/history-codec';
import { NOTHING_SEEN } from '@/engine/loader/load-types';
import { publishEventFigures } from './event-figures-query';
import { answered, failureOf, listTarget, rememberNumbering } from './list-calls';
import { registrationsKey } from './registrations-key';
import { countedFigures, reopenFromCopy } from './registrations-copy';
import type { RegistrationsData } from './registrations-data';
import { ListReceiver } from './registrations-progress';
import {
  fullCheckDue,
  ListNotHeld,
  refreshRegistrations,
  verifyRegistrations,
  type Checked,
} from './registrations-refresh';

/**
 * How long an event's list stays in memory once no screen shows it. A 100,000-row list costs
 * tens of MB and minutes of requests: kept 15 minutes, going from the table to another event
 * and back, or away for a coffee, shows it at once (and a stopped load resumes where it was)
 * without asking the server again; but a promoter who looks through many events in one
 * sitting does not keep every list in memory for the whole session.
 */
const GC_TIME_MS = 15 * 60 * 1000;

type RegistrationsKey = ReturnType<typeof registrationsKey>;

/**
 * Every registration of an event as one React Query query, filled page by page through the
 * cache while the loader runs. One query function continues from what the previous run ended
 * with (or, the first time, from nothing):
 * - nothing yet: a full load;
 * - a stopped or incomplete load: only the missing pages ("Resume", "Retry missing pages");
 * - a complete load: only what changed since (`updated_since`), merged by id ("Check for changes").
 * The first run of a query that starts from nothing first looks for the event's encrypted copy
 * on the device: when there is one, its rows show at once (complete, as of when it was saved)
 * and the run continues as a check for changes, never a full download first. A check for
 * changes is followed by a full check in the background (verifyRegistrations) when the last
 * full download is a day old or the promoter asks, the rows staying on screen. Every complete
 * load and every successful check saves the copy and the list's history, in the background.
 * So `refetch()` is every "continue" button, `resetQueries` is "reload everything", and
 * `cancelQueries` is "stop". Leaving the screen stops a running load (React Query aborts a
 * query whose last observer left) and coming back resumes it, however soon. Sign-out's
 * `clear()` drops it. The screens use it through `useRegistrationsLoad`.
 */
export function registrationsQuery(eventId: number) {
  return queryOptions({
    queryKey: registrationsKey(eventId),
    queryFn: (context) => fillRegistrations(eventId, context),
    // The data changes only when the promoter asks ("Check for changes"), never behind their back.
    staleTime: Infinity,
    gcTime: GC_TIME_MS,
    // A load stopped by leaving the screen resumes when the screen comes back.
    refetchOnMount: (query) => (wasInterrupted(query.state.data) ? 'always' : false),
    // The loader retries each page itself (lib/retry-policy); a failed first page is final.
    retry: false,
    // Comparing 100,000 rows with the previous snapshot on every write would cost more than it saves.
    structuralSharing: false,
    // Runs offline too (React Query would pause it): the first run reads the copy on this device.
    networkMode: 'always',
  });
}

/**
 * Stopped, or still showing a run's progress with no run going: that run was aborted (the
 * screen left) and may not have written its end yet. Either way the next run continues from
 * where it ended: it waits for it (see fillRegistrations).
 */
const wasInterrupted = (data: RegistrationsData | undefined) =>
  data?.phase === 'cancelled' || data?.phase === 'loading';

/** One run of the query function. */
interface Run {
  /** What this run last wrote, or found when it started: anything else there means a reset replaced it. */
  wrote: RegistrationsData | undefined;
  /** Settles with what the run ended with, written or not; undefined when it failed. */
  ended: Promise<RegistrationsData | undefined>;
}

/** The latest run of each query: the only one allowed to write, and what the next run continues from. */
const latestRun = new WeakMap<Query<RegistrationsData>, Run>();

/**
 * The queries whose first run looked for a device copy already. Only the first run does: a
 * reset ("reload everything") empties the data too, and must load from the server.
 */
const copyLooked = new WeakSet<Query<RegistrationsData>>();

/**
 * The query caches whose dropped lists the engine drops too (sign-out's `clear()`, a reset,
 * garbage collection): it holds each list a screen showed, and nothing should outlive the
 * page's own.
 */
const followedCaches = new WeakSet<QueryClient>();

function engineForgetsWith(client: QueryClient): void {
  if (followedCaches.has(client)) return;
  followedCaches.add(client);
  onRegistrationsRemoved(client, (eventId) => forgetInEngine(eventId));
}

const forgetInEngine = (eventId: number | null) =>
  void theEngine()
    .call('list.forget', { eventId })
    .catch(() => undefined);

// Another session (or none): the engine keeps no list of the last one.
subscribeSession(() => forgetInEngine(null));

/** The events whose next run must download the whole list again ("Verify the whole list"). */
const fullCheckAsked = new Set<number>();

/**
 * Asks the event's next run to download the whole list again and compare it with the rows
 * shown, which stay meanwhile: the only way to find registrations deleted on the server.
 */
export function askFullCheck(eventId: number): void {
  fullCheckAsked.add(eventId);
}

async function fillRegistrations(
  eventId: number,
  { client, queryKey, signal }: QueryFunctionContext<RegistrationsKey>,
): Promise<RegistrationsData> {
  engineForgetsWith(client);
  const cache = client.getQueryCache();
  const query = cache.find<RegistrationsData>({ queryKey, exact: true });
  const found = query?.state.data;
  const before = query && latestRun.get(query);
  let end!: (data: RegistrationsData | undefined) => void;
  const run: Run = { wrote: found, ended: new Promise((resolve) => (end = resolve)) };
  if (query) latestRun.set(query, run);

  // Only the latest run writes, and only over what it wrote itself: a newer run, a reset (which
  // empties the data) or sign-out's `clear()` (which drops the query) silences it for good. A run
  // stopped before it showed anything has nothing to say (and after a reset must not say it).
  const write = (data: RegistrationsData): boolean => {
    if (!query || latestRun.get(query) !== run || cache.find({ queryKey, exact: true }) !== query)
      return false;
    if (query.state.data !== run.wrote || (run.wrote === undefined && signal.aborted)) return false;
    client.setQueryData(queryKey, data);
    run.wrote = query.state.data;
    return true;
  };
  /**
   * The figures of a complete list the cache shows now (the engine counted them): the same
   * rows, whatever was written beside them since (a check for changes started, or offline).
   */
  const publish = ({ data, figures }: { data: RegistrationsData; figures: EventFigures | null }) => {
    const counted = figures && parseEventFigures(figures);
    const shown = query?.state.data;
    const same = shown === data || (data.version !== null && shown?.version === data.version);
    if (counted && same) publishEventFigures(client, eventId, counted);
    return data;
  };

  try {
    // The previous run, if the cache still holds what it wrote (no reset since), may still be
    // finishing: it was aborted when the screen left or "Stop" was pressed. Continue from what
    // it ends with, never from a progress snapshot, so the rows never shrink (the engine keeps
    // the stopped load, and continues it once its last pages settled). Always yields once: a
    // run that React's StrictMode aborts right after starting it has sent no request yet.
    const inherited = await (before && found === before.wrote ? before.ended : undefined);
    let previous = inherited ?? found;
    if (previous === undefined && query && !copyLooked.has(query)) {
      copyLooked.add(query);
      const reopened = await reopenFromCopy(eventId);
      if (reopened) {
        previous = reopened;
        // Counted once the engine holds the rows too, while the screen draws them.
        const { version } = reopened;
        if (write(reopened) && version !== null)
          void countedFigures(eventId, version).then((figures) => publish({ data: reopened, figures }));
      }
    }
    const fullCheck = fullCheckAsked.delete(eventId);
    let data: RegistrationsData;
    if (previous?.phase === 'complete' && previous.report.serverDate) {
      try {
        // A full check brings every change too: no check for changes before it.
        let checked: Checked = fullCheck
          ? { data: previous, figures: null }
          : await refreshRegistrations(eventId, previous, signal, write);
        publish(checked);
        if (fullCheck || fullCheckDue(checked.data)) {
          checked = await verifyRegistrations(eventId, checked.data, signal, write);
          publish(checked);
        }
        data = checked.data;
      } catch (error) {
        // The engine no longer holds the list shown (it restarted): loaded again from the server.
        if (!(error instanceof ListNotHeld)) throw error;
        data = publish(
          await loadOrResume(eventId, { ...previous, resumable: false }, signal, write, () => true),
        );
      }
    } else {
      // Progress is for screens: a load no screen shows writes only now and then.
      const shown = () => (query?.getObserversCount() ?? 0) > 0;
      data = publish(await loadOrResume(eventId, previous, signal, write, shown));
    }
    end(data);
    return data;
  } catch (error) {
    end(undefined);
    throw error;
  }
}

/**
 * Loads the whole list in the engine, or continues the stopped load it kept (`resumable`): the
 * rows come as the pages do, and are written to the cache as they come (ListReceiver).
 * Stopping (the signal) keeps the rows received so far: the next run continues.
 */
async function loadOrResume(
  eventId: number,
  previous: RegistrationsData | undefined,
  signal: AbortSignal,
  write: (data: RegistrationsData) => boolean,
  shown: () => boolean,
): Promise<{ data: RegistrationsData; figures: EventFigures | null }> {
  const target = listTarget(eventId);
  if (!target) throw new ApiError({ kind: 'unauthorized', endpoint: apiPaths.registrations(eventId) });
  const receiver = new ListReceiver(previous, write, shown);
  const ended = (data: RegistrationsData, figures: EventFigures | null = null) => {
    write(data);
    return { data, figures };
  };
  const stopped = (): RegistrationsData => {
    const { rows, version, report } = receiver.snapshot();
    const kept =
      rows.length > 0 || !previous ? { rows, version } : { rows: previous.rows, version: previous.version };
    return {
      phase: 'cancelled',
      ...kept,
      report: report ?? previous?.report ?? NOTHING_SEEN,
      loadedAt: previous?.loadedAt ?? null,
      refresh: null,
      history: null,
      resumable: true,
    };
  };
  let answer;
  try {
    answer = await theEngine().call(
      'list.load',
      { ...target, resume: previous?.resumable === true },
      { signal, onProgress: receiver.take },
    );
  } catch (error) {
    receiver.stop();
    if (!signal.aborted) throw error;
    return ended(stopped());
  } finally {
    receiver.stop();
  }
  if (answer.kind === 'failed') throw failureOf(answer.error);
  // The list was dropped meanwhile (sign-out) or another call took it over.
  if (answer.kind === 'unknown') return ended(stopped());
  answered();
  rememberNumbering(answer.firstPage);
  const { rows, version } = receiver.snapshot();
  if (version !== answer.version) throw new Error('The registrations did not all arrive from the engine');
  if (answer.kind === 'stopped')
    return ended({
      phase: answer.status,
      rows,
      report: answer.report,
      loadedAt: previous?.loadedAt ?? null,
      refresh: null,
      history: null,
      resumable: answer.resumable,
      version,
    });
  const history = readStoredHistory(answer.history);
  return ended(
    {
      phase: 'complete',
      rows,
      report: answer.report,
      loadedAt: new Date(),
      refresh: null,
      history,
      resumable: false,
      version,
    },
    answer.figures,
  );
}
