import type { ApiResponse } from '@/lib/api-client';
import { defaultSleep, linkedController } from './abort-utils';
import { decideFirstPage, decidePageSize, settleProbe, type Probe } from './discover-pagination';
import type {
  LoadRegistrationsOptions,
  LoadRequest,
  LoaderRunOptions,
  RegistrationsLoadResult,
} from './load-types';
import { readPageMeta } from './page-meta';
import { PageTracker } from './page-tracker';
import { fetchRegistrationPage } from './queries';
import { RateThrottle } from './rate-throttle';
import { finish, report, requestPage, runPages, type LoadRun } from './run-pages';
import type { RegistrationPageResponse } from './schemas';

export const DEFAULT_PER_PAGE = 500;
/** Browsers open about 6 connections per origin; more would only queue in the browser. */
export const DEFAULT_CONCURRENCY = 6;
/** Without a readable Date header, the browser clock may be off: the watermark backs off this much. */
export const CLIENT_WATERMARK_MARGIN_MS = 5 * 60 * 1000;

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
  const { run, release } = createRun(request, options);
  try {
    let probes: [Probe, Probe];
    try {
      if (run.signal.aborted) return nothingLoaded(run);
      // Page 1 and page 0 together: one round trip tells the numbering (see decideFirstPage).
      probes = await Promise.all([
        settleProbe(requestPage(run, 1, run.signal)),
        settleProbe(requestPage(run, 0, run.signal)),
      ]);
    } catch (error) {
      if (run.cancelled()) return nothingLoaded(run);
      throw error;
    }
    if (run.cancelled()) return nothingLoaded(run);
    const tracker = discover(request, probes, startedAt);
    report(run, tracker.snapshot('loading'));
    return await runPages(run, tracker);
  } finally {
    release();
  }
}

/**
 * Continues an incomplete or cancelled load: fetches only the pages that have no rows yet
 * (and, if the end of the list was never found, keeps scanning), then merges. A complete
 * result is returned as is. Same resolve/reject rules as loadRegistrations.
 */
export async function retryMissing(
  previous: RegistrationsLoadResult,
  options: LoaderRunOptions = {},
): Promise<RegistrationsLoadResult> {
  if (previous.status === 'complete') return previous;
  if (!previous.resume) return loadRegistrations({ ...options, ...previous.request });
  const { run, release } = createRun(previous.request, options);
  try {
    const tracker = new PageTracker(previous.resume);
    tracker.queueMissing();
    if (run.cancelled()) return finish(run, tracker);
    report(run, tracker.snapshot('loading'));
    return await runPages(run, tracker);
  } finally {
    release();
  }
}

function createRun(request: LoadRequest, options: LoaderRunOptions): { run: LoadRun; release: () => void } {
  const link = linkedController(options.signal);
  const signal = link.controller.signal;
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
      link.controller.abort(error);
    },
    failure: () => failure,
    sleep,
    throttle: new RateThrottle(options.concurrency ?? DEFAULT_CONCURRENCY, sleep, signal),
    onProgress: options.onProgress,
  };
  return { run, release: link.release };
}

type Answered = ApiResponse<RegistrationPageResponse>;

function discover(request: LoadRequest, [page1, page0]: [Probe, Probe], startedAt: number): PageTracker {
  const { firstPage, guessed } = decideFirstPage(page0, page1);
  const first = firstPage === 0 ? page0 : page1;
  if (!first.ok) throw first.error; // decideFirstPage only picks a page that answered
  const firstMeta = readPageMeta(first.response.data);
  const { pageSize, capped } = decidePageSize(request.perPage, first.response.data.registrations.length, {
    metaPerPage: firstMeta?.perPage,
    metaTotal: firstMeta?.total,
    nextPageHasRows: firstPage === 0 && page1.ok && page1.response.data.registrations.length > 0,
  });
  // The earliest server clock of the load: rows changed after it are caught by the next refresh.
  const dates = [page0, page1]
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
    cursor: 2,
    duplicates: 0,
    repeats: 0,
    serverDate: serverDate ?? new Date(startedAt - CLIENT_WATERMARK_MARGIN_MS),
    watermarkSource: serverDate ? 'server' : 'client',
  });
  tracker.recordRows(firstPage, first.response.data.registrations, firstMeta);
  if (firstPage === 0) {
    // Page 1 was the second page all along.
    if (page1.ok) tracker.recordRows(1, page1.response.data.registrations, readPageMeta(page1.response.data));
    else tracker.recordFailure(1, page1.error);
  }
  return tracker;
}

/** Cancelled before any page arrived. */
function nothingLoaded(run: LoadRun): RegistrationsLoadResult {
  const result: RegistrationsLoadResult = {
    status: 'cancelled',
    rows: [],
    loaded: 0,
    pagesLoaded: 0,
    pagesFailed: [],
    pagination: null,
    serverDate: null,
    watermarkSource: null,
    warnings: [],
    request: run.request,
    resume: null,
  };
  run.onProgress?.(result);
  return result;
}
