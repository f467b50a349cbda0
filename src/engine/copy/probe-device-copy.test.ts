import { DEMO_EVENT_IDS } from '@/mocks/data';
import { openDeviceCopy } from './open-device-copy';
import { probeDeviceCopy } from './probe-device-copy';
import { DEVICE_COPY_DB, freshIndexedDbForEachTest, storedOnDevice } from './testing/fresh-indexeddb';

const ORIGIN = 'https://partners.example.org';
const API_KEY = 'pk_live_4f0c2a9e7b1d4c3a8e6f5b2d1c0a9e8f';
const EVENT = DEMO_EVENT_IDS.trickySmall;
const T0 = Date.parse('2025-06-01T08:00:00Z');
const DAY = 24 * 3_600_000;

freshIndexedDbForEachTest();

/** A copy of ORIGIN under API_KEY holding the events list and an event's categories. */
async function keepCopy(): Promise<void> {
  const opened = await openDeviceCopy({ apiKey: API_KEY, origin: ORIGIN, now: () => T0 });
  if (!opened.ok) throw new Error('device copy unavailable');
  await opened.copy.saveEvents({ savedAt: T0, value: { events: [{ eve_id: EVENT }] } });
  await opened.copy.saveCategories(EVENT, { savedAt: T0, value: [{ category_id: 1 }] });
  opened.copy.close();
}

const probe = (apiKey: string, options: { origin?: string; now?: number } = {}) =>
  probeDeviceCopy({ apiKey, origin: options.origin ?? ORIGIN, now: () => options.now ?? T0 + 1_000 });

describe('probing the copy with a key (offline sign-in)', () => {
  it('answers ok for the key the copy was made with, and the copy still opens with it', async () => {
    await keepCopy();
    expect(await probe(API_KEY)).toBe('ok');
    const opened = await openDeviceCopy({ apiKey: API_KEY, origin: ORIGIN, now: () => T0 + 2_000 });
    expect(opened.ok && opened.discarded).toBe(null);
    if (opened.ok) {
      expect(await opened.copy.readEvents()).toEqual({
        status: 'ok',
        value: { savedAt: T0, value: { events: [{ eve_id: EVENT }] } },
      });
      opened.copy.close();
    }
  });

  it('answers wrong-key for another key and keeps the copy exactly as it was', async () => {
    await keepCopy();
    const before = await storedOnDevice();
    expect(await probe(`${API_KEY}x`)).toBe('wrong-key');
    expect(await probe('')).toBe('wrong-key');
    expect(await storedOnDevice()).toEqual(before);
    // The right key still opens everything: nothing was discarded.
    const opened = await openDeviceCopy({ apiKey: API_KEY, origin: ORIGIN, now: () => T0 + 2_000 });
    if (!opened.ok) throw new Error('device copy unavailable');
    expect(opened.discarded).toBe(null);
    expect((await opened.copy.readCategories(EVENT)).status).toBe('ok');
    opened.copy.close();
  });

  it('answers no-copy when there is none, without creating a database', async () => {
    expect(await probe(API_KEY)).toBe('no-copy');
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
  });

  it('answers no-copy for another API address or a copy unused for 30 days, and deletes neither', async () => {
    await keepCopy();
    const before = await storedOnDevice();
    expect(await probe(API_KEY, { origin: 'https://other.example.org' })).toBe('no-copy');
    expect(await probe(API_KEY, { now: T0 + 31 * DAY })).toBe('no-copy');
    expect(await storedOnDevice()).toEqual(before);
  });
});
