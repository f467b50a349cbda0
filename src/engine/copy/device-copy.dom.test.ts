import { deviceForgottenInSession, endSession, getSession, startSession } from '@/lib/session';
import { DEVICE_COPY_CHANNEL } from './device-copy-channel';
import {
  deleteUnusedDeviceCopyAtStart,
  deviceCopyKeeps,
  deviceCopyForgotten,
  deviceCopySettled,
  forgetDeviceCopy,
  listDeviceCopy,
  deviceCopyStatus,
  searchDeviceCopy,
  subscribeDeviceCopyStatus,
  wipeDeviceCopyOfSession,
} from './device-copy';
import { CopySearchClient } from './copy-search-client';
import { DeviceCopyClient } from './device-copy-client';
import { engineContract } from '../engine-contract';
import { createEngineClient } from '../rpc/client';
import type { DeviceRegistration } from './registrations-codec';
import { DEVICE_COPY_DB, freshIndexedDbForEachTest, storedOnDevice } from './testing/fresh-indexeddb';
import { keepListOnDevice, listOnDevice } from './testing/kept-on-device';
import { placeOf } from './copy-calls';
import { theEngine } from '../engine';
import { signInForTests } from '../loader/testing/loader-test-kit';
import { getDemoDataset } from '@/mocks/data';
import { waitUntil } from '../../../test/wait-until';

const SESSION = {
  baseUrl: 'https://partners.example.org/v1',
  apiKey: 'pk_live_4f0c2a9e7b1d4c3a',
  demo: false,
};
const AS_OF = new Date('2026-11-20T09:30:00Z');
const EVENT = 9;
/** An event of the test account (Alpine's, 420 registrations) that the engine loads from the API. */
const LOADED = 1005;

freshIndexedDbForEachTest();
afterEach(() => vi.useRealTimers());

function rows(count: number, name = 'Léa'): DeviceRegistration[] {
  return Array.from({ length: count }, (_, i) => ({
    registration_id: i + 1,
    first_name: name,
    last_name: 'Dupont',
    email: null,
    order_id: null,
    payment_status: 'paid',
    custom_questions: [],
  }));
}

/** Loads the event's list in the engine, as a screen does: the engine saves it unless told not to. */
async function loadList(eventId = LOADED) {
  const answer = await theEngine().call('list.load', {
    place: placeOf(getSession()!),
    demo: false,
    eventId,
    firstPage: null,
    keep: deviceCopyKeeps(),
    resume: false,
  });
  if (answer.kind !== 'complete') throw new Error(`the load ended ${answer.kind}`);
  await deviceCopySettled();
  return answer;
}

