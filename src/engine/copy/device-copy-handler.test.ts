import { IDBObjectStore } from 'fake-indexeddb';
import { createEngineClient } from '../rpc/client';
import { serveEngine } from '../rpc/server';
import { inPageTransport } from '../rpc/transport';
import { deviceCopyContract } from './device-copy-contract';
import { createDeviceCopyEngine, DEVICE_COPY_LOCK } from './device-copy-handler';
import { decodeEncodedRows, type DeviceRegistration, type EncodedRows } from './registrations-codec';
import { CHUNK_ROWS } from './device-store';
import { DEVICE_COPY_DB, storedOnDevice, freshIndexedDbForEachTest } from './testing/fresh-indexeddb';

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

/**
 * The engine's device copy: its methods for the page behind the real RPC, run in the page, and
 * the saves and reads of whole lists the engine's own work uses (sync/list-work.ts).
 */
function worker() {
  const progress: { id: number; rows: number; encoded: EncodedRows }[] = [];
  /** The rows each read decoded, after answering. */
  const decoded: Promise<DeviceRegistration[] | null>[] = [];
  let readId = 0;
  const copy = createDeviceCopyEngine(() => {});
  const engine = createEngineClient(deviceCopyContract, () =>
    inPageTransport((post) => serveEngine(deviceCopyContract, copy.handlers, post)),
  );
  const { call } = engine;
  const save = (list: DeviceRegistration[], place = PLACE, history?: unknown) =>
    copy.saveList(place, 9, list, AS_OF, { history, pageNumbering: undefined });
  const read = async (place = PLACE) => {
    const id = ++readId;
    const { read, rows } = await copy.readList(place, 9, (encoded, count) =>
      progress.push({ id, rows: count, encoded }),
    );
    decoded.push(rows);
    return read;
  };
  return { call: call.bind(engine), save, read, progress, decoded };
}

