import { ROWS_PER_WORKER_MESSAGE } from '@/lib/main-thread-budget';
import { IDBObjectStore } from 'fake-indexeddb';
import { createDeviceCopyHandler, DEVICE_COPY_WRITE_LOCK } from './device-copy-handler';
import type { DeviceCopyResponse } from './device-copy-protocol';
import type { DeviceRegistration } from './registrations-codec';
import { DEVICE_COPY_DB, storedOnDevice, freshIndexedDbForEachTest } from './testing/fresh-indexeddb';
import { waitUntil } from '../../../test/wait-until';

const PLACE = {
  apiKey: 'pk_live_4f0c2a9e7b1d4c3a8e6f5b2d1c0a9e8f',
  address: 'https://partners.example.org/v1',
};
const AS_OF = Date.parse('2026-11-20T09:30:00Z');

freshIndexedDbForEachTest();

function rows(count: number): DeviceRegistration[] {
  return Array.from({ length: count }, (_, i) => ({
    registration_id: i + 1,
    event_id: 9,
    first_name: `Léa ${i + 1}`,
    last_name: 'Dupont',
    email: `lea${i + 1}@example.org`,
    category_id: 3,
    order_id: `ORD-${Math.floor(i / 2)}`,
    payment_status: i % 3 === 0 ? 'pending' : 'paid',
    custom_questions: [{ que_id: 1, que_question_fr: 'Taille', que_question_en: 'Size', reponse: 'M' }],
  }));
}

function worker() {
  const responses: DeviceCopyResponse[] = [];
  const handle = createDeviceCopyHandler((response) => responses.push(response));
  const answer = <T extends DeviceCopyResponse['type']>(type: T, id: number) =>
    waitUntil(() => {
      const found = responses.find((response) => response.type === type && response.id === id);
      if (!found) throw new Error(`no ${type} answer to ${id} yet`);
      return found as Extract<DeviceCopyResponse, { type: T }>;
    });
  const save = (id: number, list: DeviceRegistration[], place = PLACE) => {
    for (let start = 0; start < list.length; start += 5_000)
      handle({ type: 'save-rows', id, rows: list.slice(start, start + 5_000) });
    handle({ type: 'save', id, place, eventId: 9, dataAsOf: AS_OF });
    return answer('saved', id);
  };
  const read = (id: number, place = PLACE) => {
    handle({ type: 'read', id, place, eventId: 9 });
    return answer('read', id);
  };
  return { handle, responses, answer, save, read };
}

