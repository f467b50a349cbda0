import { isApiError } from '@/lib/api-error';
import {
  backoffDelayMs,
  isRetryable,
  rateLimitWaitSeconds,
  RETRY_POLICY,
  type RetryPolicy,
} from '@/lib/retry-policy';
import type { Sleep } from './load-types';
import type { RateThrottle } from './rate-throttle';

export interface RetryContext {
  signal: AbortSignal;
  sleep: Sleep;
  throttle: RateThrottle;
  policy?: RetryPolicy;
}

/**
 * One page request under the app's retry policy (lib/retry-policy), each attempt in one of the
 * session's slots (shared-pace.ts): 429 -> tell the throttle (halve every load's pool, pause
 * for Retry-After) and try again; 5xx/network/timeout -> back off and
 * try again; anything else (401, 403, 404, 400, invalid response) -> throw at once.
 * Throws the last error when the tries run out, or the abort reason when cancelled.
 */
export async function fetchWithRetry<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  { signal, sleep, throttle, policy = RETRY_POLICY }: RetryContext,
): Promise<T> {
  let failures = 0;
  let rateLimits = 0;
  for (;;) {
    // One of the session's slots for the request itself, handed back before any wait below.
    const release = await pacedSlot(throttle, signal);
    const ticket = throttle.ticket();
    try {
      return await attempt(signal);
    } catch (error) {
      release();
      if (signal.aborted || !isApiError(error)) throw error;
      if (error.kind === 'rate-limited') {
        rateLimits += 1;
        if (rateLimits > policy.rateLimitRetries) throw error;
        throttle.rateLimited(ticket, rateLimitWaitSeconds(error, policy));
        continue;
      }
      if (!isRetryable(error)) throw error;
      failures += 1;
      if (failures >= policy.attempts) throw error;
      await sleep(backoffDelayMs(failures, policy), signal);
    } finally {
      release();
    }
  }
}

/**
 * A slot taken while no Retry-After pause runs: a pause that began while this request waited
 * for its slot (another load got a 429) is waited out first. Throws the abort reason.
 */
async function pacedSlot(throttle: RateThrottle, signal: AbortSignal): Promise<() => void> {
  for (;;) {
    await throttle.ready();
    signal.throwIfAborted();
    const release = await throttle.slot(signal);
    if (release && !signal.aborted && !throttle.paused) return release;
    release?.();
    signal.throwIfAborted();
  }
}
