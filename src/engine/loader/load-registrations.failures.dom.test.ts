import { DEMO_EVENT_IDS } from '@/mocks/data';
import { ApiError } from '@/lib/api-error';
import { startSession } from '@/lib/session';
import { server } from '../../../test/msw-server';
import { loadRegistrations, retryMissing } from './load-registrations';
import type { RegistrationsLoadResult } from './load-types';
import { ids, oneTo, progressLog, recordingSleep, signInForTests } from './testing/loader-test-kit';
import { pagedApi, status, TEST_ORIGIN, type PagedApiOptions } from './testing/paged-api';
import { waitUntil } from '../../../test/wait-until';

function usePagedApi(options: PagedApiOptions) {
  const api = pagedApi(options);
  server.use(api.handler);
  return api;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => new Error('expected the load to reject'),
    (reason: unknown) => reason,
  );
  if (error instanceof ApiError) return error;
  throw error;
}

beforeEach(signInForTests);

describe('loadRegistrations: the bounded pool', () => {
  it.each([4, 6])('never has more than %i requests in flight, and fills the pool', async (concurrency) => {
    const api = usePagedApi({ total: 3000, latencyMs: 5 });
    const result = await loadRegistrations({ eventId: 7, perPage: 20, concurrency });
    expect(result).toMatchObject({ status: 'complete', loaded: 3000, pagesLoaded: 150 });
    expect(api.maxOpen()).toBe(concurrency);
  });

  it('slows down on 429 and waits Retry-After before retrying that page', async () => {
    let answered429At = -1;
    const api = usePagedApi({
      total: 2000,
      latencyMs: 15,
      intercept: (call, attempt) => {
        if (call.page !== 8 || attempt > 1) return undefined;
        answered429At = api.calls.length;
        return status(429, { 'Retry-After': '3' });
      },
    });
    const { sleep, waits } = recordingSleep();
    const result = await loadRegistrations({ eventId: 7, perPage: 50, sleep });

    expect(result).toMatchObject({ status: 'complete', loaded: 2000, pagesFailed: [] });
    expect(waits).toEqual([3000]);
    expect(api.callsFor(8)).toHaveLength(2);
    const before = api.calls.slice(0, answered429At);
    // Leave a few calls for the answer to travel back; after that the pool runs at half size.
    const after = api.calls.slice(answered429At + 6);
    expect(Math.max(...before.map((call) => call.openAtStart))).toBe(6);
    expect(after.length).toBeGreaterThan(10);
    expect(Math.max(...after.map((call) => call.openAtStart))).toBeLessThanOrEqual(3);
  });

  it('waits 2 s on a 429 without Retry-After', async () => {
    usePagedApi({
      total: 100,
      intercept: (call, attempt) => (call.page === 2 && attempt === 1 ? status(429) : undefined),
    });
    const { sleep, waits } = recordingSleep();
    const result = await loadRegistrations({ eventId: 7, perPage: 20, sleep });
    expect(result.status).toBe('complete');
    expect(waits).toEqual([2000]);
  });

  it('retries a page that fails once, with backoff', async () => {
    const api = usePagedApi({
      total: 200,
      intercept: (call, attempt) => (call.page === 3 && attempt === 1 ? status(500) : undefined),
    });
    const { sleep, waits } = recordingSleep();
    const result = await loadRegistrations({ eventId: 7, perPage: 20, sleep });
    expect(result).toMatchObject({ status: 'complete', loaded: 200, pagesFailed: [] });
    expect(api.callsFor(3)).toHaveLength(2);
    expect(waits).toEqual([500]);
  });

  it('reports a page that keeps failing as incomplete, keeps the other rows, and retryMissing completes it', async () => {
    const api = usePagedApi({ total: 200, intercept: (call) => (call.page === 3 ? status(503) : undefined) });
    const { onProgress, snapshots } = progressLog();
    const { sleep, waits } = recordingSleep();
    const result = await loadRegistrations({ eventId: 7, perPage: 20, sleep, onProgress });

    expect(result).toMatchObject({ status: 'incomplete', loaded: 180, pagesFailed: [3] });
    expect(ids(result.rows)).toEqual(oneTo(200).filter((id) => id <= 40 || id > 60));
    expect(api.callsFor(3)).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
    expect(snapshots.some((s) => s.status === 'complete')).toBe(false);

    const healthy = usePagedApi({ total: 200 });
    const retried = await retryMissing(result, { sleep });
    expect(retried).toMatchObject({ status: 'complete', loaded: 200, pagesFailed: [] });
    expect(ids(retried.rows)).toEqual(oneTo(200));
    expect(healthy.calls.map((call) => call.page)).toEqual([3]);
    expect(retried.serverDate).toBe(result.serverDate);
  });

  it('stops scanning when the server goes down, and retryMissing resumes the scan', async () => {
    usePagedApi({ total: 100, intercept: (call) => (call.page >= 3 ? status(502) : undefined) });
    const result = await loadRegistrations({ eventId: 7, perPage: 20, ...recordingSleep() });
    expect(result.status).toBe('incomplete');
    expect(result.pagesFailed.slice(0, 3)).toEqual([3, 4, 5]);
    expect(result.loaded).toBe(40);

    usePagedApi({ total: 100 });
    const retried = await retryMissing(result, recordingSleep());
    expect(retried).toMatchObject({ status: 'complete', loaded: 100, pagesFailed: [] });
  });

  it('returns a complete result from retryMissing untouched', async () => {
    const api = usePagedApi({ total: 10 });
    const result = await loadRegistrations({ eventId: 7 });
    const before = api.calls.length;
    await expect(retryMissing(result)).resolves.toBe(result);
    expect(api.calls).toHaveLength(before);
  });
});

