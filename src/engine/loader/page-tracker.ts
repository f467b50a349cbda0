import type { ApiError } from '@/lib/api-error';
import type {
  LoadResumePoint,
  LoadStatus,
  LoadWarning,
  PageOutcome,
  RegistrationsLoadProgress,
} from './load-types';
import type { PageMeta } from './page-meta';
import type { Registration } from '../api/registration-schemas';

/** A scan with no known end stops after this many failed pages past the last page with rows (server down). */
const FAILED_FRONTIER_LIMIT = 3;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The state of one load, page by page. Where the list ends is derived, never assumed: the
 * first short page, the page before the first empty (or repeated) page, the page count the
 * metadata gives, or the page before a 404/400 that has no rows after it. The list is
 * complete only when every page from the first to that end has its rows.
 */
export class PageTracker {
  private readonly state: Mutable<LoadResumePoint> & {
    pages: Map<number, readonly Registration[]>;
    outcomes: Map<number, PageOutcome>;
  };
  private readonly seen = new Set<number>();
  private readonly queue: number[] = [];
  private rowsCache: readonly Registration[] | null = null;

  constructor(point: LoadResumePoint) {
    this.state = { ...point, pages: new Map(point.pages), outcomes: new Map(point.outcomes) };
    for (const rows of this.state.pages.values()) for (const row of rows) this.seen.add(row.registration_id);
  }

  get firstPage(): 0 | 1 {
    return this.state.firstPage;
  }

  /** Pages below the scan cursor that have no rows yet (failed or aborted): what a retry fetches. */
  queueMissing(): void {
    const last = this.lastPage();
    const upTo = last === null ? this.state.cursor - 1 : Math.min(last, this.state.cursor - 1);
    for (let page = this.state.firstPage; page <= upTo; page++) {
      if (!this.hasRows(page)) this.queue.push(page);
    }
  }

  /** The next page to request, or null when nothing is left to ask for now. */
  nextPage(): number | null {
    const last = this.lastPage();
    while (this.queue.length > 0) {
      const page = this.queue.shift()!;
      if (last === null || page <= last) return page;
    }
    if (last !== null && this.state.cursor > last) return null;
    if (last === null && this.failedPastRows() >= FAILED_FRONTIER_LIMIT) return null;
    return this.state.cursor++;
  }

  recordRows(page: number, rows: readonly Registration[], meta: PageMeta | null): void {
    this.applyMeta(meta);
    const s = this.state;
    if (rows.length === 0) {
      s.outcomes.set(page, 'empty');
      return;
    }
    const fresh: Registration[] = [];
    for (const row of rows) {
      if (this.seen.has(row.registration_id)) continue;
      this.seen.add(row.registration_id);
      fresh.push(row);
    }
    if (fresh.length === 0 && page !== s.firstPage) {
      // Only rows already seen: the server ignores `page` (or served the same page twice).
      s.outcomes.set(page, 'repeat');
      s.repeats += 1;
      return;
    }
    s.duplicates += rows.length - fresh.length;
    s.pages.set(page, fresh);
    s.outcomes.set(page, rows.length < s.pageSize ? 'short' : 'rows');
    if (page !== s.firstPage && s.pageSize < s.perPage) s.capped = true;
    this.rowsCache = null;
  }

  recordFailure(page: number, error: ApiError): void {
    // Some servers answer 404/400 past the last page instead of an empty list.
    const gone = error.kind === 'not-found' || error.kind === 'bad-request';
    this.state.outcomes.set(page, gone ? 'gone' : 'failed');
  }

  /** Last page that may hold rows (inclusive), or null while unknown. */
  lastPage(): number | null {
    const s = this.state;
    let last = this.metaLastPage() ?? Number.POSITIVE_INFINITY;
    const lastWithRows = this.lastPageWithRows();
    for (const [page, outcome] of s.outcomes) {
      if (outcome === 'short') last = Math.min(last, page);
      else if (outcome === 'empty' || outcome === 'repeat') last = Math.min(last, page - 1);
      // A 404 with rows after it is a hole, not the end.
      else if (outcome === 'gone' && lastWithRows < page) last = Math.min(last, page - 1);
    }
    return last === Number.POSITIVE_INFINITY ? null : last;
  }