describe('the device copy, from the page', () => {
  it('a list the engine loads is saved in the background: the screens see it, the other tabs are told', async () => {
    const other = new BroadcastChannel(DEVICE_COPY_CHANNEL);
    const heard: unknown[] = [];
    other.onmessage = (event: MessageEvent<unknown>) => heard.push(event.data);
    signInForTests();
    await loadList();
    expect(deviceCopyStatus(LOADED).save).toEqual({ status: 'saved' });
    const kept = await listOnDevice(LOADED);
    expect(kept.rows).toHaveLength(getDemoDataset().registrationsOf(LOADED).length);
    if (kept.result.status !== 'ok') throw new Error(kept.result.status);
    const dataAsOf = kept.result.dataAsOf;
    await waitUntil(() => expect(heard).toEqual([{ type: 'saved', eventId: LOADED, dataAsOf }]));
    other.close();
  });

  it('after a wipe, a load of the ending session saves nothing; the next session saves again', async () => {
    signInForTests();
    await keepListOnDevice(EVENT, rows(7), AS_OF);
    await wipeDeviceCopyOfSession();
    expect(deviceCopyKeeps()).toBe(false);
    // A load of the ending session that completes between the wipe and the end of the session.
    await loadList();
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);

    endSession();
    signInForTests();
    await loadList();
    expect((await listOnDevice(LOADED)).result).toMatchObject({ status: 'ok' });
  });

  it('at start, deletes a copy nobody opened for 30 days, and only such a copy', async () => {
    startSession({ ...SESSION });
    await keepListOnDevice(EVENT, rows(3), AS_OF);
    expect(await deleteUnusedDeviceCopyAtStart()).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 24 * 3_600_000);
    expect(await deleteUnusedDeviceCopyAtStart()).toBe(true);
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
  });

  it('lists the events kept for the session: ids, counts, sizes and dates', async () => {
    startSession({ ...SESSION });
    expect(await listDeviceCopy()).toEqual({ status: 'ok', events: [] });
    await keepListOnDevice(EVENT, rows(7), AS_OF);
    await keepListOnDevice(12, rows(2), AS_OF);
    const listed = await listDeviceCopy();
    expect(listed.status === 'ok' && listed.events.map((event) => [event.eventId, event.rows])).toEqual([
      [EVENT, 7],
      [12, 2],
    ]);
    expect(listed.status === 'ok' && listed.events[0]!.dataAsOf).toBe(AS_OF.getTime());
    endSession();
    expect(await listDeviceCopy()).toEqual({ status: 'ok', events: [] });
  });

  it('"Forget this device" wipes the copy; the session saves no more; the next one does', async () => {
    const other = new BroadcastChannel(DEVICE_COPY_CHANNEL);
    const heard: unknown[] = [];
    other.onmessage = (event: MessageEvent<unknown>) => heard.push(event.data);
    signInForTests();
    await keepListOnDevice(EVENT, rows(7), AS_OF);
    const changes = vi.fn();
    const unsubscribe = subscribeDeviceCopyStatus(changes);
    expect(deviceCopyForgotten()).toBe(false);
    expect(await forgetDeviceCopy()).toBe(true);
    unsubscribe();
    expect(changes).toHaveBeenCalled();
    expect(deviceCopyForgotten()).toBe(true);
    expect(await listDeviceCopy()).toEqual({ status: 'ok', events: [] });
    await loadList();
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
    await waitUntil(() => expect(heard).toContainEqual({ type: 'forgotten' }));
    other.close();
    // A reload of the tab keeps the decision for the session.
    expect(deviceForgottenInSession()).toBe(true);

    endSession();
    signInForTests();
    expect(deviceCopyForgotten()).toBe(false);
    expect(deviceForgottenInSession()).toBe(false);
    await loadList();
    expect((await listOnDevice(LOADED)).rows).toHaveLength(getDemoDataset().registrationsOf(LOADED).length);
  });

  it('"Forget this device" in another tab of the session stops this tab saving too', async () => {
    signInForTests();
    const other = new BroadcastChannel(DEVICE_COPY_CHANNEL);
    // The other tab wipes the copy and tells the tabs.
    other.postMessage({ type: 'forgotten' });
    await waitUntil(() => expect(deviceCopyForgotten()).toBe(true));
    other.close();
    await loadList();
    expect((await listOnDevice(LOADED)).result).toEqual({ status: 'missing' });
  });
});

describe('the search across events, from the page', () => {
  it('answers the newest of searches sent together; the older ones get null, never a stale answer', async () => {
    startSession(SESSION);
    await keepListOnDevice(EVENT, rows(3, 'Noémie'), AS_OF);
    // Until the copy is read into the worker's index.
    await waitUntil(async () => expect((await searchDeviceCopy('noemie', 50))?.building).toBe(false));

    const [first, second, third] = [
      searchDeviceCopy('n', 50),
      searchDeviceCopy('no', 50),
      searchDeviceCopy('noe', 50),
    ];
    expect(await first).toBeNull();
    expect(await second).toBeNull();
    expect(await third).toMatchObject({ total: 3, more: false, events: [EVENT] });

    // Signed out: the search answers nothing, and the index went with the copy.
    await wipeDeviceCopyOfSession();
    endSession();
    expect(await searchDeviceCopy('noemie', 50)).toBeNull();
    startSession(SESSION);
    expect(await searchDeviceCopy('noemie', 50)).toMatchObject({ total: 0, events: [] });
  });
});

describe('the device copy, when the engine stops', () => {
  it('answers every call with its typed failure, never a throw, and the screens can say so', async () => {
    startSession(SESSION);
    // An engine whose worker dies at each call (a script that no longer loads after a deploy).
    const engine = createEngineClient(engineContract, () => {
      let failed = () => {};
      return {
        post: () => setTimeout(() => failed()),
        onMessage: () => {},
        onFailure: (listener) => void (failed = listener),
        close: () => {},
      };
    });
    const copy = new DeviceCopyClient(engine);
    expect(await copy.list()).toEqual({ status: 'unavailable' });
    expect(await copy.readRecord({ kind: 'events' })).toBeNull();
    expect(await copy.probe(SESSION)).toBe('no-copy');
    expect(await new CopySearchClient(engine).search('lea', 10, [])).toBeNull();
    expect(await copy.wipe()).toBe(false);
  });
});