describe('the engine’s device copy', () => {
  it('saves an event with its watermark and reads it back a chunk at a time, each also as it is kept', async () => {
    const { progress, save, read, decoded } = worker();
    const saved = rows(CHUNK_ROWS + 1);
    expect(await save(saved)).toEqual({ status: 'saved' });
    const answer = await read();
    // The chunks came before the answer that ends the read.
    expect(answer).toMatchObject({ status: 'ok', rows: CHUNK_ROWS + 1, dataAsOf: AS_OF });
    expect(progress.map((chunk) => chunk.rows)).toEqual([CHUNK_ROWS, 1]);
    // What the page is handed reads as the same rows, and so do the engine's own, decoded after.
    expect(progress.flatMap((chunk) => decodeEncodedRows(chunk.encoded) ?? [])).toEqual(saved);
    expect(await decoded[0]).toEqual(saved);
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
    expect(await save(rows(10))).toEqual({ status: 'not-saved', reason: 'quota' });
    vi.mocked(IDBObjectStore.prototype.put).mockRestore();
    expect(await read()).toEqual({ status: 'missing' });
  });

  it('another API key finds the copy unreadable: it is discarded, no row is sent', async () => {
    const { progress, save, read } = worker();
    await save(rows(10));
    const answer = await read({ ...PLACE, apiKey: 'pk_live_another_key_0000000000000000' });
    expect(answer).toEqual({ status: 'discarded', reason: 'wrong-key' });
    expect(progress).toEqual([]);
    // One copy per device: the first key's rows went when the other key opened it.
    expect(await read()).toMatchObject({ status: 'discarded' });
    expect(progress).toEqual([]);
  });

  it('a wipe after a save runs after it, and leaves no database behind', async () => {
    const { call, save } = worker();
    const saving = save(rows(20));
    const wiping = call('copy.wipe', {});
    expect(await saving).toEqual({ status: 'saved' });
    expect(await wiping).toBe(true);
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
  });

  it('keeps the events list and an event’s categories with when they came, and reads them back', async () => {
    const { call, save } = worker();
    await save(rows(10));
    const events = { events: [{ eve_id: 9, eve_nom_fr: 'Course' }], total: 1 };
    const savingEvents = call('copy.save-record', {
      place: PLACE,
      record: { kind: 'events' },
      savedAt: AS_OF,
      value: events,
    });
    const categories = [{ category_id: 3, epr_nom_fr: 'Adultes' }];
    const record = { kind: 'categories', eventId: 9 } as const;
    const savingCategories = call('copy.save-record', {
      place: PLACE,
      record,
      savedAt: AS_OF + 1,
      value: categories,
    });
    expect(await savingEvents).toEqual({ status: 'saved' });
    expect(await savingCategories).toEqual({ status: 'saved' });

    expect(await call('copy.read-record', { place: PLACE, record: { kind: 'events' } })).toEqual({
      status: 'ok',
      value: events,
      savedAt: AS_OF,
    });
    expect(await call('copy.read-record', { place: PLACE, record })).toEqual({
      status: 'ok',
      value: categories,
      savedAt: AS_OF + 1,
    });
    const other = { kind: 'categories', eventId: 10 } as const;
    expect(await call('copy.read-record', { place: PLACE, record: other })).toEqual({ status: 'missing' });
  });

  it('a probe with a wrong key answers wrong-key and discards nothing; the right key reads everything', async () => {
    const { call, save, read } = worker();
    await save(rows(10));
    await call('copy.save-record', { place: PLACE, record: { kind: 'events' }, savedAt: AS_OF, value: [] });
    const before = await storedOnDevice();
    expect(await call('copy.probe', { place: { ...PLACE, apiKey: 'pk_live_typo' } })).toBe('wrong-key');
    expect(await storedOnDevice()).toEqual(before);
    expect(await call('copy.probe', { place: PLACE })).toBe('ok');
    expect(await read()).toMatchObject({ status: 'ok', rows: 10 });
    expect(await call('copy.probe', { place: { ...PLACE, address: 'https://other.example.org' } })).toBe(
      'no-copy',
    );
  });

  it('lists the events kept, plaintext metadata only, and creates no database to look', async () => {
    const { call, save } = worker();
    expect(await call('copy.list', { place: PLACE })).toEqual({ status: 'ok', events: [] });
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);

    await save(rows(12));
    const listed = await call('copy.list', { place: PLACE });
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
    const { call } = worker();
    // What a screen reads on its way (saved views, figures…), after "Forget this device" too.
    const record = { kind: 'saved-views', eventId: 9 } as const;
    expect(await call('copy.read-record', { place: PLACE, record })).toEqual({ status: 'missing' });
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
  });

  it('another API key lists nothing (that copy is unreadable for it)', async () => {
    const { call, save } = worker();
    await save(rows(3));
    const place = { ...PLACE, apiKey: 'pk_live_another_key_0000000000000000' };
    expect(await call('copy.list', { place })).toEqual({ status: 'ok', events: [] });
  });

  it('lists "unavailable" without IndexedDB (private mode)', async () => {
    const { call } = worker();
    vi.stubGlobal('indexedDB', undefined);
    expect(await call('copy.list', { place: PLACE })).toEqual({ status: 'unavailable' });
  });

  it('every write holds the Web Lock shared by the tabs; a read of a list holds it shared; a list does not', async () => {
    const held: string[] = [];
    let holding = 0;
    // As the browser does, the callback gets the Lock as its argument.
    const request = vi.fn(
      async (name: string, options: LockOptions, work: (lock: unknown) => Promise<unknown>) => {
        holding += 1;
        held.push(`${name} ${options.mode ?? 'exclusive'}`);
        try {
          return await work({ name, mode: options.mode });
        } finally {
          holding -= 1;
        }
      },
    );
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { call, save, read } = worker();
    expect(await save(rows(4))).toEqual({ status: 'saved' });
    expect(request).toHaveBeenCalledTimes(1);
    // Bug fix: the sweep took the Lock for its `now` and deleted a copy saved a moment ago.
    expect(await call('copy.sweep', {})).toBe(false);
    expect(await read()).toMatchObject({ status: 'ok', rows: 4 });
    await call('copy.list', { place: PLACE });
    await call('copy.sweep', {});
    expect(await call('copy.wipe', {})).toBe(true);
    const lock = DEVICE_COPY_LOCK;
    expect(held).toEqual([
      `${lock} exclusive`,
      `${lock} exclusive`,
      `${lock} shared`,
      `${lock} exclusive`,
      `${lock} exclusive`,
    ]);
    expect(holding).toBe(0);
  });

  it('a read never mixes two saves: another tab saving meanwhile gives the whole older list or the whole newer one', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: sharedLocks() });
    const thisTab = worker();
    const otherTab = worker();
    const history = (count: number) => ({ rows: count });
    expect(await thisTab.save(rows(40), PLACE, history(40))).toEqual({ status: 'saved' });
    for (let round = 0; round < 12; round++) {
      const count = round % 2 === 0 ? 2_600 : 40;
      // The read starts first; the other tab's save lands a little later each round.
      const reading = thisTab.read();
      for (let turn = 0; turn < round; turn++) await Promise.resolve();
      const saving = otherTab.save(rows(count), PLACE, history(count));
      const [found, saved] = await Promise.all([reading, saving]);
      expect(saved).toEqual({ status: 'saved' });
      expect(found.status).toBe('ok');
      if (found.status !== 'ok') return;
      // The rows and the history saved with them, never one list's rows with the next one's history.
      expect(found.history).toEqual(history(found.rows));
    }
  });

  it('a write waits for the lock another tab holds', async () => {
    let release!: () => void;
    const otherTab = new Promise<void>((resolve) => (release = resolve));
    let chain: Promise<unknown> = otherTab;
    const request = (_name: string, _options: LockOptions, work: () => Promise<unknown>) => {
      const next = chain.then(work);
      chain = next.catch(() => undefined);
      return next;
    };
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { save } = worker();
    let answered = false;
    const saving = save(rows(4)).finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    expect(await saving).toEqual({ status: 'saved' });
  });

  it('reading an event when nothing was saved (or after a wipe) creates no database', async () => {
    const { read } = worker();
    expect(await read()).toEqual({ status: 'missing' });
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
  });
});

/**
 * Web Locks as the browser grants them for one name: shared holders together, an exclusive
 * one alone, in the order asked.
 */
function sharedLocks() {
  let shared = 0;
  let exclusive = false;
  const waiting: { mode: LockMode; grant: () => void }[] = [];
  const grantable = (mode: LockMode) => (mode === 'shared' ? !exclusive : !exclusive && shared === 0);
  const next = () => {
    while (waiting[0] && grantable(waiting[0].mode)) waiting.shift()!.grant();
  };
  return {
    async request<T>(name: string, options: LockOptions, work: (lock: unknown) => Promise<T>): Promise<T> {
      const mode = options.mode ?? 'exclusive';
      await new Promise<void>((grant) => {
        waiting.push({
          mode,
          grant: () => {
            if (mode === 'shared') shared += 1;
            else exclusive = true;
            grant();
          },
        });
        next();
      });
      try {
        return await work({ name, mode });
      } finally {
        if (mode === 'shared') shared -= 1;
        else exclusive = false;
        next();
      }
    },
  };
}