  isComplete(): boolean {
    const last = this.lastPage();
    if (last === null) return false;
    // A repeated page right after a full one proves nothing: a server that ignores `page`
    // looks exactly like that, and the rows past the first page would be missing. Only a
    // short page, an empty page, a 404 past the end or metadata prove the end.
    const s = this.state;
    if (
      this.metaLastPage() === null &&
      s.outcomes.get(last) === 'rows' &&
      s.outcomes.get(last + 1) === 'repeat'
    ) {
      return false;
    }
    for (let page = this.state.firstPage; page <= last; page++) if (!this.hasRows(page)) return false;
    return true;
  }

  pagesFailed(): number[] {
    const last = this.lastPage();
    return [...this.state.outcomes]
      .filter(
        ([page, outcome]) => (outcome === 'failed' || outcome === 'gone') && (last === null || page <= last),
      )
      .map(([page]) => page)
      .sort((a, b) => a - b);
  }

  rows(): readonly Registration[] {
    if (!this.rowsCache) {
      const pages = [...this.state.pages.keys()].sort((a, b) => a - b);
      this.rowsCache = pages.flatMap((page) => this.state.pages.get(page) ?? []);
    }
    return this.rowsCache;
  }

  snapshot(status: LoadStatus): RegistrationsLoadProgress {
    const s = this.state;
    const loaded = this.seen.size;
    const warnings: LoadWarning[] = [];
    if (s.guessed) warnings.push({ code: 'first-page-guessed' });
    if (s.duplicates > 0) warnings.push({ code: 'duplicates', count: s.duplicates });
    if (s.repeats > 0) warnings.push({ code: 'pages-repeat' });
    if (status === 'complete' && s.metaTotal !== undefined && s.metaTotal !== loaded) {
      warnings.push({ code: 'total-mismatch', expected: s.metaTotal, received: loaded });
    }
    const meta =
      s.metaTotal === undefined && s.metaTotalPages === undefined
        ? null
        : {
            ...(s.metaTotal !== undefined && { total: s.metaTotal }),
            ...(s.metaTotalPages !== undefined && { totalPages: s.metaTotalPages }),
          };
    // The row list is flattened from the pages only when someone reads it: progress is
    // reported after every page, but the screen reads it a few times a second at most.
    const readRows = () => this.rows();
    return {
      status,
      get rows() {
        return readRows();
      },
      loaded,
      pagesLoaded: s.pages.size,
      pagesFailed: this.pagesFailed(),
      pagination: { firstPage: s.firstPage, pageSize: s.pageSize, capped: s.capped, meta },
      serverDate: s.serverDate,
      watermarkSource: s.watermarkSource,
      warnings,
    };
  }

  resumePoint(): LoadResumePoint {
    return { ...this.state, pages: new Map(this.state.pages), outcomes: new Map(this.state.outcomes) };
  }

  private hasRows(page: number): boolean {
    const outcome = this.state.outcomes.get(page);
    return outcome === 'rows' || outcome === 'short';
  }

  private lastPageWithRows(): number {
    let max = Number.NEGATIVE_INFINITY;
    for (const page of this.state.pages.keys()) max = Math.max(max, page);
    return max;
  }

  private failedPastRows(): number {
    const lastWithRows = this.lastPageWithRows();
    let failed = 0;
    for (const [page, outcome] of this.state.outcomes)
      if (outcome === 'failed' && page > lastWithRows) failed++;
    return failed;
  }

  private applyMeta(meta: PageMeta | null): void {
    if (!meta) return;
    const s = this.state;
    if (meta.total !== undefined) s.metaTotal = meta.total;
    if (meta.totalPages !== undefined) s.metaTotalPages = meta.totalPages;
    else if (meta.lastPage !== undefined) s.metaTotalPages = Math.max(0, meta.lastPage - s.firstPage + 1);
    if (meta.total !== undefined && meta.total > s.pageSize && s.pageSize < s.perPage) s.capped = true;
  }

  /** The end the metadata implies. A row total beats a page count: it does not depend on a page size the server may echo wrongly. */
  private metaLastPage(): number | null {
    const s = this.state;
    if (s.metaTotal !== undefined) return s.firstPage + Math.ceil(s.metaTotal / s.pageSize) - 1;
    if (s.metaTotalPages !== undefined) return s.firstPage + s.metaTotalPages - 1;
    return null;
  }
}
