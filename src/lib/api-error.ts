/**
 * Every failure of a Partner API call becomes one ApiError with a kind the UI can translate.
 * Messages are for developers and logs: they name the endpoint (a path, never the key or the
 * full URL with its query) and, for a bad payload, the offending field. The address that failed
 * (`url`, without its query) and the raw cause (`detail`) are kept for the "Details" a promoter
 * can hand to their IT contact.
 */
export type ApiErrorKind =
  | 'unauthorized' // 401: missing or invalid key
  | 'forbidden' // 403: the key may not see this resource
  | 'not-found' // 404
  | 'rate-limited' // 429
  | 'bad-request' // other 4xx
  | 'server' // 5xx, whatever the body (often an HTML error page)
  | 'network' // no answer: offline, DNS, CORS refusal
  | 'timeout' // no answer in time
  | 'invalid-response'; // not JSON, or not the shape the API document describes

export interface ApiErrorInit {
  kind: ApiErrorKind;
  endpoint: string;
  status?: number;
  /** Seconds the server asked us to wait (429 Retry-After). */
  retryAfterSeconds?: number;
  /** For invalid responses: the path of the first offending field, e.g. `events[2].eve_id`. */
  field?: string;
  /** The address asked, origin and path only: no query, and the key is never in a URL. */
  url?: string;
  /** The Content-Type of an answer that was not JSON (an HTML page says "wrong address"). */
  contentType?: string;
  /** The raw cause in the browser's or the parser's words ("Failed to fetch"). */
  detail?: string;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly field: string | undefined;
  readonly url: string | undefined;
  readonly contentType: string | undefined;
  readonly detail: string | undefined;

  constructor(init: ApiErrorInit) {
    const parts = [`${init.kind}`, `GET ${init.endpoint}`];
    if (init.status !== undefined) parts.push(`HTTP ${init.status}`);
    if (init.field !== undefined) parts.push(`field ${init.field}`);
    if (init.detail) parts.push(init.detail);
    super(parts.join(': '));
    this.name = 'ApiError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.field = init.field;
    this.url = init.url;
    this.contentType = init.contentType;
    this.detail = init.detail;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Parse Retry-After: delta-seconds or an HTTP date. Returns whole seconds, or undefined. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
