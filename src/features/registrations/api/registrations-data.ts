import type { Registration } from '@/engine/api/registration-schemas';
import type { RegistrationHistory } from '@/engine/history/registration-history';
import type {
  LoadReport,
  LoadRequest,
  LoadResumePoint,
  RegistrationsLoadProgress,
  RegistrationsLoadResult,
  StoppedLoad,
} from '@/engine/loader/load-types';

/*
 * What the registrations query holds (registrations-query.ts), and how a stopped load's point
 * to continue from is kept without copying its rows.
 */

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
  /** Private to the query (see ContinuePoint); null unless the phase is cancelled or incomplete. */
  readonly continueFrom: ContinuePoint | null;
}

/**
 * Where "Resume" and "Retry missing pages" continue: the loader's resume point, except that
 * instead of the rows of each page (which `rows` already holds, page after page in page order)
 * it keeps how many rows each page added. The loader needs the rows per page to tell a
 * repeated row from a new one and to keep the server's order, so they are cut back out of
 * `rows` when a run continues. Opaque outside the query's modules.
 */
export interface ContinuePoint {
  readonly status: 'cancelled' | 'incomplete';
  readonly request: LoadRequest;
  /** Null when the load stopped before its first page: the next run starts afresh. */
  readonly resume:
    (Omit<LoadResumePoint, 'pages'> & { readonly pageSizes: ReadonlyMap<number, number> }) | null;
}

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

/** Null for a complete result; else its resume point, per-page rows replaced by counts (they are `result.rows`, in page order). */
export function continuePoint(result: RegistrationsLoadResult): ContinuePoint | null {
  if (result.status === 'complete') return null;
  if (!result.resume) return { status: result.status, request: result.request, resume: null };
  const { pages, ...rest } = result.resume;
  const pageSizes = new Map([...pages].map(([page, rows]) => [page, rows.length] as const));
  return { status: result.status, request: result.request, resume: { ...rest, pageSizes } };
}

/** What `retryMissing` continues from, the pages cut back out of `rows`; null (start afresh) if they do not add up. */
export function resumeFrom(rows: readonly Registration[], point: ContinuePoint): StoppedLoad | null {
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
