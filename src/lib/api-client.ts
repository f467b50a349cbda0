import type { z } from '@/lib/zod';
import { ApiError, parseRetryAfter } from './api-error';
import { reportNetworkAnswer, reportNetworkFailure } from './offline';
import { readJsonBody, type BodyReading } from './json-body';
import { API_TIMEOUT_MS, apiRequestInit, buildUrl, type QueryParams } from './api-request-init';
import { takeEarlyApiResponse } from './early-api-requests';
import { getSession, type Session } from './session';
import { sendDemoRequest } from './api-demo-transport';
import { reportUnauthorized } from './api-unauthorized';
import { untilAborted } from './until-aborted';

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
