import type { ApiResponse } from '@/lib/api-client';
import type { RegistrationPageParams } from './queries';
import type { Registration, RegistrationPageResponse } from '../api/registration-schemas';

/** One page request; the loader binds the event id and always passes the same per_page. */
export type FetchPage = (
  params: RegistrationPageParams,
  signal: AbortSignal,
) => Promise<ApiResponse<RegistrationPageResponse>>;

/** Injectable delay (429 waits, retry backoff) so tests never wait real seconds. Resolves early on abort. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export type LoadStatus = 'loading' | 'complete' | 'incomplete' | 'cancelled';

/** What the loader learned about the server's undocumented paging (API document 4.4). */
interface PaginationInfo {
  firstPage: 0 | 1;
  /** Rows per full page as the server serves them (after any silent cap). */
  pageSize: number;
  /** True once the server is known to serve fewer rows per page than asked. */
  capped: boolean;
  /** Paging metadata the server volunteered, if any (never required). */
  meta: { total?: number; totalPages?: number } | null;
}

export type LoadWarning =
  /** Rows repeated across pages (the list shifted during the load) were dropped. */
  | { code: 'duplicates'; count: number }
  /** The server's own total differs from the unique rows received (the list changed while loading). */
  | { code: 'total-mismatch'; expected: number; received: number }
  /** A page came back with only rows already seen: the server seems to ignore `page`; the scan stopped there. */
  | { code: 'pages-repeat' }
  /** Page 0 never answered (network/timeout/429), so 1-based numbering was assumed. */
  | { code: 'first-page-guessed' };

/** What the loader saw, apart from the rows themselves. */
export interface LoadReport {
  pagesLoaded: number;
  /** Pages that kept failing (sorted); non-empty means the list is not complete. */
  pagesFailed: number[];
  /** Null only when the load was cancelled before the first page arrived. */
  pagination: PaginationInfo | null;
  /**
   * Watermark for the next `updated_since`: the Date header of the first response of this
   * load, or, when the header is not readable (CORS), the browser clock at the start minus
   * 5 minutes. Null only when cancelled before any response.
   */
  serverDate: Date | null;
  watermarkSource: 'server' | 'client' | null;
  warnings: LoadWarning[];
}

export interface RegistrationsLoadProgress extends LoadReport {
  status: LoadStatus;
  /** Unique by registration_id, in the server's order (page by page), first occurrence kept. */
  rows: readonly Registration[];
  loaded: number;
}

/** Per-page record of one load, kept so `retryMissing` can fetch only what is missing. */
export type PageOutcome = 'rows' | 'short' | 'empty' | 'repeat' | 'gone' | 'failed';

/** Opaque to the UI: the state `retryMissing` continues from. */
export interface LoadResumePoint {
  readonly eventId: number;
  readonly perPage: number;
  readonly updatedSince: string | undefined;
  readonly firstPage: 0 | 1;
  readonly pageSize: number;
  readonly capped: boolean;
  readonly guessed: boolean;
  readonly metaTotal: number | undefined;
  readonly metaTotalPages: number | undefined;
  readonly pages: ReadonlyMap<number, readonly Registration[]>;
  readonly outcomes: ReadonlyMap<number, PageOutcome>;
  readonly cursor: number;
  readonly duplicates: number;
  readonly repeats: number;
  readonly serverDate: Date;
  readonly watermarkSource: 'server' | 'client';
}

/** What was asked for: lets `retryMissing` start afresh when there is nothing to resume. */
export interface LoadRequest {
  eventId: number;
  perPage: number;
  updatedSince: string | undefined;
}

export interface RegistrationsLoadResult extends RegistrationsLoadProgress {
  status: Exclude<LoadStatus, 'loading'>;
  request: LoadRequest;
  /** Null only when cancelled before the first page: `retryMissing` then starts afresh. */
  resume: LoadResumePoint | null;
}

/** What `retryMissing` needs of a stopped or incomplete load (a whole result will do). */
export type StoppedLoad = Pick<RegistrationsLoadResult, 'request' | 'resume'> & {
  status: 'cancelled' | 'incomplete';
};

/** Options shared by a first load, a retry and a refresh. */
export interface LoaderRunOptions {
  /** Defaults to `fetchRegistrationPage(eventId, …)` through the signed-in session. */
  fetchPage?: FetchPage;
  /** Requests in flight at most; browsers allow about 6 per origin. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Called with a fresh snapshot after the first page, after every later page, and at the end. */
  onProgress?: (progress: RegistrationsLoadProgress) => void;
  sleep?: Sleep;
  /** Clock for the client-side watermark fallback (ms since epoch). */
  now?: () => number;
}

export interface LoadRegistrationsOptions extends LoaderRunOptions {
  eventId: number;
  /** per_page to ask for; the server may silently serve fewer. */
  perPage?: number;
  /** Only rows modified after this point (ISO timestamp, or a Date). */
  updatedSince?: string | Date;
  /**
   * The first page number, when an earlier load learned it for this API (see
   * PaginationInfo.firstPage): skips asking for both page 1 and page 0.
   */
  firstPage?: 0 | 1;
}

/** setTimeout as a promise that resolves early (never rejects) on abort: callers check the signal. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** How the API numbers its pages, if a load learned it for sure (not guessed). */
export function learnedNumbering(report: LoadReport): { firstPage: 0 | 1; pageSize: number } | null {
  const { pagination, warnings } = report;
  if (!pagination || warnings.some((warning) => warning.code === 'first-page-guessed')) return null;
  return { firstPage: pagination.firstPage, pageSize: pagination.pageSize };
}

/** What a load saw before its first page: nothing. */
export const NOTHING_SEEN: LoadReport = {
  pagesLoaded: 0,
  pagesFailed: [],
  pagination: null,
  serverDate: null,
  watermarkSource: null,
  warnings: [],
};

/** The loader's report without its rows. */
export function reportOf(progress: RegistrationsLoadProgress): LoadReport {
  return {
    pagesLoaded: progress.pagesLoaded,
    pagesFailed: progress.pagesFailed,
    pagination: progress.pagination,
    serverDate: progress.serverDate,
    watermarkSource: progress.watermarkSource,
    warnings: progress.warnings,
  };
}
