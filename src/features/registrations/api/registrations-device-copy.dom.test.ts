import { pageRegistration } from '@/engine/api/page-registration';
import { QueryClient } from '@tanstack/react-query';
import { deviceCopySettled, deviceCopyStatus } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { endSession, startSession } from '@/lib/session';
import { advanceDemoDays, getDemoDataset, resetDemoData } from '@/mocks/data';
import { registrationRequestsFromNow, server, TEST_TODAY } from '../../../../test/msw-server';
import { ids, oneTo, signInForTests } from '@/engine/loader/testing/loader-test-kit';
import { pagedApi, TEST_ORIGIN } from '@/engine/loader/testing/paged-api';
import type { EventFigures } from '@/engine/figures/event-figures';
import { eventFiguresKey } from './event-figures-query';
import { registrationsQuery } from './registrations-query';
import type { RegistrationsData } from './registrations-data';
import { registrationsKey } from './registrations-key';
import { registrationSchema, type Registration } from '@/engine/api/registration-schemas';

/** Alpine, upcoming, 420 registrations: every kind of day change happens there. */
const EVENT = 1005;

freshIndexedDbForEachTest();
afterEach(() => resetDemoData());

/** Every snapshot the query cache shows for the event, in order. */
function snapshots(client: QueryClient, eventId: number): RegistrationsData[] {
  const shown: RegistrationsData[] = [];
  client.getQueryCache().subscribe(() => {
    const data = client.getQueryData<RegistrationsData>(registrationsKey(eventId));
    if (data && shown.at(-1) !== data) shown.push(data);
  });
  return shown;
}

/** The first visit: the full list, loaded and saved on the device; then the tab is closed. */
async function firstVisit(eventId: number): Promise<RegistrationsData> {
  const client = new QueryClient();
  const loaded = await client.fetchQuery(registrationsQuery(eventId));
  expect(loaded.phase).toBe('complete');
  await deviceCopySettled();
  expect(deviceCopyStatus(eventId).save).toEqual({ status: 'saved' });
  // Closing the tab: the memory and the session go; the device copy stays.
  client.clear();
  endSession();
  return loaded;
}

