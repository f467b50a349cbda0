import { isApiError, type ApiError } from './api-error';

/**
 * The one retry policy of the app. React Query (every query) and the paged registrations
 * loader (every page) both ask this module which failures are worth another try and how long
 * to wait first, so a 503 is treated the same way on the events list and on page 87.
 *
 * - Never a 4xx other than 429: the same request gets the same answer (401, 403, 404, 400,
 *   and a malformed response, which is a bug of the server, not a passing fault).
 * - 429: wait what Retry-After asks (a default when it says nothing, capped so a page that
 *   keeps being refused fails visibly instead of hanging the screen).
 * - 5xx, network failure, timeout: exponential backoff.
 */
export const RETRY_POLICY = {
  /** Tries in all (the first one included) for 5xx, network failures and timeouts. */
  attempts: 3,
  /** Wait before the 2nd try; doubles each time, up to maxBackoffMs. */
  baseDelayMs: 500,
  maxBackoffMs: 15_000,
  /** 429s tolerated for one request before it counts as failed. */
  rateLimitRetries: 5,
  /** Wait when a 429 carries no usable Retry-After. */
  defaultRetryAfterSeconds: 2,
  maxRetryAfterSeconds: 60,
} as const;

export type RetryPolicy = typeof RETRY_POLICY;

const RETRYABLE_KINDS: ReadonlySet<ApiError['kind']> = new Set([
  'rate-limited',
  'server',
  'network',
  'timeout',
]);

/** A failure that may pass: 429, 5xx, network, timeout. */
export function isRetryable(error: unknown): error is ApiError {
  return isApiError(error) && RETRYABLE_KINDS.has(error.kind);
}

function isRateLimited(error: unknown): error is ApiError {
  return isApiError(error) && error.kind === 'rate-limited';
}

/** The wait before the next try after `failures` transient failures in a row (1 = the first). */
export function backoffDelayMs(failures: number, policy: RetryPolicy = RETRY_POLICY): number {
  return Math.min(policy.baseDelayMs * 2 ** Math.max(0, failures - 1), policy.maxBackoffMs);
}

/** Seconds to pause after a 429: Retry-After, or the default, never more than the cap. */
export function rateLimitWaitSeconds(error: ApiError, policy: RetryPolicy = RETRY_POLICY): number {
  return Math.min(error.retryAfterSeconds ?? policy.defaultRetryAfterSeconds, policy.maxRetryAfterSeconds);
}

/** React Query's `retry`: `failureCount` is how many tries already failed, minus one. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (!isRetryable(error)) return false;
  const retries = error.kind === 'rate-limited' ? RETRY_POLICY.rateLimitRetries : RETRY_POLICY.attempts - 1;
  return failureCount < retries;
}

/** React Query's `retryDelay`, with the same `failureCount` as shouldRetryQuery. */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  if (isRateLimited(error)) return rateLimitWaitSeconds(error) * 1000;
  return backoffDelayMs(failureCount + 1);
}
