import { todayUtc } from '../data/dates';

/** Knobs of the demo Partner API. The API document leaves these conventions open (its
 * sections 4.4, 7 and 8), so the mock can play each variant a real server might choose. */
export interface MockApiOptions {
  /** Origin (+ optional path prefix) to answer on; '*' (default) matches any origin. */
  baseUrl?: string;
  /** Artificial delay before every answer, in ms (default 0). */
  latencyMs?: number;
  /** per_page above this is silently lowered to it (default 1000). */
  maxPerPage?: number;
  /** per_page when the query does not give one (default 50). */
  defaultPerPage?: number;
  /** Number of the first page: 0 or 1 (default 1). */
  firstPage?: 0 | 1;
  /** Add page, per_page, total, total_pages next to `registrations` (default false). */
  includePageMeta?: boolean;
  /** Reference date of the dataset, YYYY-MM-DD (default: today in UTC at creation). */
  today?: string;
  /** Status for another promoter's event: 403, or 404 to hide its existence (default 404). */
  forbiddenStatus?: 403 | 404;
}

export type ResolvedMockApiOptions = Required<MockApiOptions>;

export function resolveMockApiOptions(options: MockApiOptions = {}): ResolvedMockApiOptions {
  const maxPerPage = Math.max(1, Math.floor(options.maxPerPage ?? 1000));
  return {
    baseUrl: normalizeBaseUrl(options.baseUrl ?? '*'),
    latencyMs: Math.max(0, options.latencyMs ?? 0),
    maxPerPage,
    defaultPerPage: Math.min(maxPerPage, Math.max(1, Math.floor(options.defaultPerPage ?? 50))),
    firstPage: options.firstPage ?? 1,
    includePageMeta: options.includePageMeta ?? false,
    today: options.today ?? todayUtc(),
    forbiddenStatus: options.forbiddenStatus ?? 404,
  };
}

/** 'http://host/prefix/' -> 'http://host/prefix', so paths can be appended with '/v1/...'. */
function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl === '*' ? '*' : baseUrl.replace(/\/+$/, '');
}
