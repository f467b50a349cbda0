import { isApiError } from '@/lib/api-error';
import { fetchWithRetry } from './fetch-with-retry';
import type {
  FetchPage,
  LoadRequest,
  RegistrationsLoadProgress,
  RegistrationsLoadResult,
  Sleep,
} from './load-types';
import { readPageMeta } from './page-meta';
import { PagePool } from './page-pool';
import type { PageTracker } from './page-tracker';
import type { RateThrottle } from './rate-throttle';

/** Everything one load (or retry) shares across its page requests. */
export interface LoadRun {
  fetchPage: FetchPage;
  request: LoadRequest;
  /** Aborted by the caller's signal, or by the loader itself on a fatal error. */
  signal: AbortSignal;
  /** True when the caller cancelled (as opposed to a fatal error aborting the run). */
  cancelled: () => boolean;
  /** Records a fatal error (the first one wins) and aborts every request of the run. */
  fail: (error: unknown) => void;
  /** The fatal error, if any: the load rejects with it. */
  failure: () => { error: unknown } | null;
  sleep: Sleep;
  throttle: RateThrottle;
  onProgress: ((progress: RegistrationsLoadProgress) => void) | undefined;
}

/** One page through the retry rules, with the loader's fixed per_page and updated_since. */
export function requestPage(run: LoadRun, page: number, signal: AbortSignal) {
  const params = { page, per_page: run.request.perPage, updated_since: run.request.updatedSince };
  return fetchWithRetry((attemptSignal) => run.fetchPage(params, attemptSignal), {
    signal,
    sleep: run.sleep,
    throttle: run.throttle,
  });
}

/**
 * Fetches every page the tracker hands out through the bounded pool, recording each outcome
 * and reporting progress after each page. A 401 (the key was revoked) or an unexpected error
 * aborts the run and is thrown; other failures only mark their page.
 */
export async function runPages(run: LoadRun, tracker: PageTracker): Promise<RegistrationsLoadResult> {
  const pool = new PagePool({
    next: () => tracker.nextPage(),
    throttle: run.throttle,
    signal: run.signal,
    run: async (page, signal) => {
      try {
        const response = await requestPage(run, page, signal);
        tracker.recordRows(page, response.data.registrations, readPageMeta(response.data));
      } catch (error) {
        if (signal.aborted) return; // cancelled, or the page turned out to lie past the end
        if (!isApiError(error) || error.kind === 'unauthorized') {
          run.fail(error);
          return;
        }
        tracker.recordFailure(page, error);
      }
      pool.abortAbove(tracker.lastPage());
      report(run, tracker.snapshot('loading'));
    },
  });
  await pool.run();
  const failure = run.failure();
  if (failure) throw failure.error;
  return finish(run, tracker);
}

/** The final result, also sent to onProgress (a listener that throws here rejects the load). */
export function finish(run: LoadRun, tracker: PageTracker): RegistrationsLoadResult {
  const status = run.cancelled() ? 'cancelled' : tracker.isComplete() ? 'complete' : 'incomplete';
  const result: RegistrationsLoadResult = {
    ...tracker.snapshot(status),
    status,
    request: run.request,
    resume: tracker.resumePoint(),
  };
  run.onProgress?.(result);
  return result;
}

/** A throwing progress listener is a bug in the caller: it fails the load rather than vanish. */
export function report(run: LoadRun, progress: RegistrationsLoadProgress): void {
  try {
    run.onProgress?.(progress);
  } catch (error) {
    run.fail(error);
  }
}
