import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { http } from 'msw';
import { deviceCopySettled } from '@/engine/copy/device-copy';
import { DEVICE_COPY_CHANNEL } from '@/engine/copy/device-copy-channel';
import { listOnDevice } from '@/engine/copy/testing/kept-on-device';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { onSessionUnauthorized } from '@/lib/api-unauthorized';
import {
  backgroundSyncPausedInSession,
  endSession,
  keepEveryEventInSession,
  startSession,
} from '@/lib/session';
import { DEMO_KEYS } from '@/mocks/data/demo-keys';
import { getDemoDataset, resetDemoData } from '@/mocks/data';
import { server } from '../../../../test/msw-server';
import { signInForTests } from '@/engine/loader/testing/loader-test-kit';
import { pagedApi, REGISTRATIONS_URL, status, type PagedApi } from '@/engine/loader/testing/paged-api';
import { BackgroundSync, type BackgroundSyncState } from './background-sync';
import type { EventFigures } from '@/engine/figures/event-figures';
import { eventFiguresKey } from './event-figures-query';
import { registrationsQuery } from './registrations-query';
import type { RegistrationsData } from './registrations-data';
import { registrationsKey } from './registrations-key';
import { waitUntil } from '../../../../test/wait-until';

freshIndexedDbForEachTest();
afterEach(() => resetDemoData());

/** Resolves with the sync's state once `done` says so. */
function until(
  sync: BackgroundSync,
  done: (state: BackgroundSyncState) => boolean,
): Promise<BackgroundSyncState> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done(sync.getState())) return;
      unsubscribe();
      resolve(sync.getState());
    };
    const unsubscribe = sync.subscribe(check);
    check();
  });
}

/** Resolves once the API was asked for `count` pages of the event. */
function pagesAsked(api: PagedApi, eventId: number, count = 8): Promise<void> {
  return waitUntil(() =>
    expect(api.calls.filter((call) => call.eventId === eventId).length).toBeGreaterThanOrEqual(count),
  );
}

const settle = (ms = 80) => new Promise((resolve) => setTimeout(resolve, ms));

/** The demo's registrations of an event, with a plain loop. */
function demoCount(eventId: number, status?: string): number {
  let count = 0;
  for (const row of getDemoDataset().registrationsOf(eventId)) {
    if (status === undefined || row.payment_status === status) count++;
  }
  return count;
}

