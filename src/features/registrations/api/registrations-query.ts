import { queryOptions, type Query, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { readDeviceCopy, saveDeviceCopy } from '@/lib/device-copy/device-copy-client';
import { getSession, knownFirstPage, rememberFirstPage } from '@/lib/session';
import { loadChanges, mergeChanges } from '../loader/load-changes';
import { loadRegistrations, retryMissing } from '../loader/load-registrations';
import type {
  LoadReport,
  LoadRequest,
  LoadResumePoint,
  RegistrationsLoadProgress,
  RegistrationsLoadResult,
  StoppedLoad,
} from '../loader/load-types';
import type { Registration } from '../loader/schemas';

export type RegistrationsPhase = 'loading' | 'complete' | 'incomplete' | 'cancelled';

/** The last "Check for changes". */
type RefreshOutcome =
  | { phase: 'loading' }
  | { phase: 'done'; changed: number; added: number }
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

/**
 * How long an event's list stays in memory once no screen shows it. A 100,000-row list costs
 * tens of MB and minutes of requests: kept 15 minutes, going from the table to another event
 * and back, or away for a coffee, shows it at once (and a stopped load resumes where it was)
 * without asking the server again; but a promoter who looks through many events in one
 * sitting does not keep every list in memory for the whole session.
 */
const GC_TIME_MS = 15 * 60 * 1000;

/** The first part of every registrations query key. */
const REGISTRATIONS = 'registrations';

export const registrationsKey = (eventId: number) => [REGISTRATIONS, eventId] as const;

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
 * and the run continues as a check for changes, never a full download. Every complete load and
 * every successful check for changes saves the copy again, in the background.
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
    const data =
      previous?.phase === 'complete' && previous.report.serverDate
        ? await refreshRegistrations(eventId, previous, previous.report.serverDate, signal, write)
        : await loadOrResume(eventId, previous, signal, write);
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
  signal: AbortSignal,
  write: (data: RegistrationsData) => boolean,
): Promise<RegistrationsData> {
  const publish = progressPublisher(previous, write);
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
    const guessed = result.warnings.some((warning) => warning.code === 'first-page-guessed');
    if (baseUrl !== undefined && result.pagination && !guessed)
      rememberFirstPage(baseUrl, result.pagination.firstPage);
    const data: RegistrationsData = {
      phase: result.status,
      rows: result.rows,
      report: reportOf(result),
      loadedAt: result.status === 'complete' ? new Date() : (previous?.loadedAt ?? null),
      refresh: null,
      continueFrom: continuePoint(result),
    };
    if (write(data) && data.phase === 'complete' && data.report.serverDate)
      saveDeviceCopy(eventId, data.rows, data.report.serverDate);
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
      data = { ...previous, refresh: { phase: 'error', error: null } };
    } else {
      const merged = mergeChanges(previous.rows, changes.rows);
      data = {
        ...previous,
        rows: merged.rows,
        report: {
          ...previous.report,
          serverDate: changes.serverDate,
          watermarkSource: changes.watermarkSource,
        },
        loadedAt: new Date(),
        refresh: { phase: 'done', changed: merged.changed, added: merged.added },
      };
      if (write(data) && changes.serverDate) saveDeviceCopy(eventId, data.rows, changes.serverDate);
      return data;
    }
    write(data);
    return data;
  } catch (error) {
    // The rows already loaded stay; only the refresh failed.
    const data: RegistrationsData = { ...previous, refresh: { phase: 'error', error } };
    write(data);
    return data;
  }
}

/**
 * The event's list from its copy on the device, as a complete load as of when it was saved
 * (`serverDate`: the server time the rows are as of, where the check for changes continues).
 * The check finds rows added or changed since, never rows deleted since (the API cannot
 * report a deletion): those stay until a full reload. Reconciling deletions needs a periodic
 * full check of the ids, not built yet.
 */
export async function reopenFromCopy(eventId: number): Promise<RegistrationsData | undefined> {
  const copy = await readDeviceCopy(eventId);
  if (!copy) return undefined;
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

/** Writes the loader's progress to the cache, at most every PUBLISH_INTERVAL_MS, the first rows at once. */
function progressPublisher(
  previous: RegistrationsData | undefined,
  write: (data: RegistrationsData) => void,
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
      const wait = PUBLISH_INTERVAL_MS - (performance.now() - last);
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
      } else if (query?.state.fetchStatus !== 'fetching') {
        unsubscribe();
        resolve(query?.state.data?.phase ?? null);
      }
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    signal.addEventListener('abort', check, { once: true });
    check();
  });
}
