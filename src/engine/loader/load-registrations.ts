import type { ApiResponse } from '@/lib/api-client';
import { decideFirstPage, decidePageSize, settleProbe, type Probe } from './discover-pagination';
import {
  defaultSleep,
  NOTHING_SEEN,
  type LoadRegistrationsOptions,
  type LoadRequest,
  type LoaderRunOptions,
  type RegistrationsLoadResult,
  type StoppedLoad,
} from './load-types';
import { readPageMeta } from './page-meta';
import { PageTracker } from './page-tracker';
import { fetchRegistrationPage } from './queries';
import { RateThrottle } from './rate-throttle';
import { DEFAULT_CONCURRENCY } from './shared-pace';
import { finish, report, requestPage, runPages, type LoadRun } from './run-pages';
import type { RegistrationPageResponse } from '../api/registration-schemas';

const DEFAULT_PER_PAGE = 500;
/** Without a readable Date header, the browser clock may be off: the watermark backs off this much. */
const CLIENT_WATERMARK_MARGIN_MS = 5 * 60 * 1000;

/**
 * Loads every registration of an event through the undocumented pagination: discovers the
 * numbering and the real page size from the first two requests, then fetches the rest through
 * a bounded pool (see discover-pagination.ts, page-pool.ts, page-tracker.ts).
 *
 * Resolves with the final state, also sent to onProgress: 'complete', 'incomplete' (some
 * pages kept failing: see pagesFailed, then `retryMissing`) or 'cancelled' (the signal was
 * aborted: cancellation resolves, with the rows loaded so far, and never rejects).
 * Rejects with the ApiError when the first page cannot be loaded (401, 403, 404, invalid
 * response, or a transient failure that outlasted the retries) and on a 401 at any page.
 */
export async function loadRegistrations(options: LoadRegistrationsOptions): Promise<RegistrationsLoadResult> {
  const { updatedSince } = options;
  const request: LoadRequest = {
    eventId: options.eventId,
    perPage: Math.max(1, Math.floor(options.perPage ?? DEFAULT_PER_PAGE)),
    updatedSince: updatedSince instanceof Date ? updatedSince.toISOString() : updatedSince,
  };
  const startedAt = (options.now ?? Date.now)();
  const { run } = createRun(request, options);
  let probes: Probes;
  try {
    if (run.signal.aborted) return nothingLoaded(run);
    probes = await probeFirstPages(run, options.firstPage);
  } catch (error) {
    if (run.cancelled()) return nothingLoaded(run);
    throw error;
  }
  if (run.cancelled()) return nothingLoaded(run);
  const tracker = discover(request, probes, startedAt);
  report(run, tracker.snapshot('loading'));
  return await runPages(run, tracker);
}

/** What the first requests of a load answered: one page when the numbering is known, else pages 1 and 0. */
type Probes = { known: 0 | 1; first: Probe } | { known: null; page1: Probe; page0: Probe };

/**
 * Page 1 and page 0 together: one round trip tells the numbering (see decideFirstPage). When an
 * earlier load already learned it for this API, only the first page is asked for, so a 1-based
 * server is not sent a page=0 it refuses (a 400 in its logs) on every load and refresh.
 */
async function probeFirstPages(run: LoadRun, known: 0 | 1 | undefined): Promise<Probes> {
  if (known !== undefined) return { known, first: await settleProbe(requestPage(run, known, run.signal)) };
  const [page1, page0] = await Promise.all([
    settleProbe(requestPage(run, 1, run.signal)),
    settleProbe(requestPage(run, 0, run.signal)),
  ]);
  return { known: null, page1, page0 };
}

/**
 * Continues an incomplete or cancelled load: fetches only the pages that have no rows yet
 * (and, if the end of the list was never found, keeps scanning), then merges. A complete
 * result is returned as is. Same resolve/reject rules as loadRegistrations.
 */
