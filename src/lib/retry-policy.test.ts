import { ApiError, type ApiErrorKind } from './api-error';
import { backoffDelayMs, queryRetryDelay, RETRY_POLICY, shouldRetryQuery } from './retry-policy';

const error = (kind: ApiErrorKind, extra: Partial<{ retryAfterSeconds: number }> = {}) =>
  new ApiError({ kind, endpoint: '/v1/events', ...extra });

describe('retry policy', () => {
  it.each(['unauthorized', 'forbidden', 'not-found', 'bad-request', 'invalid-response'] as const)(
    'never retries %s: the same request gets the same answer',
    (kind) => expect(shouldRetryQuery(0, error(kind))).toBe(false),
  );

  it('never retries what is not an API error (a bug in the app)', () => {
    expect(shouldRetryQuery(0, new TypeError('x is undefined'))).toBe(false);
  });

  it.each(['server', 'network', 'timeout'] as const)('tries %s three times in all', (kind) => {
    expect(shouldRetryQuery(0, error(kind))).toBe(true);
    expect(shouldRetryQuery(1, error(kind))).toBe(true);
    expect(shouldRetryQuery(RETRY_POLICY.attempts - 1, error(kind))).toBe(false);
  });

  it('tolerates more 429s than failures, since the server said when to come back', () => {
    expect(shouldRetryQuery(RETRY_POLICY.attempts, error('rate-limited'))).toBe(true);
    expect(shouldRetryQuery(RETRY_POLICY.rateLimitRetries, error('rate-limited'))).toBe(false);
  });

  it('waits what Retry-After asks on a 429, capped at a minute, with a default when it says nothing', () => {
    expect(queryRetryDelay(1, error('rate-limited', { retryAfterSeconds: 12 }))).toBe(12_000);
    expect(queryRetryDelay(0, error('rate-limited', { retryAfterSeconds: 3600 }))).toBe(60_000);
    expect(queryRetryDelay(0, error('rate-limited'))).toBe(2000);
  });

  it('backs off exponentially otherwise, the same for queries and pages', () => {
    expect(queryRetryDelay(0, error('server'))).toBe(500);
    expect(queryRetryDelay(2, error('server'))).toBe(2000);
    expect(queryRetryDelay(10, error('timeout'))).toBe(15_000);
    expect(backoffDelayMs(1)).toBe(queryRetryDelay(0, error('network')));
  });
});
