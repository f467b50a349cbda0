import type { z } from '@/lib/zod';
import { ApiError, parseRetryAfter } from './api-error';
import { reportNetworkAnswer, reportNetworkFailure } from './offline';
import { readJsonBody, type BodyReading } from './json-body';
import { getSession, type Session } from './session';

export type QueryParams = Record<string, string | number | undefined | null>;

export interface ApiRequestOptions {
  params?: QueryParams;
  /** React Query's AbortSignal: cancels the request when the query is no longer wanted. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Defaults to the signed-in session; sign-in passes the candidate session to check a key. */
  session?: Session;
  /**
   * Reads the body and checks it against the schema somewhere else than here (a worker, for
   * large answers); by default, on this thread with readJsonBody.
   */
  readBody?: (response: Response) => Promise<BodyReading<unknown>>;
  /**
   * Sends the request somewhere else than this thread's fetch (a worker, for large answers; see
   * readBody); by default, fetch. Demo sessions always go through the demo transport.
   */
  send?: (url: URL, init: RequestInit) => Promise<Response>;
}

export interface ApiResponse<T> {
  data: T;
  /** The server's clock (`Date` header) when readable: the watermark for `updated_since`. */
  serverDate: Date | null;
}

const DEFAULT_TIMEOUT_MS = 20_000;

const unauthorizedListeners = new Set<() => void>();

/**
 * Answers a request in the page instead of the network: the built-in demo API (msw's
 * handlers run through `getResponse`). `undefined` means no handler matched.
 */
export type DemoTransport = (request: Request) => Promise<Response | undefined>;

let demoTransport: DemoTransport | null = null;

/**
 * Installed by the demo module when a demo session starts or resumes, removed at sign-out.
 * Only a demo session's requests use it; every other session goes to the network.
 */
export function setDemoTransport(transport: DemoTransport | null): void {
  demoTransport = transport;
}

/**
 * Sends a request of a demo session through the demo transport. With none installed (signed
 * out, or the demo could not load, e.g. offline) nothing answers: a network error, never the
 * network, so a demo URL can never reach a server.
 */
export async function sendDemoRequest(request: Request): Promise<Response> {
  const transport = demoTransport;
  if (!transport) throw new TypeError('The demo API is not running');
  const signal = request.signal;
  signal.throwIfAborted();
  // The handlers do not watch the signal: stop waiting for them when it fires.
  let stopWaiting = () => {};
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    stopWaiting = () => signal.removeEventListener('abort', onAbort);
  });
  let response: Response | undefined;
  try {
    response = await Promise.race([transport(request), aborted]);
  } finally {
    stopWaiting();
  }
  return response ?? new Response(null, { status: 404 });
}

/**
 * Be told when the signed-in key is refused (401), whichever request saw it: a query, a
 * page of registrations, a refresh. A key being checked at sign-in does not count.
 */
export function onSessionUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

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

/**
 * The one way the app talks to the Partner API: GET, `X-API-Key`, a timeout, every failure
 * mapped to an ApiError, and the body validated by the resource's schema at the edge, so a
 * malformed answer becomes a query error instead of a crash three components later.
 */
export async function apiRequest<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<ApiResponse<z.output<S>>> {
  const session = options.session ?? getSession();
  const endpoint = path;
  if (!session) throw new ApiError({ kind: 'unauthorized', endpoint, detail: 'not signed in' });

  const url = buildUrl(session.baseUrl, path, options.params);
  // Named in the error's details for the IT contact: without the query (search terms, ids).
  const asked = `${url.origin}${url.pathname}`;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    const init: RequestInit = {
      method: 'GET',
      headers: { 'X-API-Key': session.apiKey, Accept: 'application/json' },
      signal,
      credentials: 'omit',
    };
    if (session.demo) response = await sendDemoRequest(new Request(url, init));
    else response = options.send ? await options.send(url, init) : await fetch(url, init);
  } catch (cause) {
    // The caller's own cancellation is not a failure: let React Query see the abort as is.
    if (options.signal?.aborted) throw options.signal.reason ?? cause;
    if (timeout.aborted) throw new ApiError({ kind: 'timeout', endpoint, url: asked });
    reportNetworkFailure();
    throw new ApiError({
      kind: 'network',
      endpoint,
      url: asked,
      detail: cause instanceof Error ? cause.message : undefined,
    });
  }

  reportNetworkAnswer();
  if (!response.ok) {
    const error = statusError(response, endpoint, asked);
    if (error.kind === 'unauthorized' && !options.session)
      for (const listener of unauthorizedListeners) listener();
    throw error;
  }

  const reading = await (options.readBody ?? readInPage(schema))(response);
  if (!reading.ok && reading.problem === 'invalid') {
    throw new ApiError({
      kind: 'invalid-response',
      endpoint,
      url: asked,
      field: reading.field,
      detail: reading.detail,
    });
  }
  if (!reading.ok) {
    const contentType = response.headers.get('content-type') ?? undefined;
    throw new ApiError({
      kind: 'invalid-response',
      endpoint,
      url: asked,
      status: response.status,
      ...(contentType !== undefined && { contentType }),
      detail: `body is not JSON (${contentType ?? 'no content type'}): ${reading.detail}`,
    });
  }

  const dateHeader = response.headers.get('date');
  const serverDate = dateHeader ? new Date(dateHeader) : null;
  return {
    // readBody checked the body against the same schema (see ApiRequestOptions.readBody).
    data: reading.data as z.output<S>,
    serverDate: serverDate && !Number.isNaN(serverDate.getTime()) ? serverDate : null,
  };
}

/** The body read as text and checked against the schema on this thread. Never throws. */
function readInPage<S extends z.ZodMiniType>(schema: S) {
  return async (response: Response): Promise<BodyReading<z.output<S>>> => {
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      return {
        ok: false,
        problem: 'not-json',
        detail: cause instanceof Error ? cause.message : 'unreadable',
      };
    }
    return readJsonBody(schema, text);
  };
}

/** apiRequest for callers that only need the body. */
export async function apiGet<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options?: ApiRequestOptions,
): Promise<z.output<S>> {
  return (await apiRequest(path, schema, options)).data;
}

function statusError(response: Response, endpoint: string, url: string): ApiError {
  const status = response.status;
  // The body (JSON, HTML error page, nothing) is deliberately not echoed: it is not ours to show.
  if (status === 401) return new ApiError({ kind: 'unauthorized', endpoint, url, status });
  if (status === 403) return new ApiError({ kind: 'forbidden', endpoint, url, status });
  if (status === 404) return new ApiError({ kind: 'not-found', endpoint, url, status });
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
    return new ApiError({
      kind: 'rate-limited',
      endpoint,
      url,
      status,
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
    });
  }
  if (status >= 500) return new ApiError({ kind: 'server', endpoint, url, status });
  return new ApiError({ kind: 'bad-request', endpoint, url, status });
}
