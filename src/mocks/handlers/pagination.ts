import { queryValue } from './query-params';
import { errorResponse } from './respond';
import type { ResolvedMockApiOptions } from './options';

export interface PageRequest {
  /** Effective page number, in the configured numbering (0- or 1-based). */
  page: number;
  /** Effective page size, after the silent cap. */
  perPage: number;
}

/**
 * page / per_page, with the conventions documented in registrations.ts: a page below the
 * first one is read as the first page (like many PHP back-ends), a non-integer page is a
 * 400, per_page must be a positive integer and is silently capped at maxPerPage.
 */
export function parsePageRequest(url: URL, options: ResolvedMockApiOptions): PageRequest | Response {
  const rawPage = queryValue(url, 'page');
  const rawPerPage = queryValue(url, 'per_page');
  if (rawPage !== null && !/^-?\d+$/.test(rawPage)) {
    return errorResponse(400, 'invalid_parameter', 'page must be an integer.', 'page');
  }
  if (rawPerPage !== null && !/^\d+$/.test(rawPerPage)) {
    return errorResponse(400, 'invalid_parameter', 'per_page must be a positive integer.', 'per_page');
  }
  const perPage = rawPerPage === null ? options.defaultPerPage : Number(rawPerPage);
  if (perPage < 1) {
    return errorResponse(400, 'invalid_parameter', 'per_page must be a positive integer.', 'per_page');
  }
  const page = rawPage === null ? options.firstPage : Math.max(options.firstPage, Number(rawPage));
  return { page, perPage: Math.min(perPage, options.maxPerPage) };
}

/** The items of the requested page; past the end, an empty array (never an error). */
export function slicePage<T>(items: readonly T[], request: PageRequest, firstPage: 0 | 1): T[] {
  const start = (request.page - firstPage) * request.perPage;
  return items.slice(start, start + request.perPage);
}
