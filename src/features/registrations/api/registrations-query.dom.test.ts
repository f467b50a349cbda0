import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { server } from '../../../../test/msw-server';
import { registrationsQuery } from './registrations-query';
import type { RegistrationsData } from './registrations-data';
import { registrationsKey } from './registrations-key';
import { ids, oneTo, pagesOf, signInForTests } from '@/engine/loader/testing/loader-test-kit';
import { pagedApi } from '@/engine/loader/testing/paged-api';
import { waitUntil } from '../../../../test/wait-until';

const EVENT = 7;
const key = registrationsKey(EVENT);

function setup(options: Parameters<typeof pagedApi>[0]) {
  signInForTests();
  const api = pagedApi(options);
  server.use(api.handler);
  const client = new QueryClient();
  const writes: RegistrationsData[] = [];
  client.getQueryCache().subscribe((event) => {
    // The registrations' writes only (each complete list also writes the event's figures).
    if ((event.query.queryKey as readonly unknown[])[0] !== key[0]) return;
    const data = event.query.state.data as RegistrationsData | undefined;
    if (event.type === 'updated' && data && writes.at(-1) !== data) writes.push(data);
  });
  const data = () => client.getQueryData<RegistrationsData>(key);
  return { api, client, writes, data };
}

/** Resolves once the cache holds a loading snapshot with some rows. */
function firstRows(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = client.getQueryCache().subscribe(() => {
      const data = client.getQueryData<RegistrationsData>(key);
      if (data?.phase === 'loading' && data.rows.length > 0) {
        unsubscribe();
        resolve();
      }
    });
  });
}