export async function retryMissing(
  previous: RegistrationsLoadResult | StoppedLoad,
  options: LoaderRunOptions = {},
): Promise<RegistrationsLoadResult> {
  if (previous.status === 'complete') return previous;
  if (!previous.resume) return loadRegistrations({ ...options, ...previous.request });
  const { run } = createRun(previous.request, options);
  const tracker = new PageTracker(previous.resume);
  tracker.queueMissing();
  if (run.cancelled()) return finish(run, tracker);
  report(run, tracker.snapshot('loading'));
  return await runPages(run, tracker);
}

function createRun(request: LoadRequest, options: LoaderRunOptions): { run: LoadRun } {
  // The run's own controller aborts every request on a fatal error; the caller's signal cancels.
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const sleep = options.sleep ?? defaultSleep;
  let failure: { error: unknown } | null = null;
  const run: LoadRun = {
    fetchPage:
      options.fetchPage ??
      ((params, pageSignal) => fetchRegistrationPage(request.eventId, params, pageSignal)),
    request,
    signal,
    cancelled: () => options.signal?.aborted === true,
    fail: (error) => {
      failure ??= { error };
      controller.abort(error);
    },
    failure: () => failure,
    sleep,
    throttle: new RateThrottle(options.concurrency ?? DEFAULT_CONCURRENCY, sleep, signal),
    onProgress: options.onProgress,
  };
  return { run };
}

type Answered = ApiResponse<RegistrationPageResponse>;

function discover(request: LoadRequest, probes: Probes, startedAt: number): PageTracker {
  let firstPage: 0 | 1;
  let guessed = false;
  let first: Probe;
  let second: Probe | null = null;
  if (probes.known === null) {
    ({ firstPage, guessed } = decideFirstPage(probes.page0, probes.page1));
    first = firstPage === 0 ? probes.page0 : probes.page1;
    if (firstPage === 0) second = probes.page1; // page 1 was the second page all along
  } else {
    firstPage = probes.known;
    first = probes.first;
  }
  if (!first.ok) throw first.error; // decideFirstPage only picks a page that answered
  const firstMeta = readPageMeta(first.response.data);
  const { pageSize, capped } = decidePageSize(request.perPage, first.response.data.registrations.length, {
    metaPerPage: firstMeta?.perPage,
    metaTotal: firstMeta?.total,
    nextPageHasRows: second?.ok === true && second.response.data.registrations.length > 0,
  });
  // The earliest server clock of the load: rows changed after it are caught by the next refresh.
  const probed = probes.known === null ? [probes.page0, probes.page1] : [probes.first];
  const dates = probed
    .filter((probe): probe is { ok: true; response: Answered } => probe.ok)
    .map((probe) => probe.response.serverDate)
    .filter((date): date is Date => date !== null)
    .sort((a, b) => a.getTime() - b.getTime());
  const serverDate = dates[0] ?? null;

  const tracker = new PageTracker({
    ...request,
    firstPage,
    pageSize,
    capped,
    guessed,
    metaTotal: undefined,
    metaTotalPages: undefined,
    pages: new Map(),
    outcomes: new Map(),
    // The next page nobody asked for yet.
    cursor: probes.known === null ? 2 : firstPage + 1,
    duplicates: 0,
    repeats: 0,
    serverDate: serverDate ?? new Date(startedAt - CLIENT_WATERMARK_MARGIN_MS),
    watermarkSource: serverDate ? 'server' : 'client',
  });
  tracker.recordRows(firstPage, first.response.data.registrations, firstMeta);
  if (second) {
    if (second.ok)
      tracker.recordRows(1, second.response.data.registrations, readPageMeta(second.response.data));
    else tracker.recordFailure(1, second.error);
  }
  return tracker;
}

/** Cancelled before any page arrived. */
function nothingLoaded(run: LoadRun): RegistrationsLoadResult {
  const result: RegistrationsLoadResult = {
    status: 'cancelled',
    rows: [],
    loaded: 0,
    ...NOTHING_SEEN,
    request: run.request,
    resume: null,
  };
  run.onProgress?.(result);
  return result;
}
