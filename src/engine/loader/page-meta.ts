import { isRecord } from '../rpc/contract';

/**
 * Paging metadata a server may send beside `registrations`. The API document promises none
 * (section 4.4), so this reads the common shapes and never requires any of them:
 * top-level fields, or nested under `meta`, `pagination`, `paging`, `_meta` or `meta.pagination`,
 * in snake_case or camelCase, as numbers or numeric strings.
 */
export interface PageMeta {
  /** The page the server says it served (may be a clamped value, e.g. 1 for a requested 0). */
  page?: number;
  perPage?: number;
  total?: number;
  totalPages?: number;
  /** Number of the last page (Laravel's `last_page`), as opposed to a count of pages. */
  lastPage?: number;
}

const FIELD_NAMES: Record<keyof PageMeta, readonly string[]> = {
  page: ['page', 'current_page', 'currentPage', 'page_number', 'pageNumber'],
  perPage: ['per_page', 'perPage', 'page_size', 'pageSize', 'limit'],
  total: ['total', 'total_count', 'totalCount', 'total_items', 'totalItems', 'total_entries', 'totalEntries'],
  totalPages: ['total_pages', 'totalPages', 'page_count', 'pageCount', 'pages'],
  lastPage: ['last_page', 'lastPage'],
};

const CONTAINERS = ['meta', 'pagination', 'paging', '_meta'] as const;

function count(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

function readFrom(source: Record<string, unknown>, into: PageMeta): void {
  for (const key of Object.keys(FIELD_NAMES) as (keyof PageMeta)[]) {
    if (into[key] !== undefined) continue;
    for (const name of FIELD_NAMES[key]) {
      const value = count(source[name]);
      if (value !== undefined) {
        into[key] = value;
        break;
      }
    }
  }
}

/** The metadata of one page response, or null when it carries none. */
export function readPageMeta(body: Record<string, unknown>): PageMeta | null {
  const meta: PageMeta = {};
  // Nested containers first: a top-level `total` is less likely to be about paging than meta.total.
  for (const name of CONTAINERS) {
    const container = body[name];
    if (!isRecord(container)) continue;
    if (isRecord(container.pagination)) readFrom(container.pagination, meta);
    readFrom(container, meta);
  }
  readFrom(body, meta);
  return Object.keys(meta).length > 0 ? meta : null;
}