const settle = (ms = 60) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the registrations query', () => {
  it('fills one query page by page: rows show before the end, and the end says complete', async () => {
    const { client, writes, data } = setup({ total: 1200, maxPerPage: 100, latencyMs: 5 });
    const final = await client.fetchQuery(registrationsQuery(EVENT));
    expect(final.phase).toBe('complete');
    expect(ids(final.rows)).toEqual(oneTo(1200));
    expect(data()).toBe(final);
    const streamed = writes.filter((write) => write.phase === 'loading');
    expect(streamed.length).toBeGreaterThan(0);
    expect(streamed[0]!.rows.length).toBeGreaterThan(0);
    expect(streamed[0]!.rows.length).toBeLessThan(1200);
    expect(final.loadedAt).toBeInstanceOf(Date);
  });

  it('writes progress for a screen every 300 ms, but only the first rows and the end when no screen shows the list', async () => {
    const shownLoad = setup({ total: 6000, maxPerPage: 100, latencyMs: 80 });
    const screen = new QueryObserver(shownLoad.client, registrationsQuery(EVENT));
    const unsubscribe = screen.subscribe(() => {});
    await waitUntil(() => expect(shownLoad.data()?.phase).toBe('complete'));
    unsubscribe();
    const shownProgress = shownLoad.writes.filter((write) => write.phase === 'loading').length;
    expect(shownProgress).toBeGreaterThan(1);

    const unshown = setup({ total: 6000, maxPerPage: 100, latencyMs: 80 });
    expect((await unshown.client.fetchQuery(registrationsQuery(EVENT))).phase).toBe('complete');
    expect(unshown.writes.filter((write) => write.phase === 'loading')).toHaveLength(1);
  });

  it('asks for page 0 once per API, not on every load and refresh', async () => {
    const { api, client } = setup({ total: 250, maxPerPage: 100, belowFirst: 400 });
    await client.fetchQuery(registrationsQuery(EVENT));
    expect(api.callsFor(0)).toHaveLength(1);

    // "Check for changes", then a reload from scratch: the numbering is known now.
    await client.refetchQueries({ queryKey: key });
    await client.resetQueries({ queryKey: key });
    const reloaded = await client.fetchQuery(registrationsQuery(EVENT));
    expect(reloaded.phase).toBe('complete');
    expect(ids(reloaded.rows)).toEqual(oneTo(250));
    expect(api.callsFor(0)).toHaveLength(1);
    expect(api.calls.some((call) => call.updatedSince !== null && call.page === 0)).toBe(false);
  });

  it('remembers the numbering with the API address on this device: a new tab does not ask for page 0', async () => {
    const { api, client } = setup({ total: 250, maxPerPage: 100, belowFirst: 400 });
    await client.fetchQuery(registrationsQuery(EVENT));
    expect(api.callsFor(0)).toHaveLength(1);

    // A new tab the next day: its sessionStorage starts empty, localStorage is the device's.
    sessionStorage.clear();
    signInForTests();
    const nextTab = new QueryClient();
    const reloaded = await nextTab.fetchQuery(registrationsQuery(EVENT));
    expect(ids(reloaded.rows)).toEqual(oneTo(250));
    expect(api.callsFor(0)).toHaveLength(1);
  });

  it('keeps the rows of a stopped load, and a refetch fetches only the missing pages', async () => {
    const { api, client, data } = setup({ total: 1500, maxPerPage: 100, latencyMs: 30 });
    const running = client.fetchQuery(registrationsQuery(EVENT)).catch(() => null);
    await firstRows(client);
    await client.cancelQueries({ queryKey: key });
    await running;
    await settle();
    const stopped = data()!;
    expect(stopped.phase).toBe('cancelled');
    expect(stopped.rows.length).toBeGreaterThan(0);
    expect(stopped.rows.length).toBeLessThan(1500);

    const before = api.calls.length;
    const resumed = await client.fetchQuery({ ...registrationsQuery(EVENT), staleTime: 0 });
    expect(resumed.phase).toBe('complete');
    expect(ids(resumed.rows)).toEqual(oneTo(1500));
    const pagesAgain = api.calls.slice(before).map((call) => call.page);
    const pagesKept = pagesOf(stopped.rows, 100);
    expect(pagesKept.length).toBeGreaterThan(0);
    for (const page of pagesKept) expect(pagesAgain).not.toContain(page);
    expect(pagesAgain).not.toContain(0);
  });

  it('stop then continue at once, before the stopped run settled: it continues, no page twice', async () => {
    const { api, client, data, writes } = setup({ total: 1500, maxPerPage: 100, latencyMs: 30 });
    const running = client.fetchQuery(registrationsQuery(EVENT)).catch(() => null);
    await firstRows(client);
    const shown = pagesOf(data()!.rows, 100);
    const asked = api.calls.length;
    void client.cancelQueries({ queryKey: key });
    // The stopped run is still settling: the cache holds its last progress snapshot.
    expect(data()!.phase).toBe('loading');
    const resumed = client.refetchQueries({ queryKey: key });
    await running;
    await resumed;
    expect(data()!.phase).toBe('complete');
    expect(ids(data()!.rows)).toEqual(oneTo(1500));
    const askedAgain = api.calls.slice(asked).map((call) => call.page);
    for (const page of shown) expect(askedAgain).not.toContain(page);
    const counts = writes.map((write) => write.rows.length);
    expect(counts.every((count, i) => i === 0 || count >= counts[i - 1]!)).toBe(true);
  });

  it('holds the rows once: the report has no rows, and a finished load keeps no resume point', async () => {
    const { client } = setup({ total: 250, maxPerPage: 100 });
    const final = await client.fetchQuery(registrationsQuery(EVENT));
    expect(final.report).not.toHaveProperty('rows');
    expect(final.report.pagesLoaded).toBe(3);
    expect(final.resumable).toBe(false);
  });

  it('stop then reload at once: the reload wins, and the stopped run writes nothing back', async () => {
    const { client, data, writes } = setup({ total: 1500, maxPerPage: 100, latencyMs: 30 });
    const first = client.fetchQuery(registrationsQuery(EVENT)).catch(() => null);
    await firstRows(client);
    void client.cancelQueries({ queryKey: key });
    await client.resetQueries({ queryKey: key });
    const afterReset = writes.length;
    const reload = client.fetchQuery(registrationsQuery(EVENT));
    await first;
    const final = await reload;
    await settle(120);
    expect(final.phase).toBe('complete');
    expect(data()!.phase).toBe('complete');
    expect(ids(data()!.rows)).toEqual(oneTo(1500));
    expect(writes.slice(afterReset).map((write) => write.phase)).not.toContain('cancelled');
  });

  it('reloading during a load starts afresh; the old run cannot overwrite the new rows', async () => {
    const { client, data, writes } = setup({ total: 900, maxPerPage: 100, latencyMs: 30 });
    const first = client.fetchQuery(registrationsQuery(EVENT)).catch(() => null);
    await firstRows(client);
    await client.resetQueries({ queryKey: key });
    expect(data()).toBeUndefined();
    const afterReset = writes.length;
    const final = await client.fetchQuery(registrationsQuery(EVENT));
    await first;
    await settle(120);
    expect(final.phase).toBe('complete');
    expect(data()).toBe(final);
    expect(writes.slice(afterReset).map((write) => write.phase)).not.toContain('cancelled');
  });

  it('reloading before the first page arrived: the replaced run writes nothing back', async () => {
    const { client, data } = setup({ total: 900, maxPerPage: 100, latencyMs: 30 });
    const first = client.fetchQuery(registrationsQuery(EVENT)).catch(() => null);
    await client.resetQueries({ queryKey: key });
    await first;
    await settle(120);
    expect(data()).toBeUndefined();
  });

  it('after sign-out clears the cache mid-load, no registration is written back', async () => {
    const { client, data } = setup({ total: 1500, maxPerPage: 100, latencyMs: 30 });
    const running = client.fetchQuery(registrationsQuery(EVENT)).catch(() => null);
    await firstRows(client);
    client.clear();
    await running;
    await settle(200);
    expect(data()).toBeUndefined();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
