import { queryOptions, type Query, type QueryFunctionContext } from '@tanstack/react-query';
import { getSession } from '@/lib/session';
import { knownFirstPage, rememberFirstPage } from '@/lib/remembered-api-address';
import { loadRegistrations, retryMissing } from '@/engine/loader/load-registrations';
import { learnedNumbering } from '@/engine/loader/load-types';
import type { Registration } from '@/engine/api/registration-schemas';
import {
  pruneHistory,
  reconcileFull,
  startHistory,
  type RegistrationHistory,
} from '@/engine/history/registration-history';
import { eventFigures } from '@/engine/figures/count-event-figures';
import { publishEventFigures } from './event-figures-query';
import { registrationsKey } from './registrations-key';
import { reopenFromCopy, saveCopy } from './registrations-copy';
import { continuePoint, reportOf, resumeFrom, type RegistrationsData } from './registrations-data';
import { progressPublisher } from './registrations-progress';
import { fullCheckDue, refreshRegistrations, verifyRegistrations } from './registrations-refresh';

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
 * The last complete list of each query and its history: "Reload everything" empties the data,
 * and its full load is then compared with this list, so what it finds changed or removed is
 * recorded rather than forgotten.
 */
const lastComplete = new WeakMap<
  Query<RegistrationsData>,
  { rows: readonly Registration[]; history: RegistrationHistory }
>();

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
    if (data.phase === 'complete' && data.history) {
      lastComplete.set(query, { rows: data.rows, history: data.history });
      publishEventFigures(client, eventId, eventFigures(data.rows, data.history, data.report.serverDate));
    }
    return true;
  };

  try {
    // The previous run, if the cache still holds what it wrote (no reset since), may still be
    // finishing: it was aborted when the screen left or "Stop" was pressed, and its last pages
    // are settling. Continue from what it ends with, never from a progress snapshot, so no
    // page is fetched twice and the rows never shrink. Always yields once: a run that React's
    // StrictMode aborts right after starting it has sent no request yet.
    const inherited = await (before && found === before.wrote ? before.ended : undefined);
    let previous = inherited ?? found;
    if (previous === undefined && query && !copyLooked.has(query)) {
      copyLooked.add(query);
      previous = await reopenFromCopy(eventId);
      if (previous) write(previous);
    }
    const fullCheck = fullCheckAsked.delete(eventId);
    let data: RegistrationsData;
    if (previous?.phase === 'complete' && previous.report.serverDate) {
      // A full check brings every change too: no check for changes before it.
      data = fullCheck
        ? previous
        : await refreshRegistrations(eventId, previous, previous.report.serverDate, signal, write);
      if (fullCheck || fullCheckDue(data)) data = await verifyRegistrations(eventId, data, signal, write);
    } else {
      const known = query && lastComplete.get(query);
      // Progress is for screens: a load no screen shows (the background sync) writes only its end.
      const shown = () => (query?.getObserversCount() ?? 0) > 0;
      data = await loadOrResume(eventId, previous, known, signal, write, shown);
    }
    end(data);
    return data;
  } catch (error) {
    end(undefined);
    throw error;
  }
}

async function loadOrResume(
  eventId: number,
  previous: RegistrationsData | undefined,
  known: { rows: readonly Registration[]; history: RegistrationHistory } | undefined,
  signal: AbortSignal,
  write: (data: RegistrationsData) => boolean,
  shown: () => boolean,
): Promise<RegistrationsData> {
  const publish = progressPublisher(previous, write, shown);
  const baseUrl = getSession()?.baseUrl;
  const options = { signal, onProgress: publish.progress };
  const resumable = previous?.continueFrom ? resumeFrom(previous.rows, previous.continueFrom) : null;
  try {
    const result = resumable
      ? await retryMissing(resumable, options)
      : await loadRegistrations({
          eventId,
          ...options,
          ...(baseUrl !== undefined && { firstPage: knownFirstPage(baseUrl) }),
        });
    // No progress may land after the end (the comparison with the last list below yields).
    publish.stop();
    const numbering = learnedNumbering(result);
    if (baseUrl !== undefined && numbering) rememberFirstPage(baseUrl, numbering.firstPage);
    const at = (result.serverDate ?? new Date()).getTime();
    const history =
      result.status !== 'complete'
        ? null
        : known
          ? pruneHistory(await reconcileFull(known.history, known.rows, result.rows, at), at)
          : startHistory(at);
    const data: RegistrationsData = {
      phase: result.status,
      rows: result.rows,
      report: reportOf(result),
      loadedAt: result.status === 'complete' ? new Date() : (previous?.loadedAt ?? null),
      refresh: null,
      history,
      continueFrom: continuePoint(result),
    };
    if (write(data)) saveCopy(eventId, data);
    return data;
  } finally {
    publish.stop();
  }
}
