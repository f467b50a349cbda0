import { parseIsoDate } from '../data/dates';
import { errorResponse } from './respond';

/** A query parameter's value; an empty value (`?start_date=`) counts as absent, as forms send it. */
export function queryValue(url: URL, name: string): string | null {
  const value = url.searchParams.get(name);
  return value === null || value === '' ? null : value;
}

function invalid(name: string, message: string): Response {
  return errorResponse(400, 'invalid_parameter', message, name);
}

/** A YYYY-MM-DD parameter as epoch ms (null when absent), or a 400 answer. */
export function parseDateParam(url: URL, name: string): number | null | Response {
  const value = queryValue(url, name);
  if (value === null) return null;
  return parseIsoDate(value) ?? invalid(name, `${name} must be a date written YYYY-MM-DD.`);
}

// Date, or date-time with optional seconds, fraction and zone. A bare date or a zoneless
// date-time is read as UTC. A space before the zone means an unencoded '+' (decoded to a
// space by the query string rules) and is rejected, so the client learns to encode it.
const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * updated_since as a canonical ISO string (null when absent), or a 400 answer.
 * Canonical form = Date#toISOString(), the same as every updated_at in the dataset, so the
 * filter can compare strings.
 */
export function parseUpdatedSince(url: URL): string | null | Response {
  const value = queryValue(url, 'updated_since');
  if (value === null) return null;
  const match = TIMESTAMP.exec(value);
  const datePart = match?.[1];
  if (!match || datePart === undefined || parseIsoDate(datePart) === null) {
    return invalid('updated_since', 'updated_since must be YYYY-MM-DD or an ISO 8601 timestamp.');
  }
  const [, , hours, minutes, seconds] = match;
  if (Number(hours ?? 0) > 23 || Number(minutes ?? 0) > 59 || Number(seconds ?? 0) > 59) {
    return invalid('updated_since', 'updated_since has an out-of-range time.');
  }
  const hasTime = hours !== undefined;
  const hasZone = match[5] !== undefined;
  const normalized = hasTime ? value.replace(' ', 'T') + (hasZone ? '' : 'Z') : `${value}T00:00:00Z`;
  const ms = Date.parse(normalized.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(ms)) {
    return invalid('updated_since', 'updated_since must be YYYY-MM-DD or an ISO 8601 timestamp.');
  }
  return new Date(ms).toISOString();
}
