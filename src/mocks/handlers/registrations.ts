/*
 * GET /v1/events/:eventId/registrations — conventions of the demo Partner API.
 *
 * The API document (section 4.4) leaves paging unspecified; this mock makes every choice
 * configurable so the client can be tested against each plausible server:
 *
 * - page: numbered from `firstPage` (1 by default, 0 optional). Absent -> first page.
 *   A page below the first is read as the first page (PHP-style clamping: a client probing
 *   page=0 on a 1-based server gets page 1 twice and must de-duplicate by registration_id).
 *   A page past the end -> 200 with an empty `registrations` array. Non-integer -> 400.
 * - per_page: default `defaultPerPage` (50); above `maxPerPage` (1000) it is silently
 *   capped, so a client must not infer "last page" from receiving fewer rows than it asked
 *   for unless it also knows the cap. 0, negative or non-integer -> 400.
 * - Body: { registrations } only. With `includePageMeta`, also { page, per_page, total,
 *   total_pages } (effective values, after clamping and capping; total counts the rows
 *   matching updated_since).
 * - Order: registration_id ascending, stable across pages and calls.
 * - updated_since: YYYY-MM-DD (midnight UTC) or ISO 8601 timestamp (zoneless = UTC);
 *   keeps rows whose updated_at is strictly later. Unparseable -> 400.
 * - Errors: JSON { error, message } — 401 unauthorized (no/invalid X-API-Key), 404
 *   not_found (unknown or malformed id; also another promoter's event unless
 *   forbiddenStatus is 403), 400 invalid_parameter (adds `parameter`).
 * - Every response has a Date header: the server clock, to use for the next updated_since.
 */
import type { HttpHandler } from 'msw';
import type { HandlerContext } from './context';
import { ownedEventHandler } from './event-access';
import { parsePageRequest, slicePage } from './pagination';
import { parseUpdatedSince } from './query-params';
import { jsonResponse } from './respond';

export function registrationsHandler(context: HandlerContext): HttpHandler {
  const { options } = context;
  return ownedEventHandler(context, '/v1/events/:eventId/registrations', (record, request, dataset) => {
    const url = new URL(request.url);
    const updatedSince = parseUpdatedSince(url);
    if (updatedSince instanceof Response) return updatedSince;
    const pageRequest = parsePageRequest(url, options);
    if (pageRequest instanceof Response) return pageRequest;

    const all = dataset.registrationsOf(record.spec.id);
    const matching = updatedSince === null ? all : all.filter((row) => row.updated_at > updatedSince);
    const registrations = slicePage(matching, pageRequest, options.firstPage);
    if (!options.includePageMeta) return jsonResponse({ registrations });
    return jsonResponse({
      registrations,
      page: pageRequest.page,
      per_page: pageRequest.perPage,
      total: matching.length,
      total_pages: Math.ceil(matching.length / pageRequest.perPage),
    });
  });
}