describe('the encrypted copy on the device', () => {
  it('reopening shows the copy at once, then asks the API only for what changed', async () => {
    signInForTests();
    const loaded = await firstVisit(EVENT);
    expect(loaded.rows).toHaveLength(420);

    signInForTests();
    const client = new QueryClient();
    const shown = snapshots(client, EVENT);
    const requests = registrationRequestsFromNow(EVENT);
    const reopened = await client.fetchQuery(registrationsQuery(EVENT));

    // First from the copy, complete, as of the first load's server time…
    expect(shown[0]!.phase).toBe('complete');
    expect(shown[0]!.rows).toEqual(loaded.rows);
    expect(shown[0]!.report.serverDate).toEqual(loaded.report.serverDate);
    expect(shown[0]!.loadedAt).toBeInstanceOf(Date);
    // …then the check for changes: no full list asked for.
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((url) => url.searchParams.has('updated_since'))).toBe(true);
    expect(reopened.refresh).toEqual({ phase: 'done', changed: 0, added: 0 });
    expect(reopened.rows).toEqual(loaded.rows);
    expect(deviceCopyStatus(EVENT).read).toMatchObject({ status: 'ok', rows: 420 });
  });

  it('reopening offline counts the figures the events list shows, as of the visit it starts', async () => {
    signInForTests();
    const loaded = await firstVisit(EVENT);

    signInForTests();
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => offline.mockRestore());
    const client = new QueryClient();
    const reopened = await client.fetchQuery(registrationsQuery(EVENT));
    expect(reopened.rows).toEqual(loaded.rows);
    // Counted by the engine once it holds the rows too, after the screen got them.
    await vi.waitFor(() =>
      expect(client.getQueryData<EventFigures>(eventFiguresKey(EVENT))).toMatchObject({
        total: 420,
        lastVisit: loaded.report.serverDate!.getTime(),
        newSinceLastVisit: 0,
      }),
    );
  });

  it("a day later, the reopened list brings the rows added and changed, then the day's full check drops the deleted ones", async () => {
    signInForTests();
    const loaded = await firstVisit(EVENT);
    const day = advanceDemoDays(1, { eventIds: [EVENT] });
    const changes = day.events.find((event) => event.eventId === EVENT)!;
    expect(changes.added.length).toBeGreaterThan(0);
    expect(changes.deleted.length).toBeGreaterThan(0);

    // What the list must be: the first load's rows, each replaced by its new version where it
    // still exists (a deleted row cannot be seen through `updated_since`: it stays), then the
    // new rows in the server's order.
    // The page holds each row's documented fields (pageRegistration).
    const now = getDemoDataset(TEST_TODAY)
      .registrationsOf(EVENT)
      .map((row) => pageRegistration(registrationSchema.parse(row)));
    const current = new Map<number, Registration>();
    for (const row of now) current.set(row.registration_id, row);
    const expected: Registration[] = [];
    const before = new Set<number>();
    for (const row of loaded.rows) {
      before.add(row.registration_id);
      expected.push(current.get(row.registration_id) ?? row);
    }
    for (const row of now) if (!before.has(row.registration_id)) expected.push(row);

    signInForTests();
    const client = new QueryClient();
    const shownThen = snapshots(client, EVENT);
    const requests = registrationRequestsFromNow(EVENT);
    const reopened = await client.fetchQuery(registrationsQuery(EVENT));
    // First the check for changes…
    expect(requests[0]!.searchParams.has('updated_since')).toBe(true);
    const refreshed = shownThen.find((data) => data.refresh?.phase === 'done')!;
    expect(refreshed.refresh).toMatchObject({ phase: 'done', added: changes.added.length });
    expect(refreshed.rows).toEqual(expected);
    for (const id of changes.deleted) expect(ids(refreshed.rows)).toContain(id);
    // …then, the last full download being a day old, the whole list: the deleted rows go.
    expect(reopened.refresh).toMatchObject({ phase: 'verified', removed: changes.deleted.length });
    expect(reopened.rows).toEqual(now);

    // The verified list was saved in turn: a third visit starts from it.
    await deviceCopySettled();
    client.clear();
    endSession();
    signInForTests();
    const third = new QueryClient();
    const shown = snapshots(third, EVENT);
    await third.fetchQuery(registrationsQuery(EVENT));
    expect(shown[0]!.rows).toEqual(now);
  });

  it('a reopened list in a new tab checks for changes without probing the page numbering again', async () => {
    signInForTests();
    await firstVisit(EVENT);
    // A new tab: its sessionStorage starts empty (the numbering the first load learned was there).
    sessionStorage.clear();
    signInForTests();
    const requests = registrationRequestsFromNow(EVENT);
    await new QueryClient().fetchQuery(registrationsQuery(EVENT));
    const pages = requests.map((url) => url.searchParams.get('page'));
    expect(requests.every((url) => url.searchParams.has('updated_since'))).toBe(true);
    expect(pages).toHaveLength(1);
  });

  it('"Reload everything" after reopening loads the full list from the server', async () => {
    signInForTests();
    await firstVisit(EVENT);
    signInForTests();
    const client = new QueryClient();
    await client.fetchQuery(registrationsQuery(EVENT));
    const requests = registrationRequestsFromNow(EVENT);
    await client.resetQueries({ queryKey: registrationsKey(EVENT) });
    const reloaded = await client.fetchQuery(registrationsQuery(EVENT));
    expect(reloaded.phase).toBe('complete');
    expect(reloaded.rows).toHaveLength(420);
    expect(requests.some((url) => !url.searchParams.has('updated_since'))).toBe(true);
  });

  it('another API key gets nothing from the copy: the full list is loaded', async () => {
    const api = pagedApi({ total: 250, maxPerPage: 100 });
    server.use(api.handler);
    startSession({ baseUrl: TEST_ORIGIN, apiKey: 'pk_first_0a1b2c3d4e5f', demo: false });
    await firstVisit(7);

    startSession({ baseUrl: TEST_ORIGIN, apiKey: 'pk_second_9f8e7d6c5b4a', demo: false });
    const client = new QueryClient();
    const shown = snapshots(client, 7);
    const callsBefore = api.calls.length;
    const loaded = await client.fetchQuery(registrationsQuery(7));
    expect(shown[0]!.phase).toBe('loading');
    expect(ids(loaded.rows)).toEqual(oneTo(250));
    const calls = api.calls.slice(callsBefore);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.updatedSince === null)).toBe(true);
    expect(deviceCopyStatus(7).read).toEqual({ status: 'discarded', reason: 'wrong-key' });
  });

  it('another API address gets nothing from the copy either', async () => {
    const api = pagedApi({ total: 120, maxPerPage: 100 });
    server.use(api.handler);
    startSession({ baseUrl: TEST_ORIGIN, apiKey: 'pk_first_0a1b2c3d4e5f', demo: false });
    await firstVisit(7);

    // Same origin, another API behind it (a proxy path serves any API): another copy.
    startSession({ baseUrl: `${TEST_ORIGIN}/v2-proxy`, apiKey: 'pk_first_0a1b2c3d4e5f', demo: false });
    expect(await new QueryClient().fetchQuery(registrationsQuery(7)).catch(() => null)).toBeNull();
    expect(deviceCopyStatus(7).read).toEqual({ status: 'discarded', reason: 'other-origin' });
  });
});
