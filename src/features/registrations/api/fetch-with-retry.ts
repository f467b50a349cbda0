import { isApiError, isTransient } from '@/lib/api-error';
import { abortReason } from './abort-utils';
import type { Sleep } from './load-types';
import type { RateThrottle } from './rate-throttle';

export interface RetryPolicy {
  /** Tries in all for 5xx, network and timeout failures. */
  attempts: number;
  /** Backoff before the 2nd try; doubles each time. */
  baseDelayMs: number;
  /** 429s tolerated for one page before it counts as failed. */
  rateLimitRetries: number;
  /** Wait when a 429 carries no usable Retry-After. */
  defaultRetryAfterSeconds: number;
  /** A Retry-After longer than this is shortened: a page that still gets 429 later fails visibly instead of hanging the screen. */
  maxRetryAfterSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 500,
  rateLimitRetries: 5,
  defaultRetryAfterSeconds: 2,
  maxRetryAfterSeconds: 60,
};

export interface RetryContext {
  signal: AbortSignal;
  sleep: Sleep;
  throttle: RateThrottle;
  policy?: RetryPolicy;
}

/**
 * One page request with the loader's retry rules: 429 -> tell the throttle (halve the pool,
 * pause for Retry-After) and try again; 5xx/network/timeout -> back off and try again, up to
 * `attempts`; anything else (401, 403, 404, 400, invalid response) -> throw at once.
 * Throws the last error when the tries run out, or the abort reason when cancelled.
 */
export async function fetchWithRetry<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  { signal, sleep, throttle, policy = DEFAULT_RETRY_POLICY }: RetryContext,
): Promise<T> {
  let failures = 0;
  let rateLimits = 0;
  for (;;) {
    await throttle.ready();
    if (signal.aborted) throw abortReason(signal);
    const ticket = throttle.ticket();
    try {
      return await attempt(signal);
    } catch (error) {
      if (signal.aborted || !isApiError(error)) throw error;
      if (error.kind === 'rate-limited') {
        rateLimits += 1;
        if (rateLimits > policy.rateLimitRetries) throw error;
        const seconds = error.retryAfterSeconds ?? policy.defaultRetryAfterSeconds;
        throttle.rateLimited(ticket, Math.min(seconds, policy.maxRetryAfterSeconds));
        continue;
      }
      if (!isTransient(error)) throw error;
      failures += 1;
      if (failures >= policy.attempts) throw error;
      await sleep(policy.baseDelayMs * 2 ** (failures - 1), signal);
    }
  }
}
