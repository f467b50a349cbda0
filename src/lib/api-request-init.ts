import type { Session } from './session-record';

/**
 * How every request to the Partner API is addressed and sent: the URL under the session's base
 * URL and the request's options (GET, the key in `X-API-Key`, no cookies). Shared by
 * api-client.ts and the page's entry (early-api-requests.ts), whose requests must be the same
 * request for the app to take their answers; it imports nothing, so the entry stays small.
 */

export type QueryParams = Record<string, string | number | undefined | null>;

/** How long a request may take before it is a timeout (ApiError `timeout`). */
export const API_TIMEOUT_MS = 20_000;

/** Join the base URL and a `/v1/...` path. A relative base (same-origin proxy) resolves against the page. */
export function buildUrl(baseUrl: string, path: string, params?: QueryParams): URL {
  if (!path.startsWith('/')) throw new Error(`API paths are relative to the base URL: ${path}`);
  const base = baseUrl.replace(/\/+$/, '');
  const url = new URL(base + path, globalThis.location?.href ?? 'http://localhost/');
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  return url;
}

/** The options of a request to the Partner API with `session`'s key. */
export function apiRequestInit(session: Session, signal: AbortSignal): RequestInit {
  return {
    method: 'GET',
    headers: { 'X-API-Key': session.apiKey, Accept: 'application/json' },
    signal,
    credentials: 'omit',
  };
}