describe('loadRegistrations: errors that reject', () => {
  it('rejects with unauthorized when the key is refused on the first page', async () => {
    startSession({ baseUrl: TEST_ORIGIN, apiKey: 'not-a-key', demo: false });
    const error = await rejection(loadRegistrations({ eventId: DEMO_EVENT_IDS.trickySmall }));
    expect(error.kind).toBe('unauthorized');
  });

  it('rejects with not-found for an event of another promoter', async () => {
    const error = await rejection(loadRegistrations({ eventId: DEMO_EVENT_IDS.coastal }));
    expect(error.kind).toBe('not-found');
  });

  it('rejects with invalid-response when the first page is not a registration list', async () => {
    usePagedApi({ total: 10, intercept: () => Response.json({ items: [] }) });
    const error = await rejection(loadRegistrations({ eventId: 7 }));
    expect(error.kind).toBe('invalid-response');
  });

  it('rejects on a 401 in the middle of the load and stops asking', async () => {
    const api = usePagedApi({
      total: 2000,
      latencyMs: 5,
      intercept: (call) => (call.page === 5 ? status(401) : undefined),
    });
    const error = await rejection(loadRegistrations({ eventId: 7, perPage: 20 }));
    expect(error.kind).toBe('unauthorized');
    expect(api.calls.length).toBeLessThan(20);
  });
});

