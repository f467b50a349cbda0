import { queryOptions, type Query, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { readDeviceCopy, saveDeviceCopy } from '@/engine/copy/device-copy-client';
import { browserSaysOffline, isOffline } from '@/lib/offline';
import { getSession } from '@/lib/session';
import { knownFirstPage, rememberFirstPage } from '@/lib/remembered-api-address';
import { loadChanges, mergeChanges } from '@/engine/loader/load-changes';
import { loadRegistrations, retryMissing } from '@/engine/loader/load-registrations';
import type {
  LoadReport,
  LoadRequest,
  LoadResumePoint,
  RegistrationsLoadProgress,
  RegistrationsLoadResult,
  StoppedLoad,
} from '@/engine/loader/load-types';
import type { Registration } from '@/engine/api/registration-schemas';
import { readStoredHistory, storeHistory } from '@/engine/history/history-codec';
import { eventFigures } from './event-figures';
import { publishEventFigures } from './event-figures-query';
import { REGISTRATIONS, registrationsKey } from './registrations-key';
import {
  openVisit,
  pruneHistory,
  reconcileFull,
  recordChanges,
  startHistory,
  type RegistrationHistory,
} from '@/engine/history/registration-history';

export type RegistrationsPhase = 'loading' | 'complete' | 'incomplete' | 'cancelled';

/** The last "Check for changes" or "Verify the whole list". */
export type RefreshOutcome =
  | { phase: 'loading' }
  | { phase: 'done'; changed: number; added: number }
  /** The whole list is being downloaded again, in the background: the rows shown stay. */
  | { phase: 'verifying'; loaded: number; total: number | null }
  | { phase: 'verified'; changed: number; added: number; removed: number }
  | { phase: 'error'; error: unknown };

/**
 * What the registrations query holds. Each thing once: the rows in `rows` only; the loader's
 * report (pages, failures, pagination, warnings, watermark) without rows; and, for a stopped
 * or incomplete load, a private point to continue from that refers to `rows` rather than
 * copying them.
 */
export interface RegistrationsData {
  phase: RegistrationsPhase;
  /** Unique by registration_id, in the server's order. */
  rows: readonly Registration[];
  /** What the loader saw: pages loaded and failed, pagination, warnings, the `updated_since` watermark. */
  report: LoadReport;
  /** When the rows were last fully loaded or refreshed, by this browser's clock: what "as of" shows. */
  loadedAt: Date | null;
  refresh: RefreshOutcome | null;
  /**
   * What this device saw change in the list, sync after sync (registration-history.ts):
   * null until the list was first complete.
   */
  history: RegistrationHistory | null;
  /** Private to this module (see ContinuePoint); null unless the phase is cancelled or incomplete. */
  readonly continueFrom: ContinuePoint | null;
}

/**
 * Where "Resume" and "Retry missing pages" continue: the loader's resume point, except that
 * instead of the rows of each page (which `rows` already holds, page after page in page order)
 * it keeps how many rows each page added. The loader needs the rows per page to tell a
 * repeated row from a new one and to keep the server's order, so they are cut back out of
 * `rows` when a run continues. Opaque outside this module.
 */
interface ContinuePoint {
  readonly status: 'cancelled' | 'incomplete';
  readonly request: LoadRequest;
  /** Null when the load stopped before its first page: the next run starts afresh. */
  readonly resume:
    (Omit<LoadResumePoint, 'pages'> & { readonly pageSizes: ReadonlyMap<number, number> }) | null;
}

/**
 * 25,000 rows must not mean 250 renders while pages stream in: the cache is written at most
 * this often (the first rows at once, the end at once).
 */
const PUBLISH_INTERVAL_MS = 300;
/** The same for a list no screen shows (the background sync): the events list counts only its end. */
const UNSHOWN_PUBLISH_INTERVAL_MS = 5_000;

/**
 * How long an event's list stays in memory once no screen shows it. A 100,000-row list costs
 * tens of MB and minutes of requests: kept 15 minutes, going from the table to another event
 * and back, or away for a coffee, shows it at once (and a stopped load resumes where it was)
 * without asking the server again; but a promoter who looks through many events in one
 * sitting does not keep every list in memory for the whole session.
 */
const GC_TIME_MS = 15 * 60 * 1000;

/**
 * Calls `forget` with the event id whenever the cache drops an event's registrations (sign-out's
 * `clear()`, a reset, garbage collection), so what was derived from them goes too.
 */
export function onRegistrationsRemoved(client: QueryClient, forget: (eventId: number) => void): void {
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed') return;
    // The cache's events type their query loosely; the key itself is an array of anything.
    const [resource, eventId] = (event.query as Query).queryKey;
    if (resource === REGISTRATIONS && typeof eventId === 'number') forget(eventId);
  });
}
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

