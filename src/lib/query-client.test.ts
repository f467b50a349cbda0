import { ApiError, type ApiErrorKind } from './api-error';
import { retryDelay, shouldRetry } from './query-client';

const error = (kind: ApiErrorKind, extra: Partial<{ retryAfterSeconds: number }> = {}) =>
  new ApiError({ kind, endpoint: '/v1/events', ...extra });

describe('retry policy', () => {
  it.each(['unauthorized', 'forbidden', 'not-found', 'bad-request', 'invalid-response'] as const)(
    'never retries %s: the same request gets the same answer',
    (kind) => expect(shouldRetry(0, error(kind))).toBe(false),
  );

  it.each(['rate-limited', 'server', 'network', 'timeout'] as const)('retries %s a few times', (kind) => {
    expect(shouldRetry(0, error(kind))).toBe(true);
    expect(shouldRetry(3, error(kind))).toBe(false);
  });

  it('waits what Retry-After asks on a 429, and backs off exponentially otherwise', () => {
    expect(retryDelay(1, error('rate-limited', { retryAfterSeconds: 12 }))).toBe(12_000);
    expect(retryDelay(0, error('server'))).toBe(1000);
    expect(retryDelay(2, error('server'))).toBe(4000);
    expect(retryDelay(10, error('timeout'))).toBe(15_000);
  });
});
