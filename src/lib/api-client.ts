import type { z } from '@/lib/zod';
import { ApiError, parseRetryAfter } from './api-error';
import { reportNetworkAnswer, reportNetworkFailure } from './offline';
import { readJsonBody, type BodyReading } from './json-body';
import { API_TIMEOUT_MS, apiRequestInit, buildUrl, type QueryParams } from './api-request-init';
import { takeEarlyApiResponse } from './early-api-requests';
import { getSession, type Session } from './session';

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
   * readBody); by default, fetch, or the demo transport for a demo session. A `send` given
   * answers demo sessions itself: it must never send their requests to the network.
   */
  send?: (url: URL, init: RequestInit) => Promise<Response>;
}

export interface ApiResponse<T> {
  data: T;
  /** The server's clock (`Date` header) when readable: the watermark for `updated_since`. */
  serverDate: Date | null;
}

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
  // The handlers do not watch the signal: stop waiting for them when it fires.
  const response = await untilAborted(transport(request), request.signal);
  return response ?? new Response(null, { status: 404 });
}

/**
 * `answer`, or the reason of `signal` as soon as it fires, for an answer that does not watch
 * the signal itself (the demo's handlers, a request the page's entry sent).
 */
async function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  let stopWaiting = () => {};
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    stopWaiting = () => signal.removeEventListener('abort', onAbort);
  });
  try {
    return await Promise.race([answer, aborted]);
  } finally {
    stopWaiting();
  }
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

/**
 * Tells the listeners the signed-in key was refused by a request made elsewhere (the engine's
 * background sync), as a refusal seen here would.
 */
export function reportUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
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
  const timeout = AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    const init = apiRequestInit(session, signal);
    // The page's entry may have sent this very request already (the page load's screen).
    const early =
      session.demo || options.send || options.session ? undefined : takeEarlyApiResponse(url, session);
    if (options.send) response = await options.send(url, init);
    else if (session.demo) response = await sendDemoRequest(new Request(url, init));
    else if (early) response = await untilAborted(early, signal);
    else response = await fetch(url, init);
  } catch (cause) {
    // The caller's own cancellation is not a failure: let React Query see the abort as is.
    if (options.signal?.aborted) throw options.signal.reason ?? cause;
    // An early request has a timer of its own, started when the page's entry sent it.
    const timedOut = timeout.aborted || (cause instanceof DOMException && cause.name === 'TimeoutError');
    if (timedOut) throw new ApiError({ kind: 'timeout', endpoint, url: asked });
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
    if (error.kind === 'unauthorized' && !options.session) reportUnauthorized();
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
