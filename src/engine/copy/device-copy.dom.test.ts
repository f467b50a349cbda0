import { deviceForgottenInSession, endSession, startSession } from '@/lib/session';
import { DEVICE_COPY_CHANNEL } from './device-copy-channel';
import {
  deleteUnusedDeviceCopyAtStart,
  deviceCopyForgotten,
  deviceCopySettled,
  forgetDeviceCopy,
  listDeviceCopy,
  deviceCopyStatus,
  readDeviceCopy,
  saveDeviceCopy,
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
import { waitUntil } from '../../../test/wait-until';

const SESSION = {
  baseUrl: 'https://partners.example.org/v1',
  apiKey: 'pk_live_4f0c2a9e7b1d4c3a',
  demo: false,
};
const AS_OF = new Date('2026-11-20T09:30:00Z');
const EVENT = 9;

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

describe('the device copy, from the page', () => {
  it('saves in the background and reads back the rows with the time they are as of', async () => {
    startSession({ ...SESSION });
    saveDeviceCopy(EVENT, rows(7), AS_OF);
    await deviceCopySettled();
    expect(deviceCopyStatus(EVENT).save).toEqual({ status: 'saved' });
    const copy = await readDeviceCopy(EVENT);
    expect(copy?.rows).toEqual(rows(7));
    expect(copy?.dataAsOf).toEqual(AS_OF);
    expect(copy?.savedAt).toBeInstanceOf(Date);
  });

  it('after a wipe, nothing the ending session saves is written; the next session saves again', async () => {
    startSession({ ...SESSION });
    saveDeviceCopy(EVENT, rows(7), AS_OF);
    await wipeDeviceCopyOfSession();
    // A load of the ending session that completes between the wipe and the end of the session.
    saveDeviceCopy(EVENT, rows(8), AS_OF);
    await deviceCopySettled();
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);

    endSession();
    startSession({ ...SESSION });
    saveDeviceCopy(EVENT, rows(9), AS_OF);
    await deviceCopySettled();
    expect((await readDeviceCopy(EVENT))?.rows).toHaveLength(9);
  });

  it('of two saves of an event in a row, the newer one is kept, however long the older one', async () => {
    startSession({ ...SESSION });
    saveDeviceCopy(EVENT, rows(12_000, 'old'), AS_OF);
    saveDeviceCopy(EVENT, rows(3, 'new'), AS_OF);
    await deviceCopySettled();
    expect((await readDeviceCopy(EVENT))?.rows).toEqual(rows(3, 'new'));
  });

  it('at start, deletes a copy nobody opened for 30 days, and only such a copy', async () => {
    startSession({ ...SESSION });
    saveDeviceCopy(EVENT, rows(3), AS_OF);
    await deviceCopySettled();
    expect(await deleteUnusedDeviceCopyAtStart()).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 24 * 3_600_000);
    expect(await deleteUnusedDeviceCopyAtStart()).toBe(true);
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
  });

  it('lists the events kept for the session: ids, counts, sizes and dates', async () => {
    startSession({ ...SESSION });
    expect(await listDeviceCopy()).toEqual({ status: 'ok', events: [] });
    saveDeviceCopy(EVENT, rows(7), AS_OF);
    saveDeviceCopy(12, rows(2), AS_OF);
    await deviceCopySettled();
    const listed = await listDeviceCopy();
    expect(listed.status === 'ok' && listed.events.map((event) => [event.eventId, event.rows])).toEqual([
      [EVENT, 7],
      [12, 2],
    ]);
    expect(listed.status === 'ok' && listed.events[0]!.dataAsOf).toBe(AS_OF.getTime());
    endSession();
    expect(await listDeviceCopy()).toEqual({ status: 'ok', events: [] });
  });

  it('tells the other tabs when a save landed', async () => {
    const other = new BroadcastChannel(DEVICE_COPY_CHANNEL);
    const heard: unknown[] = [];
    other.onmessage = (event: MessageEvent<unknown>) => heard.push(event.data);
    startSession({ ...SESSION });
    saveDeviceCopy(EVENT, rows(3), AS_OF);
    await deviceCopySettled();
    await waitUntil(() =>
      expect(heard).toEqual([{ type: 'saved', eventId: EVENT, dataAsOf: AS_OF.getTime() }]),
    );
    other.close();
  });

  it('"Forget this device" wipes the copy; the session saves no more; the next one does', async () => {
    const other = new BroadcastChannel(DEVICE_COPY_CHANNEL);
    const heard: unknown[] = [];
    other.onmessage = (event: MessageEvent<unknown>) => heard.push(event.data);
    startSession({ ...SESSION });
    saveDeviceCopy(EVENT, rows(7), AS_OF);
    await deviceCopySettled();
    const changes = vi.fn();
    const unsubscribe = subscribeDeviceCopyStatus(changes);
    expect(deviceCopyForgotten()).toBe(false);
    expect(await forgetDeviceCopy()).toBe(true);
    unsubscribe();
    expect(changes).toHaveBeenCalled();
    expect(deviceCopyForgotten()).toBe(true);
    expect(await listDeviceCopy()).toEqual({ status: 'ok', events: [] });
    saveDeviceCopy(EVENT, rows(8), AS_OF);
    await deviceCopySettled();
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
    await waitUntil(() => expect(heard).toContainEqual({ type: 'forgotten' }));
    other.close();
    // A reload of the tab keeps the decision for the session.
    expect(deviceForgottenInSession()).toBe(true);

    endSession();
    startSession({ ...SESSION });
    expect(deviceCopyForgotten()).toBe(false);
    expect(deviceForgottenInSession()).toBe(false);
    saveDeviceCopy(EVENT, rows(9), AS_OF);
    await deviceCopySettled();
    expect((await readDeviceCopy(EVENT))?.rows).toHaveLength(9);
  });

  it('"Forget this device" in another tab of the session stops this tab saving too', async () => {
    startSession({ ...SESSION });
    const other = new BroadcastChannel(DEVICE_COPY_CHANNEL);
    // The other tab wipes the copy and tells the tabs.
    other.postMessage({ type: 'forgotten' });
    await waitUntil(() => expect(deviceCopyForgotten()).toBe(true));
    other.close();
    saveDeviceCopy(EVENT, rows(4), AS_OF);
    await deviceCopySettled();
    expect(await readDeviceCopy(EVENT)).toBeNull();
  });
});

describe('the search across events, from the page', () => {
  it('answers the newest of searches sent together; the older ones get null, never a stale answer', async () => {
    startSession(SESSION);
    saveDeviceCopy(EVENT, rows(3, 'Noémie'), AS_OF);
    await deviceCopySettled();
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
    expect(await copy.read(EVENT)).toBeNull();
    expect(copy.statusOf(EVENT).read).toEqual({ status: 'unavailable' });
    copy.save(EVENT, rows(3), AS_OF);
    await copy.settled();
    expect(copy.statusOf(EVENT).save).toEqual({ status: 'not-saved', reason: 'unavailable' });
    expect(await copy.list()).toEqual({ status: 'unavailable' });
    expect(await copy.readRecord({ kind: 'events' })).toBeNull();
    expect(await copy.probe(SESSION)).toBe('no-copy');
    expect(await new CopySearchClient(engine).search('lea', 10, [])).toBeNull();
    expect(await copy.wipe()).toBe(false);
  });
});
