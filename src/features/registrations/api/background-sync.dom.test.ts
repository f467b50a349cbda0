import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { http } from 'msw';
import { deviceCopySettled } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { backgroundSyncPausedInSession, endSession } from '@/lib/session';
import { getDemoDataset, resetDemoData } from '@/mocks/data';
import { server } from '../../../../test/msw-server';
import { pagesOf, signInForTests } from '@/engine/loader/testing/loader-test-kit';
import { pagedApi, REGISTRATIONS_URL, status } from '@/engine/loader/testing/paged-api';
import { BackgroundSync, type BackgroundSyncState } from './background-sync';
import type { EventFigures } from './event-figures';
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

/** Resolves once the event's list in the cache is loading and holds some rows. */
function someRows(client: QueryClient, eventId: number): Promise<RegistrationsData> {
  return new Promise((resolve) => {
    const unsubscribe = client.getQueryCache().subscribe(() => {
      const data = client.getQueryData<RegistrationsData>(registrationsKey(eventId));
      if (data?.phase === 'loading' && data.rows.length > 0) {
        unsubscribe();
        resolve(data);
      }
    });
  });
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
  it('counts each event in turn, keeps its figures, and lets its rows leave memory', async () => {
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
      // Nothing shows the rows: the device keeps them, memory does not.
      expect(client.getQueryCache().find({ queryKey: registrationsKey(eventId) })).toBeUndefined();
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
    const partial = await someRows(client, 7);
    sync.pause();
    expect(sync.getState()).toMatchObject({ status: 'paused', current: null });
    await settle();
    const stopped = client.getQueryData<RegistrationsData>(registrationsKey(7))!;
    expect(stopped.phase).toBe('cancelled');
    expect(stopped.rows.length).toBeGreaterThanOrEqual(partial.rows.length);
    const asked = api.calls.length;
    await settle();
    expect(api.calls).toHaveLength(asked);

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
    const again = api.calls.slice(asked).map((call) => call.page);
    for (const page of pagesOf(stopped.rows, 100)) expect(again).not.toContain(page);
    await deviceCopySettled();
  });

  it('gives way to a screen loading another event, then continues', async () => {
    signInForTests();
    const api = pagedApi({ total: 2000, maxPerPage: 100, latencyMs: 15 });
    server.use(api.handler);
    const client = new QueryClient();
    const sync = new BackgroundSync(client);
    sync.want([7]);
    await someRows(client, 7);

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

  it('stops with the session: no request after sign-out, and nothing carried into the next one', async () => {
    signInForTests();
    const api = pagedApi({ total: 3000, maxPerPage: 100, latencyMs: 15 });
    server.use(api.handler);
    const client = new QueryClient();
    const sync = new BackgroundSync(client);
    sync.want([7, 8]);
    await someRows(client, 7);
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
});
