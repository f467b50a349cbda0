import type { ApiResponse } from '@/lib/api-client';
import { isApiError, type ApiError } from '@/lib/api-error';
import { isRetryable } from '@/lib/retry-policy';
import { readPageMeta } from './page-meta';
import type { RegistrationPageResponse } from '../api/registration-schemas';

/*
 * The API document gives no first page number, page size or metadata (section 4.4), so the
 * loader asks for page=1 and page=0 together and reads the answers:
 *  - page 0 fails with an HTTP error, is empty, or repeats page 1's ids -> numbering starts at 1
 *    (PHP-style servers clamp page=0 to page 1);
 *  - page 0 has other rows than page 1 (or page 1 is empty) -> numbering starts at 0;
 *  - both empty: an empty event; a `page` echo on page 0 decides, else 1.
 * Ids are trusted over a `page` echo, because some servers echo the requested page, not the
 * one they served.
 */

export type Probe =
  { ok: true; response: ApiResponse<RegistrationPageResponse> } | { ok: false; error: ApiError };

export interface FirstPageDecision {
  firstPage: 0 | 1;
  /** Page 0 never answered, so 1-based is an assumption (reported as a warning). */
  guessed: boolean;
}

function ids(probe: Extract<Probe, { ok: true }>): number[] {
  return probe.response.data.registrations.map((row) => row.registration_id);
}

/** Decides the numbering, or throws the ApiError that makes the whole load fail. */
export function decideFirstPage(page0: Probe, page1: Probe): FirstPageDecision {
  if (!page1.ok && page1.error.kind === 'unauthorized') throw page1.error;
  if (!page0.ok && page0.error.kind === 'unauthorized') throw page0.error;

  if (!page1.ok) {
    // Page 1 failed but page 0 has rows: a 0-based server whose second page failed (it is
    // then retried or reported like any page). Otherwise the first page itself failed.
    if (page0.ok && page0.response.data.registrations.length > 0) {
      return { firstPage: 0, guessed: false };
    }
    throw page1.error;
  }

  if (!page0.ok) {
    // A 4xx or 5xx refusing page 0 is the server's word; no answer (network, timeout) or
    // "come back later" (429) is not, so 1-based is then a guess.
    const answered = page0.error.kind === 'server' || !isRetryable(page0.error);
    return { firstPage: 1, guessed: !answered };
  }

  const ids0 = ids(page0);
  const ids1 = new Set(ids(page1));
  if (ids0.length === 0 && ids1.size === 0) {
    return { firstPage: readPageMeta(page0.response.data)?.page === 0 ? 0 : 1, guessed: false };
  }
  if (ids0.length === 0) return { firstPage: 1, guessed: false };
  if (ids1.size === 0) return { firstPage: 0, guessed: false };
  // "Mostly the same rows" rather than "identical": the list may shift between the two calls.
  const shared = ids0.filter((id) => ids1.has(id)).length;
  return { firstPage: shared * 2 > ids0.length ? 1 : 0, guessed: false };
}

export interface PageSizeDecision {
  pageSize: number;
  capped: boolean;
}

/**
 * The real page size, from the first page. A first page shorter than asked is either the
 * whole list or a silent cap; both are handled by taking its length as the page size: if the
 * next page is empty the list ended, if not the cap is confirmed. A `per_page` echo only
 * confirms the cap: it may be the requested value, and trusting it could end the load early.
 */
export function decidePageSize(
  perPage: number,
  firstPageRows: number,
  evidence: { metaPerPage?: number | undefined; metaTotal?: number | undefined; nextPageHasRows?: boolean },
): PageSizeDecision {
  if (firstPageRows === 0) return { pageSize: perPage, capped: false };
  if (firstPageRows >= perPage) return { pageSize: firstPageRows, capped: false };
  const capped =
    evidence.metaPerPage === firstPageRows ||
    evidence.nextPageHasRows === true ||
    (evidence.metaTotal ?? 0) > firstPageRows;
  return { pageSize: firstPageRows, capped };
}

/** Settles a probe: ApiErrors become values, anything else (an abort, a bug) propagates. */
export async function settleProbe(request: Promise<ApiResponse<RegistrationPageResponse>>): Promise<Probe> {
  try {
    return { ok: true, response: await request };
  } catch (error) {
    if (isApiError(error)) return { ok: false, error };
    throw error;
  }
}