describe('the background sync of the events never counted on this device', () => {
  it('counts each event in turn in the engine, keeps its figures, and never holds its rows on the page', async () => {
    const otherTabs = new BroadcastChannel(DEVICE_COPY_CHANNEL);
    onTestFinished(() => otherTabs.close());
    const told: unknown[] = [];
    otherTabs.onmessage = (event: MessageEvent<unknown>) => told.push(event.data);
    signInForTests();
    const client = new QueryClient();
    const sync = new BackgroundSync(client);
    const seen: (number | null)[] = [];
    sync.subscribe(() => {
      const { current } = sync.getState();
      if (current !== null && seen.at(-1) !== current) seen.push(current);
    });

    sync.want([1003, 1005, 1006]);
    const end = await until(sync, (state) => state.status === 'done');
    expect(end).toMatchObject({ total: 3, done: 3, failed: [], current: null });
    // One event at a time, in the order asked.
    expect(seen).toEqual([1003, 1005, 1006]);
    for (const eventId of [1003, 1005, 1006]) {
      const figures = client.getQueryData<EventFigures>(eventFiguresKey(eventId));
      expect(figures).toMatchObject({ total: demoCount(eventId), paid: demoCount(eventId, 'paid') });
      // The rows stayed in the engine and went to the device, where opening the event finds them.
      expect(client.getQueryCache().find({ queryKey: registrationsKey(eventId) })).toBeUndefined();
      expect((await listOnDevice(eventId)).rows).toHaveLength(demoCount(eventId));
      // A tab showing the event is told, and can take the newer list from the device.
      await waitUntil(() => expect(told).toContainEqual(expect.objectContaining({ type: 'saved', eventId })));
    }
    await deviceCopySettled();
  });

  it('skips the events already counted, and the events asked for again', async () => {
    signInForTests();
    const client = new QueryClient();
    await client.fetchQuery(registrationsQuery(1003));
    const sync = new BackgroundSync(client);
    sync.want([1003, 1005]);
    sync.want([1005, 1003]);
    const end = await until(sync, (state) => state.status === 'done');
    expect(end).toMatchObject({ total: 1, done: 1 });
    await deviceCopySettled();
  });

  it('pauses at once, stays paused after a reload, and resumes where it stopped', async () => {
    signInForTests();
    const api = pagedApi({ total: 3000, maxPerPage: 100, latencyMs: 15 });
    server.use(api.handler);
    const client = new QueryClient();
    const sync = new BackgroundSync(client);
    sync.want([7]);
    await pagesAsked(api, 7);
    sync.pause();
    expect(sync.getState()).toMatchObject({ status: 'paused', current: null });
    await settle();
    const asked = api.calls.length;
    await settle();
    expect(api.calls).toHaveLength(asked);
    // Nothing of the event reaches the page: the engine keeps what it loaded.
    expect(client.getQueryCache().find({ queryKey: registrationsKey(7) })).toBeUndefined();

    // A reload of the tab: the pause is remembered for the session.
    expect(backgroundSyncPausedInSession()).toBe(true);
    const reloaded = new BackgroundSync(new QueryClient());
    reloaded.want([8]);
    await until(reloaded, (state) => state.status === 'paused');
    await settle();
    expect(api.calls.filter((call) => call.eventId === 8)).toHaveLength(0);

    sync.resume();
    expect(backgroundSyncPausedInSession()).toBe(false);
    await until(sync, (state) => state.status === 'done');
    expect(client.getQueryData<EventFigures>(eventFiguresKey(7))).toMatchObject({ total: 3000 });
    // Only the pages still missing are asked for: not the first ones, answered before the
    // pause, and none twice.
    const again = api.calls.slice(asked).map((call) => call.page);
    expect(again).not.toContain(1);
    expect(again).not.toContain(0);
    expect(new Set(again).size).toBe(again.length);
    await deviceCopySettled();
  });

  it('gives way to a screen loading another event, then continues', async () => {
    signInForTests();
    const api = pagedApi({ total: 2000, maxPerPage: 100, latencyMs: 15 });
    server.use(api.handler);
    const client = new QueryClient();
    const sync = new BackgroundSync(client);
    sync.want([7]);
    await pagesAsked(api, 7);

    // The promoter opens event 8: its screen observes the query, which starts loading.
    const screen = new QueryObserver(client, registrationsQuery(8));
    const unsubscribe = screen.subscribe(() => {});
    await waitUntil(() =>
      expect(client.getQueryData<RegistrationsData>(registrationsKey(8))?.phase).toBe('complete'),
    );
    const done = await until(sync, (state) => state.status === 'done');
    expect(done).toMatchObject({ done: 1, failed: [] });
    expect(client.getQueryData<EventFigures>(eventFiguresKey(7))).toMatchObject({ total: 2000 });

    // While the screen's list loaded, the background asked for nothing of its own.
    const screenCalls = api.calls.filter((call) => call.eventId === 8);
    const first = screenCalls[0]!.index;
    const last = screenCalls.at(-1)!.index;
    const during = api.calls.filter(
      (call) => call.eventId === 7 && call.index > first + 6 && call.index < last,
    );
    expect(during).toEqual([]);
    // The screen's list stays: a screen shows it.
    expect(client.getQueryData<RegistrationsData>(registrationsKey(8))?.rows).toHaveLength(2000);
    unsubscribe();
    await deviceCopySettled();
  });

  it('reports an event it could not load, goes on with the others, and tries it again on demand', async () => {
    signInForTests();
    server.use(
      http.get(REGISTRATIONS_URL, ({ params }) => (params.eventId === '1005' ? status(404) : undefined)),
    );
    const client = new QueryClient();
    const sync = new BackgroundSync(client);
    sync.want([1005, 1003]);
    const end = await until(sync, (state) => state.status === 'done');
    expect(end).toMatchObject({ total: 2, done: 1, failed: [1005] });
    expect(client.getQueryData(eventFiguresKey(1005))).toBeNull();

    server.resetHandlers();
    sync.retryFailed();
    const retried = await until(sync, (state) => state.status === 'done' && state.failed.length === 0);
    expect(retried).toMatchObject({ total: 2, done: 2 });
    expect(client.getQueryData<EventFigures>(eventFiguresKey(1005))).toMatchObject({ total: 420 });
    await deviceCopySettled();
  });

  it('ends the session when the key is refused, as a refusal on screen does', async () => {
    signInForTests();
    server.use(http.get(REGISTRATIONS_URL, () => status(401)));
    const refused = vi.fn();
    const stopListening = onSessionUnauthorized(refused);
    try {
      const sync = new BackgroundSync(new QueryClient());
      sync.want([1003]);
      await until(sync, (state) => state.status === 'done');
      expect(refused).toHaveBeenCalledOnce();
    } finally {
      stopListening();
    }
    await deviceCopySettled();
  });

  it("syncs a demo session's events from the engine's demo, never the network", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    startSession({ baseUrl: '/demo-api', apiKey: DEMO_KEYS.alpine, demo: true });
    try {
      const client = new QueryClient();
      const sync = new BackgroundSync(client);
      sync.want([1003]);
      await until(sync, (state) => state.status === 'done');
      expect(client.getQueryData<EventFigures>(eventFiguresKey(1003))).toMatchObject({
        total: demoCount(1003),
      });
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
    await deviceCopySettled();
  });

  it('on a metered connection, asks before keeping every event, and asks no more once told', async () => {
    signInForTests();
    const api = pagedApi({ total: 300, maxPerPage: 100 });
    server.use(api.handler);
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      const sync = new BackgroundSync(new QueryClient());
      sync.want([7, 8]);
      const asking = await until(sync, (state) => state.status === 'asking');
      expect(asking.question).toEqual({ reason: 'metered', keptBytes: 0, estimatedBytes: null });
      await settle();
      expect(api.calls).toHaveLength(0);

      sync.keepEveryEvent();
      const end = await until(sync, (state) => state.status === 'done');
      expect(end).toMatchObject({ done: 2, question: null });
      expect(keepEveryEventInSession()).toBe(true);
      // A reload of the tab does not ask again this session.
      const reloaded = new BackgroundSync(new QueryClient());
      reloaded.want([9]);
      await until(reloaded, (state) => state.status === 'done');
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
    await deviceCopySettled();
  });

  it('asks once the copy on the device is large, with an estimate; "only the events I open" pauses, and "Resume" answers it', async () => {
    signInForTests();
    const api = pagedApi({ total: 300, maxPerPage: 100 });
    server.use(api.handler);
    const sync = new BackgroundSync(new QueryClient(), 1_000);
    sync.want([7, 8, 9]);
    const asking = await until(sync, (state) => state.status === 'asking');
    // One event kept (300 registrations, well over 1 kB): two more would take about three times it.
    expect(asking).toMatchObject({ done: 1, question: { reason: 'large' } });
    const { keptBytes, estimatedBytes } = asking.question!;
    expect(keptBytes).toBeGreaterThan(1_000);
    expect(estimatedBytes).toBe(keptBytes * 3);
    await settle();
    expect(api.calls.filter((call) => call.eventId !== 7)).toHaveLength(0);

    sync.pause();
    expect(sync.getState()).toMatchObject({ status: 'paused', question: null, done: 1 });
    expect(backgroundSyncPausedInSession()).toBe(true);

    // "Resume" after the question was answered: the promoter asked for the rest, no question again.
    sync.resume();
    const end = await until(sync, (state) => state.status === 'done' || state.status === 'asking');
    expect(end).toMatchObject({ status: 'done', done: 3, question: null });
    expect(keepEveryEventInSession()).toBe(true);
    await deviceCopySettled();
  });

  it('stops with the session: no request after sign-out, and nothing carried into the next one', async () => {
    signInForTests();
    const api = pagedApi({ total: 3000, maxPerPage: 100, latencyMs: 15 });
    server.use(api.handler);
    const client = new QueryClient();
    const sync = new BackgroundSync(client);
    sync.want([7, 8]);
    await pagesAsked(api, 7);
    endSession();
    client.clear();
    expect(sync.getState().status).toBe('idle');
    await settle();
    const asked = api.calls.length;
    await settle(150);
    expect(api.calls).toHaveLength(asked);
    expect(api.calls.filter((call) => call.eventId === 8)).toHaveLength(0);
    await deviceCopySettled();
  });

  it('after sign-out, a list still on screen asking for its events starts nothing and caches nothing', async () => {
    signInForTests();
    const api = pagedApi({ total: 300, maxPerPage: 100, latencyMs: 5 });
    server.use(api.handler);
    const client = new QueryClient();
    const sync = new BackgroundSync(client);
    endSession();
    client.clear();
    // The events list renders once more before the sign-in screen replaces it.
    sync.want([7, 8]);
    await settle();
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(api.calls).toHaveLength(0);
    expect(sync.getState().status).toBe('idle');
  });
});
