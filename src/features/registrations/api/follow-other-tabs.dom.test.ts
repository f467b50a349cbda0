import { QueryClient } from '@tanstack/react-query';
import { onTestFinished } from 'vitest';
import { DEVICE_COPY_CHANNEL } from '@/engine/copy/device-copy-channel';
import { deviceCopySettled } from '@/engine/copy/device-copy';
import { keepListOnDevice } from '@/engine/copy/testing/kept-on-device';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { registrationRequestsFromNow, requestsFromNow, server } from '../../../../test/msw-server';
import { signInForTests } from '@/engine/loader/testing/loader-test-kit';
import { followOtherTabs } from './follow-other-tabs';
import { registrationsQuery } from './registrations-query';
import { refreshRegistrations } from './registrations-refresh';
import type { RegistrationsData } from './registrations-data';
import { registrationsKey } from './registrations-key';
import { waitUntil } from '../../../../test/wait-until';

/** Alpine, 420 registrations. */
const EVENT = 1005;
const DAY = 24 * 3_600_000;

freshIndexedDbForEachTest();

/**
 * This tab: the event's list loaded complete (and saved on the device), following the other
 * tabs; `readCopy` reads the copy (the app's own reading unless a test holds it back).
 */
async function thisTab(readCopy?: (eventId: number) => Promise<RegistrationsData | undefined>) {
  signInForTests();
  const client = new QueryClient();
  onTestFinished(followOtherTabs(client, readCopy));
  const loaded = await client.fetchQuery(registrationsQuery(EVENT));
  expect(loaded.phase).toBe('complete');
  await deviceCopySettled();
  const shown = () => client.getQueryData<RegistrationsData>(registrationsKey(EVENT))!;
  return { client, loaded, shown };
}

/** Another tab: it saves a newer list of the event on the device, then tells the tabs. */
async function otherTabSaves(rows: RegistrationsData['rows'], dataAsOf: Date, eventId = EVENT) {
  await keepListOnDevice(eventId, rows, dataAsOf);
  const channel = new BroadcastChannel(DEVICE_COPY_CHANNEL);
  channel.postMessage({ type: 'saved', eventId, dataAsOf: dataAsOf.getTime() });
  channel.close();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('following the lists other tabs save on this device', () => {
  it('a complete, idle, older list is replaced by the newer copy, without asking the API', async () => {
    const { loaded, shown } = await thisTab();
    const requests = requestsFromNow();
    const newer = loaded.rows.slice(0, 400).map((row) => ({ ...row, first_name: 'Renamed' }));
    const asOf = new Date(loaded.report.serverDate!.getTime() + DAY);
    await otherTabSaves(newer, asOf);
    await waitUntil(() => expect(shown().rows).toEqual(newer));
    expect(shown()).toMatchObject({ phase: 'complete', refresh: null });
    expect(shown().report.serverDate).toEqual(asOf);
    expect(requests).toEqual([]);
  });

  it('two saves in a row (a check for changes, then the full check): the tab ends on the second', async () => {
    // The second message comes while the first one's read of the copy is still on its way.
    const reads: ((data: RegistrationsData) => void)[] = [];
    const { loaded, shown } = await thisTab(
      () => new Promise<RegistrationsData | undefined>((resolve) => reads.push(resolve)),
    );
    const asOf = loaded.report.serverDate!.getTime() + DAY;
    const checked: RegistrationsData = {
      ...loaded,
      rows: loaded.rows.map((row) => ({ ...row, first_name: 'Checked' })),
      report: { ...loaded.report, serverDate: new Date(asOf) },
    };
    const verified: RegistrationsData = { ...checked, rows: checked.rows.slice(0, 400) };
    verified.report = { ...checked.report, serverDate: new Date(asOf + 1_000) };
    const channel = new BroadcastChannel(DEVICE_COPY_CHANNEL);
    onTestFinished(() => channel.close());
    channel.postMessage({ type: 'saved', eventId: EVENT, dataAsOf: asOf });
    await waitUntil(() => expect(reads).toHaveLength(1));
    channel.postMessage({ type: 'saved', eventId: EVENT, dataAsOf: asOf + 1_000 });
    await waitUntil(() => expect(reads).toHaveLength(2));
    reads[0]!(checked);
    await waitUntil(() => expect(shown()).toBe(checked));
    reads[1]!(verified);
    await waitUntil(() => expect(shown()).toBe(verified));
  });

  it('a list as new as the copy, or newer, stays, and is checked for changes as it was', async () => {
    const { loaded, shown } = await thisTab();
    await otherTabSaves(loaded.rows.slice(0, 3), loaded.report.serverDate!);
    await settle();
    expect(shown()).toBe(loaded);
    // The engine still holds the list the tab shows: a check asks the API for the changes only.
    const requests = registrationRequestsFromNow(EVENT);
    const checked = await refreshRegistrations(EVENT, shown(), new AbortController().signal, () => true);
    expect(checked.data.rows).toHaveLength(loaded.rows.length);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((url) => url.searchParams.has('updated_since'))).toBe(true);
  });

  it('a list being checked for changes (fetching) is left alone', async () => {
    const { client, loaded, shown } = await thisTab();
    let release!: () => void;
    const { http, delay } = await import('msw');
    server.use(
      http.get('*/v1/events/:id/registrations', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        await delay(0);
        return undefined;
      }),
    );
    const checking = client.refetchQueries({ queryKey: registrationsKey(EVENT) });
    await waitUntil(() => expect(release).toBeDefined());
    await otherTabSaves(loaded.rows.slice(0, 3), new Date(loaded.report.serverDate!.getTime() + DAY));
    await settle();
    expect(shown().rows).toBe(loaded.rows);
    release();
    await checking;
  });

  it('another event, or an event this tab does not hold, changes nothing', async () => {
    const { loaded, shown } = await thisTab();
    await otherTabSaves(loaded.rows.slice(0, 3), new Date(Date.now() + DAY), 1003);
    await settle();
    expect(shown()).toBe(loaded);
  });

  it('a list this tab holds incomplete is not replaced', async () => {
    const { client, loaded, shown } = await thisTab();
    client.setQueryData(registrationsKey(EVENT), { ...loaded, phase: 'incomplete' });
    const held = shown();
    await otherTabSaves(loaded.rows.slice(0, 3), new Date(loaded.report.serverDate!.getTime() + DAY));
    await settle();
    expect(shown()).toBe(held);
  });
});
