import { ApiError, type ApiErrorKind } from '@/lib/api-error';
import { isEventUnavailable } from './event-availability';

const apiError = (kind: ApiErrorKind, status?: number) =>
  new ApiError({ kind, endpoint: '/v1/events/1001', ...(status !== undefined && { status }) });

describe('isEventUnavailable', () => {
  it('is true for an id that is not an event id, whatever the query says', () => {
    expect(isEventUnavailable(null, null)).toBe(true);
  });

  it('is true when the API answers 404 or 403 for the event', () => {
    expect(isEventUnavailable(1001, apiError('not-found', 404))).toBe(true);
    expect(isEventUnavailable(1001, apiError('forbidden', 403))).toBe(true);
  });

  it('is false while loading, once loaded, and for failures a retry may fix', () => {
    expect(isEventUnavailable(1001, null)).toBe(false);
    for (const kind of ['server', 'network', 'timeout', 'rate-limited', 'invalid-response'] as const) {
      expect(isEventUnavailable(1001, apiError(kind)), kind).toBe(false);
    }
    expect(isEventUnavailable(1001, new Error('boom'))).toBe(false);
  });
});