describe('the device copy worker', () => {
  it('saves an event with its watermark and sends it back a few hundred rows per message', async () => {
    const { responses, save, read } = worker();
    const saved = rows(2 * ROWS_PER_WORKER_MESSAGE + 1);
    expect((await save(1, saved)).result).toEqual({ status: 'saved' });
    const answer = await read(2);
    expect(answer.result).toMatchObject({
      status: 'ok',
      rows: 2 * ROWS_PER_WORKER_MESSAGE + 1,
      dataAsOf: AS_OF,
    });
    const slices = responses.filter((response) => response.type === 'rows' && response.id === 2);
    expect(slices.map((slice) => (slice.type === 'rows' ? slice.rows.length : 0))).toEqual([
      ROWS_PER_WORKER_MESSAGE,
      ROWS_PER_WORKER_MESSAGE,
      1,
    ]);
    expect(slices.flatMap((slice) => (slice.type === 'rows' ? slice.rows : []))).toEqual(saved);
    // The slices come before the answer that ends the read.
    expect(responses.indexOf(answer)).toBeGreaterThan(responses.indexOf(slices.at(-1)!));
  });

  it('says "not saved" when the device is full, and keeps nothing of that write', async () => {
    const { save, read } = worker();
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      if (this.name === 'records')
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    });
    expect((await save(1, rows(10))).result).toEqual({ status: 'not-saved', reason: 'quota' });
    vi.mocked(IDBObjectStore.prototype.put).mockRestore();
    expect((await read(2)).result).toEqual({ status: 'missing' });
  });

  it('another API key finds the copy unreadable: it is discarded, no row is sent', async () => {
    const { responses, save, read } = worker();
    await save(1, rows(10));
    const answer = await read(2, { ...PLACE, apiKey: 'pk_live_another_key_0000000000000000' });
    expect(answer.result).toEqual({ status: 'discarded', reason: 'wrong-key' });
    expect(responses.some((response) => response.type === 'rows')).toBe(false);
    // One copy per device: the first key's rows went when the other key opened it.
    expect((await read(3)).result).toMatchObject({ status: 'discarded' });
    expect(responses.some((response) => response.type === 'rows')).toBe(false);
  });

  it('a wipe after a save runs after it, and leaves no database behind', async () => {
    const { handle, answer, save } = worker();
    const saving = save(1, rows(20));
    handle({ type: 'wipe', id: 2 });
    expect((await saving).result).toEqual({ status: 'saved' });
    expect((await answer('wiped', 2)).ok).toBe(true);
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
  });

  it('keeps the events list and an event’s categories with when they came, and reads them back', async () => {
    const { handle, answer, save } = worker();
    await save(1, rows(10));
    const events = { events: [{ eve_id: 9, eve_nom_fr: 'Course' }], total: 1 };
    handle({
      type: 'save-record',
      id: 2,
      place: PLACE,
      record: { kind: 'events' },
      savedAt: AS_OF,
      value: events,
    });
    const categories = [{ category_id: 3, epr_nom_fr: 'Adultes' }];
    const record = { kind: 'categories', eventId: 9 } as const;
    handle({ type: 'save-record', id: 3, place: PLACE, record, savedAt: AS_OF + 1, value: categories });
    expect((await answer('saved', 2)).result).toEqual({ status: 'saved' });
    expect((await answer('saved', 3)).result).toEqual({ status: 'saved' });

    handle({ type: 'read-record', id: 4, place: PLACE, record: { kind: 'events' } });
    expect((await answer('record', 4)).result).toEqual({ status: 'ok', value: events, savedAt: AS_OF });
    handle({ type: 'read-record', id: 5, place: PLACE, record });
    expect((await answer('record', 5)).result).toEqual({
      status: 'ok',
      value: categories,
      savedAt: AS_OF + 1,
    });
    handle({ type: 'read-record', id: 6, place: PLACE, record: { kind: 'categories', eventId: 10 } });
    expect((await answer('record', 6)).result).toEqual({ status: 'missing' });
  });

  it('a probe with a wrong key answers wrong-key and discards nothing; the right key reads everything', async () => {
    const { handle, answer, save, read } = worker();
    await save(1, rows(10));
    handle({
      type: 'save-record',
      id: 2,
      place: PLACE,
      record: { kind: 'events' },
      savedAt: AS_OF,
      value: [],
    });
    await answer('saved', 2);
    const before = await storedOnDevice();
    handle({ type: 'probe', id: 3, place: { ...PLACE, apiKey: 'pk_live_typo' } });
    expect((await answer('probed', 3)).result).toBe('wrong-key');
    expect(await storedOnDevice()).toEqual(before);
    handle({ type: 'probe', id: 4, place: PLACE });
    expect((await answer('probed', 4)).result).toBe('ok');
    expect((await read(5)).result).toMatchObject({ status: 'ok', rows: 10 });
    handle({ type: 'probe', id: 6, place: { ...PLACE, address: 'https://other.example.org' } });
    expect((await answer('probed', 6)).result).toBe('no-copy');
  });

  it('lists the events kept, plaintext metadata only, and creates no database to look', async () => {
    const { handle, answer, save } = worker();
    handle({ type: 'list', id: 1, place: PLACE });
    expect((await answer('listed', 1)).result).toEqual({ status: 'ok', events: [] });
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);

    await save(2, rows(12));
    handle({ type: 'list', id: 3, place: PLACE });
    const listed = (await answer('listed', 3)).result;
    expect(listed).toEqual({
      status: 'ok',
      events: [
        {
          eventId: 9,
          rows: 12,
          bytes: expect.any(Number) as number,
          savedAt: expect.any(Number) as number,
          dataAsOf: AS_OF,
        },
      ],
    });
    expect(listed.status === 'ok' && listed.events[0]!.bytes).toBeGreaterThan(0);
    // Nothing personal in the answer.
    expect(JSON.stringify(listed)).not.toMatch(/Dupont|example\.org|Taille/);
  });

  it('reads a small record as missing when there is no copy, and creates no database to look', async () => {
    const { handle, answer } = worker();
    // What a screen reads on its way (saved views, figures…), after "Forget this device" too.
    handle({ type: 'read-record', id: 1, place: PLACE, record: { kind: 'saved-views', eventId: 9 } });
    expect((await answer('record', 1)).result).toEqual({ status: 'missing' });
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
  });

  it('another API key lists nothing (that copy is unreadable for it)', async () => {
    const { handle, answer, save } = worker();
    await save(1, rows(3));
    handle({ type: 'list', id: 2, place: { ...PLACE, apiKey: 'pk_live_another_key_0000000000000000' } });
    expect((await answer('listed', 2)).result).toEqual({ status: 'ok', events: [] });
  });

  it('lists "unavailable" without IndexedDB (private mode)', async () => {
    const { handle, answer } = worker();
    vi.stubGlobal('indexedDB', undefined);
    handle({ type: 'list', id: 1, place: PLACE });
    expect((await answer('listed', 1)).result).toEqual({ status: 'unavailable' });
  });

  it('every write holds the Web Lock shared by the tabs; a read and a list do not', async () => {
    const held: string[] = [];
    let holding = 0;
    // As the browser does, the callback gets the Lock as its argument.
    const request = vi.fn(async (name: string, work: (lock: unknown) => Promise<unknown>) => {
      holding += 1;
      held.push(name);
      try {
        return await work({ name, mode: 'exclusive' });
      } finally {
        holding -= 1;
      }
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { handle, answer, save, read } = worker();
    expect((await save(1, rows(4))).result).toEqual({ status: 'saved' });
    expect(request).toHaveBeenCalledTimes(1);
    // Bug fix: the sweep took the Lock for its `now` and deleted a copy saved a moment ago.
    handle({ type: 'sweep', id: 10 });
    expect((await answer('swept', 10)).deleted).toBe(false);
    expect((await read(11)).result).toMatchObject({ status: 'ok', rows: 4 });
    await read(2);
    handle({ type: 'list', id: 3, place: PLACE });
    await answer('listed', 3);
    expect(request).toHaveBeenCalledTimes(2);
    handle({ type: 'sweep', id: 4 });
    await answer('swept', 4);
    handle({ type: 'wipe', id: 5 });
    expect((await answer('wiped', 5)).ok).toBe(true);
    expect(held).toEqual(Array(4).fill(DEVICE_COPY_WRITE_LOCK));
    expect(holding).toBe(0);
  });

  it('a write waits for the lock another tab holds', async () => {
    let release!: () => void;
    const otherTab = new Promise<void>((resolve) => (release = resolve));
    let chain: Promise<unknown> = otherTab;
    const request = (_name: string, work: () => Promise<unknown>) => {
      const next = chain.then(work);
      chain = next.catch(() => undefined);
      return next;
    };
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { responses, save } = worker();
    const saving = save(1, rows(4));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(responses.some((response) => response.type === 'saved')).toBe(false);
    release();
    expect((await saving).result).toEqual({ status: 'saved' });
  });

  it('reading an event when nothing was saved (or after a wipe) creates no database', async () => {
    const { read } = worker();
    expect((await read(1)).result).toEqual({ status: 'missing' });
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
  });
});