/** A list whose last full download is this old is checked again after a check for changes. */
const FULL_CHECK_EVERY_MS = 24 * 3_600_000;

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

/** After a successful check for changes: is the last full download over a day old? */
function fullCheckDue(data: RegistrationsData): boolean {
  const asOf = data.report.serverDate;
  return (
    data.phase === 'complete' &&
    data.refresh?.phase === 'done' &&
    data.history !== null &&
    asOf !== null &&
    // At least: the Date header counts whole seconds, and a demo day is exactly one day.
    asOf.getTime() - data.history.fullCheckAt >= FULL_CHECK_EVERY_MS
  );
}

/** How the API numbers its pages, if a load learned it for sure (not guessed). */
function learnedNumbering(report: LoadReport): { firstPage: 0 | 1; pageSize: number } | null {
  const { pagination, warnings } = report;
  if (!pagination || warnings.some((warning) => warning.code === 'first-page-guessed')) return null;
  return { firstPage: pagination.firstPage, pageSize: pagination.pageSize };
}

/** Saves the list, its history and the page numbering the load learned on the device. */
function saveCopy(eventId: number, data: RegistrationsData): void {
  const asOf = data.report.serverDate;
  if (!asOf || !data.history) return;
  const pageNumbering = learnedNumbering(data.report);
  saveDeviceCopy(eventId, data.rows, asOf, {
    history: storeHistory(data.history),
    ...(pageNumbering && { pageNumbering }),
  });
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

async function refreshRegistrations(
  eventId: number,
  previous: RegistrationsData,
  since: Date,
  signal: AbortSignal,
  write: (data: RegistrationsData) => boolean,
): Promise<RegistrationsData> {
  // Offline, there is nothing to check against: the rows stay as they are, with no error (the
  // offline banner says how old they are; the check runs again when the network returns).
  const offline = { ...previous, refresh: null };
  if (browserSaysOffline()) {
    write(offline);
    return offline;
  }
  if (!signal.aborted) write({ ...previous, refresh: { phase: 'loading' } });
  const baseUrl = getSession()?.baseUrl;
  try {
    const changes = await loadChanges({
      eventId,
      since,
      signal,
      ...(baseUrl !== undefined && { firstPage: knownFirstPage(baseUrl) }),
    });
    let data: RegistrationsData;
    if (changes.status === 'cancelled') data = { ...previous, refresh: null };
    else if (changes.status !== 'complete') {
      data = isOffline() ? offline : { ...previous, refresh: { phase: 'error', error: null } };
    } else {
      const merged = mergeChanges(previous.rows, changes.rows);
      const at = (changes.serverDate ?? new Date()).getTime();
      const history = recordChanges(
        previous.history ?? startHistory(since.getTime()),
        previous.rows,
        changes.rows,
        at,
      );
      data = {
        ...previous,
        rows: merged.rows,
        history: pruneHistory(history, at),
        report: {
          ...previous.report,
          serverDate: changes.serverDate,
          watermarkSource: changes.watermarkSource,
        },
        loadedAt: new Date(),
        refresh: { phase: 'done', changed: merged.changed, added: merged.added },
      };
      if (write(data)) saveCopy(eventId, data);
      return data;
    }
    write(data);
    return data;
  } catch (error) {
    // The rows already loaded stay; only the refresh failed.
    const data: RegistrationsData = isOffline()
      ? offline
      : { ...previous, refresh: { phase: 'error', error } };
    write(data);
    return data;
  }
}

/**
 * "Verify the whole list": downloads every registration again in the background, the rows
 * shown staying on screen (and usable: exports do not wait for it), then shows the server's
 * list and records what it changed, added and removed. The only way to find registrations
 * deleted on the server: `updated_since` cannot report them. Runs when asked, and after a
 * check for changes when the last full download is over a day old.
 */
async function verifyRegistrations(
  eventId: number,
  previous: RegistrationsData,
  signal: AbortSignal,
  write: (data: RegistrationsData) => boolean,
): Promise<RegistrationsData> {
  const verifying = (loaded: number, total: number | null): RegistrationsData => ({
    ...previous,
    refresh: { phase: 'verifying', loaded, total },
  });
  if (!signal.aborted) write(verifying(0, null));
  let last = performance.now();
  const baseUrl = getSession()?.baseUrl;
  const end = (data: RegistrationsData) => {
    write(data);
    return data;
  };
  try {
    const result = await loadRegistrations({
      eventId,
      signal,
      onProgress: (progress) => {
        if (progress.status !== 'loading' || performance.now() - last < PUBLISH_INTERVAL_MS) return;
        last = performance.now();
        write(verifying(progress.rows.length, progress.pagination?.meta?.total ?? null));
      },
      ...(baseUrl !== undefined && { firstPage: knownFirstPage(baseUrl) }),
    });
    if (result.status === 'cancelled') return end({ ...previous, refresh: null });
    if (result.status !== 'complete') return end({ ...previous, refresh: { phase: 'error', error: null } });
    const at = (result.serverDate ?? new Date()).getTime();
    const before = previous.history ?? startHistory(previous.report.serverDate?.getTime() ?? at);
    const compared = await reconcileFull(before, previous.rows, result.rows, at);
    const history = pruneHistory(compared, at);
    const data: RegistrationsData = {
      ...previous,
      rows: result.rows,
      report: { ...reportOf(result), serverDate: result.serverDate ?? previous.report.serverDate },
      loadedAt: new Date(),
      refresh: {
        phase: 'verified',
        // What the comparison recorded (before any trimming of the history, which keeps 90 days).
        added: compared.firstSeen.size - before.firstSeen.size,
        removed: compared.removed.length - before.removed.length,
        changed: compared.changes.length - before.changes.length,
      },
      history,
    };
    if (write(data)) saveCopy(eventId, data);
    return data;
  } catch (error) {
    return end({ ...previous, refresh: { phase: 'error', error } });
  }
}

/**
 * The event's list from its copy on the device, as a complete load as of when it was saved
 * (`serverDate`: the server time the rows are as of, where the check for changes continues),
 * with the history kept beside it: opening it after a pause starts a new visit, whose
 * checkpoint is what "since your last visit" counts from.
 */
export async function reopenFromCopy(eventId: number): Promise<RegistrationsData | undefined> {
  const copy = await readDeviceCopy(eventId);
  if (!copy) return undefined;
  // The numbering a load learned for this API: the check for changes need not probe it again.
  const baseUrl = getSession()?.baseUrl;
  if (copy.pageNumbering && baseUrl !== undefined && knownFirstPage(baseUrl) === undefined)
    rememberFirstPage(baseUrl, copy.pageNumbering.firstPage);
  const asOf = copy.dataAsOf.getTime();
  const history = openVisit(
    readStoredHistory(copy.history) ?? startHistory(asOf),
    { dataAsOf: asOf, savedAt: copy.savedAt.getTime() },
    Date.now(),
  );
  return {
    phase: 'complete',
    // The copy holds exactly the registrations saved from a parsed load (an exact round trip,
    // sealed with authenticated encryption): they are not parsed again.
    rows: copy.rows,
    report: {
      pagesLoaded: 0,
      pagesFailed: [],
      pagination: null,
      serverDate: copy.dataAsOf,
      // Whether it came from the server's Date header or this browser's clock is not kept.
      watermarkSource: null,
      warnings: [],
    },
    loadedAt: copy.savedAt,
    refresh: null,
    history,
    continueFrom: null,
  };
}

/** The loader's report without its rows. */
function reportOf(progress: RegistrationsLoadProgress): LoadReport {
  return {
    pagesLoaded: progress.pagesLoaded,
    pagesFailed: progress.pagesFailed,
    pagination: progress.pagination,
    serverDate: progress.serverDate,
    watermarkSource: progress.watermarkSource,
    warnings: progress.warnings,
  };
}

/** Null for a complete result; else its resume point, per-page rows replaced by counts (they are `result.rows`, in page order). */
function continuePoint(result: RegistrationsLoadResult): ContinuePoint | null {
  if (result.status === 'complete') return null;
  if (!result.resume) return { status: result.status, request: result.request, resume: null };
  const { pages, ...rest } = result.resume;
  const pageSizes = new Map([...pages].map(([page, rows]) => [page, rows.length] as const));
  return { status: result.status, request: result.request, resume: { ...rest, pageSizes } };
}

/** What `retryMissing` continues from, the pages cut back out of `rows`; null (start afresh) if they do not add up. */
function resumeFrom(rows: readonly Registration[], point: ContinuePoint): StoppedLoad | null {
  if (!point.resume) return { status: point.status, request: point.request, resume: null };
  const { pageSizes, ...rest } = point.resume;
  const pages = new Map<number, readonly Registration[]>();
  let offset = 0;
  for (const page of [...pageSizes.keys()].sort((a, b) => a - b)) {
    const size = pageSizes.get(page)!;
    pages.set(page, rows.slice(offset, offset + size));
    offset += size;
  }
  if (offset !== rows.length) return null;
  return { status: point.status, request: point.request, resume: { ...rest, pages } };
}

/**
 * Writes the loader's progress to the cache, the first rows at once, then at most every
 * PUBLISH_INTERVAL_MS while a screen shows the list (`shown`), every
 * UNSHOWN_PUBLISH_INTERVAL_MS while none does (the background sync): each write costs the page
 * a cache notification and its subscribers' work, for nobody to see.
 */
function progressPublisher(
  previous: RegistrationsData | undefined,
  write: (data: RegistrationsData) => void,
  shown: () => boolean,
) {
  let last = 0;
  let pending: ReturnType<typeof setTimeout> | null = null;
  let shownRows = previous?.rows.length ?? 0;
  const publish = (progress: RegistrationsLoadProgress) => {
    last = performance.now();
    shownRows = progress.rows.length;
    write({
      phase: 'loading',
      rows: progress.rows,
      report: reportOf(progress),
      loadedAt: previous?.loadedAt ?? null,
      refresh: null,
      history: null,
      // A run in progress is continued from what it ends with, never from a snapshot.
      continueFrom: null,
    });
  };
  return {
    progress: (progress: RegistrationsLoadProgress) => {
      if (progress.status !== 'loading') return; // the end is written by the query function
      if (pending) clearTimeout(pending);
      pending = null;
      const firstRows = shownRows === 0 && progress.rows.length > 0;
      const interval = shown() ? PUBLISH_INTERVAL_MS : UNSHOWN_PUBLISH_INTERVAL_MS;
      const wait = interval - (performance.now() - last);
      if (firstRows || wait <= 0) publish(progress);
      else pending = setTimeout(() => publish(progress), wait);
    },
    stop: () => {
      if (pending) clearTimeout(pending);
    },
  };
}

/**
 * Resolves with the phase once no load of this event is running (at once when none is), for
 * an export that must not write a partial list. Rejects when `signal` aborts.
 */
export function settledRegistrations(
  client: QueryClient,
  eventId: number,
  signal: AbortSignal,
): Promise<RegistrationsPhase | null> {
  const queryKey = registrationsKey(eventId);
  return new Promise((resolve, reject) => {
    const check = () => {
      const query = client.getQueryCache().find<RegistrationsData>({ queryKey, exact: true });
      if (signal.aborted) {
        unsubscribe();
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      } else if (
        query?.state.fetchStatus !== 'fetching' ||
        // The whole list is on screen while it is verified again: it can be exported as it is.
        query.state.data?.refresh?.phase === 'verifying'
      ) {
        unsubscribe();
        resolve(query?.state.data?.phase ?? null);
      }
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    signal.addEventListener('abort', check, { once: true });
    check();
  });
}