describe('loadRegistrations: cancelling', () => {
  it('resolves as cancelled with the rows so far, aborting in-flight requests and scheduling no more', async () => {
    const api = usePagedApi({ total: 2000, latencyMs: 20 });
    const controller = new AbortController();
    const result = await loadRegistrations({
      eventId: 7,
      perPage: 20,
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.pagesLoaded >= 5) controller.abort();
      },
    });
    expect(result.status).toBe('cancelled');
    expect(result.loaded).toBeGreaterThanOrEqual(100);
    expect(result.loaded).toBeLessThan(2000);
    const calls = api.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(api.calls).toHaveLength(calls);
  });

  it('resolves as cancelled, with nothing to resume, when cancelled before the first page', async () => {
    const api = usePagedApi({ total: 100, latencyMs: 30 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 5);
    const result = await loadRegistrations({ eventId: 7, perPage: 20, signal: controller.signal });
    expect(result).toMatchObject({
      status: 'cancelled',
      loaded: 0,
      pagination: null,
      serverDate: null,
      resume: null,
    });
    expect(api.calls.length).toBe(2);

    const retried: RegistrationsLoadResult = await retryMissing(result);
    expect(retried).toMatchObject({ status: 'complete', loaded: 100 });
  });

  it('makes no request when the signal is already aborted', async () => {
    const api = usePagedApi({ total: 10 });
    const result = await loadRegistrations({ eventId: 7, signal: AbortSignal.abort() });
    expect(result.status).toBe('cancelled');
    expect(api.calls).toHaveLength(0);
  });
});

describe('loadRegistrations: the updated_since watermark', () => {
  it('takes the Date header of the first response, not the browser clock', async () => {
    usePagedApi({
      total: 100,
      date: 'Sun, 22 Nov 2026 10:00:30 GMT',
      intercept: (call) =>
        call.page === 0
          ? Response.json({ registrations: [] }, { headers: { Date: 'Sun, 22 Nov 2026 10:00:00 GMT' } })
          : undefined,
    });
    const result = await loadRegistrations({
      eventId: 7,
      perPage: 20,
      now: () => Date.parse('2030-01-01T00:00:00Z'),
    });
    expect(result.serverDate?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(result.watermarkSource).toBe('server');
  });

  it('falls back to the browser clock minus 5 minutes when no Date header is readable', async () => {
    usePagedApi({ total: 10, date: null });
    const result = await loadRegistrations({ eventId: 7, now: () => Date.parse('2026-11-22T12:00:00Z') });
    expect(result.serverDate?.toISOString()).toBe('2026-11-22T11:55:00.000Z');
    expect(result.watermarkSource).toBe('client');
  });
});

describe('loadRegistrations: one pace for every load of the session', () => {
  it('keeps the requests of several events within one pool of 6', async () => {
    const api = usePagedApi({ total: 1000, latencyMs: 5 });
    const results = await Promise.all(
      [7, 8, 9].map((eventId) => loadRegistrations({ eventId, perPage: 20 })),
    );
    expect(results.map((result) => result.loaded)).toEqual([1000, 1000, 1000]);
    expect(api.maxOpen()).toBe(6);
  });

  it("holds back another event's requests during a 429's Retry-After, then runs both at half size", async () => {
    let answered429At = -1;
    let endPause!: () => void;
    const pause = new Promise<void>((resolve) => (endPause = resolve));
    const api = usePagedApi({
      total: 1500,
      latencyMs: 10,
      intercept: (call, attempt) => {
        if (call.page !== 4 || attempt > 1 || answered429At >= 0) return undefined;
        answered429At = api.calls.length;
        return status(429, { 'Retry-After': '30' });
      },
    });
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return ms === 30_000 ? pause : Promise.resolve();
    };
    const loads = Promise.all([7, 8].map((eventId) => loadRegistrations({ eventId, perPage: 25, sleep })));
    await waitUntil(() => expect(answered429At).toBeGreaterThanOrEqual(0));
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Only the requests already on their way when the 429 arrived: nothing new during the pause.
    expect(api.calls.length - answered429At).toBeLessThanOrEqual(6);
    const beforePause = api.calls.length;
    endPause();
    const results = await loads;

    expect(results.map((result) => result.status)).toEqual(['complete', 'complete']);
    expect(waits).toEqual([30_000]);
    const after = api.calls.slice(beforePause + 6);
    expect(after.length).toBeGreaterThan(20);
    expect(Math.max(...after.map((call) => call.openAtStart))).toBeLessThanOrEqual(3);
  });
});
