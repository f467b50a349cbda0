import { registrationSchema } from '@/engine/api/registration-schemas';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import type { DeviceCopy } from './indexed-db-copy';
import { CHUNK_ROWS, deleteUnusedDeviceCopy, SCHEMA_VERSION, wipeDeviceCopy } from './device-store';
import { openDeviceCopy } from './open-device-copy';
import { decodeOpenedChunks } from './device-copy-registrations';
import {
  buildQuestionTable,
  decodeRegistrationChunk,
  encodeRegistrationChunk,
  type DeviceRegistration,
  type EncodedRows,
} from './registrations-codec';
import { DEVICE_COPY_DB, stubFreshIndexedDb } from './testing/fresh-indexeddb';

const DB_NAME = DEVICE_COPY_DB;
const ORIGIN = 'https://partners.example.org';
const API_KEY = 'pk_live_4f0c2a9e7b1d4c3a8e6f5b2d1c0a9e8f';
const TODAY = '2025-06-01';
const DAY = 24 * 3_600_000;
const T0 = Date.parse('2025-06-01T08:00:00Z');

function demoRows(eventId: number): DeviceRegistration[] {
  return getDemoDataset(TODAY)
    .registrationsOf(eventId)
    .map((row) => registrationSchema.parse(row));
}

function demoEvent(eventId: number) {
  const record = getDemoDataset(TODAY).findEvent(eventId)!;
  return { event: record.event, categories: record.categories };
}

async function open(options: { apiKey?: string; origin?: string; now?: number } = {}) {
  const result = await openDeviceCopy({
    apiKey: options.apiKey ?? API_KEY,
    origin: options.origin ?? ORIGIN,
    now: () => options.now ?? T0,
  });
  if (!result.ok) throw new Error('device copy unavailable');
  return result;
}

/** Every value stored, store by store, read around the module (as someone with the disk would). */
async function rawDump(): Promise<{ store: string; key: IDBValidKey; value: unknown }[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  const names = Array.from(db.objectStoreNames);
  const tx = db.transaction(names, 'readonly');
  const dump: { store: string; key: IDBValidKey; value: unknown }[] = [];
  await Promise.all(
    names.map(
      (store) =>
        new Promise<void>((resolve) => {
          const request = tx.objectStore(store).openCursor();
          request.onsuccess = () => {
            const cursor = request.result;
            if (!cursor) return resolve();
            dump.push({ store, key: cursor.key, value: cursor.value });
            cursor.continue();
          };
        }),
    ),
  );
  db.close();
  return dump;
}

/** Writes into the records store directly, around the module. */
async function rawWrite(write: (store: IDBObjectStore) => void): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve) => {
    const request = indexedDB.open(DB_NAME);
    request.onsuccess = () => resolve(request.result);
  });
  const tx = db.transaction('records', 'readwrite');
  write(tx.objectStore('records'));
  await new Promise((resolve) => (tx.oncomplete = resolve));
  db.close();
}

const rawPut = (entries: [IDBValidKey, unknown][]) =>
  rawWrite((store) => {
    for (const [key, value] of entries) store.put(value, key);
  });
const rawDelete = (key: IDBValidKey) => rawWrite((store) => store.delete(key));

async function rawRecord(key: IDBValidKey): Promise<Uint8Array<ArrayBuffer>> {
  const entry = (await rawDump()).find(
    (item) => item.store === 'records' && indexedDB.cmp(item.key, key) === 0,
  );
  return entry!.value as Uint8Array<ArrayBuffer>;
}

let copies: DeviceCopy[] = [];
function track(result: Awaited<ReturnType<typeof open>>) {
  copies.push(result.copy);
  return result;
}

beforeEach(stubFreshIndexedDb);

afterEach(() => {
  for (const copy of copies) copy.close();
  copies = [];
  vi.unstubAllGlobals();
});

describe('device store', () => {
  it('keeps the events, categories and registrations of an event for the same key and origin', async () => {
    const { copy, discarded } = track(await open());
    expect(discarded).toBeNull();
    const rows = demoRows(DEMO_EVENT_IDS.trickySmall);
    const { event, categories } = demoEvent(DEMO_EVENT_IDS.trickySmall);
    expect(await copy.saveEvents([event])).toEqual({ saved: true, chunksWritten: 1 });
    expect(await copy.saveCategories(DEMO_EVENT_IDS.trickySmall, categories)).toMatchObject({ saved: true });
    expect(await copy.saveRegistrations(DEMO_EVENT_IDS.trickySmall, rows, T0 - 60_000)).toEqual({
      saved: true,
      chunksWritten: 1,
    });
    expect(await copy.savePageNumbering({ firstPage: 1, pageSize: 500 })).toMatchObject({ saved: true });
    copy.close();

    const again = track(await open({ now: T0 + DAY }));
    expect(again.discarded).toBeNull();
    expect(again.copy.pageNumbering).toEqual({ firstPage: 1, pageSize: 500 });
    expect(await again.copy.readEvents()).toEqual({
      status: 'ok',
      value: JSON.parse(JSON.stringify([event])) as unknown,
    });
    expect(await again.copy.readCategories(DEMO_EVENT_IDS.trickySmall)).toEqual({
      status: 'ok',
      value: JSON.parse(JSON.stringify(categories)) as unknown,
    });
    const read = await again.copy.readRegistrations(DEMO_EVENT_IDS.trickySmall);
    expect(read.status).toBe('ok');
    expect(read.status === 'ok' && read.value).toStrictEqual(rows);

    const [info] = await again.copy.listEvents();
    expect(info).toMatchObject({
      eventId: DEMO_EVENT_IDS.trickySmall,
      rows: rows.length,
      savedAt: T0,
      lastReadAt: T0 + DAY,
      dataAsOf: T0 - 60_000,
    });
    expect(info!.bytes).toBeGreaterThan(1_000);
    expect(await again.copy.readRegistrations(DEMO_EVENT_IDS.printable)).toEqual({ status: 'missing' });
  });

  it('rewrites only the chunks a change touches', async () => {
    const { copy } = track(await open());
    const eventId = DEMO_EVENT_IDS.largeMarathon;
    const rows = demoRows(eventId);
    const chunks = Math.ceil(rows.length / CHUNK_ROWS);
    expect(chunks).toBeGreaterThan(3);
    expect(await copy.saveRegistrations(eventId, rows, null)).toEqual({ saved: true, chunksWritten: chunks });
    expect(await copy.saveRegistrations(eventId, rows, null)).toEqual({ saved: true, chunksWritten: 0 });

    const changed = rows.slice();
    changed[12_345] = { ...changed[12_345]!, payment_status: 'refunded' };
    expect(await copy.saveRegistrations(eventId, changed, null)).toEqual({ saved: true, chunksWritten: 1 });

    const grown = [...changed, { ...changed[0]!, registration_id: 99_999_999 }];
    expect(await copy.saveRegistrations(eventId, grown, null)).toEqual({ saved: true, chunksWritten: 1 });
    const read = await copy.readRegistrations(eventId);
    expect(read.status === 'ok' && read.value).toStrictEqual(grown);

    const shrunk = grown.slice(0, 2.5 * CHUNK_ROWS);
    // The third chunk now ends halfway: rewritten; the chunks after it deleted.
    expect(await copy.saveRegistrations(eventId, shrunk, null)).toEqual({ saved: true, chunksWritten: 1 });
    const readShrunk = await copy.readRegistrations(eventId);
    expect(readShrunk.status === 'ok' && readShrunk.value).toStrictEqual(shrunk);
    const chunkKeys = (await rawDump()).filter(({ key }) => Array.isArray(key) && key[1] === 'registrations');
    expect(chunkKeys.map(({ key }) => key)).toEqual([
      [eventId, 'registrations', 0],
      [eventId, 'registrations', 1],
      [eventId, 'registrations', 2],
    ]);
  });

  it('holds no e-mail, name or API key in plaintext', async () => {
    const { copy } = track(await open());
    const events = [DEMO_EVENT_IDS.trickySmall, DEMO_EVENT_IDS.printable];
    await copy.saveEvents(events.map((id) => demoEvent(id).event));
    const people: string[] = [];
    for (const eventId of events) {
      const rows = demoRows(eventId);
      await copy.saveCategories(eventId, demoEvent(eventId).categories);
      expect(await copy.saveRegistrations(eventId, rows, T0)).toMatchObject({ saved: true });
      for (const row of rows) people.push(row.email!, row.last_name!, row.first_name!);
    }
    expect(people.length).toBeGreaterThan(500);

    const strings: string[] = [];
    const byteTexts: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') strings.push(value);
      else if (value instanceof Uint8Array) byteTexts.push(new TextDecoder('latin1').decode(value));
      else if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const { key, value } of await rawDump()) {
      collect(key);
      collect(value);
    }
    const plain = strings.join('\n');
    const bytes = byteTexts.join('\n');
    expect(bytes.length).toBeGreaterThan(30_000);
    for (const secret of [...people, API_KEY]) expect(plain).not.toContain(secret);
    // Ciphertext is random bytes: a 3-letter name can turn up by chance, 6 letters cannot.
    for (const secret of [...people, API_KEY].filter((text) => text.length >= 6))
      expect(bytes).not.toContain(secret);
    // What stays in plaintext: the origin, dates, sizes, counts.
    expect(plain).toContain(ORIGIN);
  });

  it('ignores and replaces a copy made with another API key or for another origin', async () => {
    const first = track(await open());
    await first.copy.saveRegistrations(1003, demoRows(1003), T0);
    first.copy.close();

    const otherKey = track(await open({ apiKey: 'pk_live_someone_else' }));
    expect(otherKey.discarded).toBe('wrong-key');
    expect(await otherKey.copy.listEvents()).toEqual([]);
    expect(await otherKey.copy.readRegistrations(1003)).toEqual({ status: 'missing' });
    await otherKey.copy.saveRegistrations(1003, demoRows(1003), T0);
    otherKey.copy.close();

    const otherOrigin = track(await open({ apiKey: 'pk_live_someone_else', origin: 'https://x.example' }));
    expect(otherOrigin.discarded).toBe('other-origin');
    expect(await otherOrigin.copy.listEvents()).toEqual([]);
    expect((await rawDump()).filter(({ store }) => store === 'records')).toEqual([]);
  });

  it('discards an event whose chunk was altered, moved to another event or chunk, or replayed', async () => {
    const { copy } = track(await open());
    const big = DEMO_EVENT_IDS.largeMarathon;
    const small = DEMO_EVENT_IDS.trickySmall;
    const bigRows = demoRows(big).slice(0, 2.4 * CHUNK_ROWS); // 3 chunks
    const save = async () => {
      await copy.saveRegistrations(big, bigRows, T0);
      await copy.saveRegistrations(small, demoRows(small), T0);
    };

    // Read whole: each chunk is handed on as soon as it is open, in order.
    await save();
    const handed: DeviceRegistration[][] = [];
    const hand = (encoded: EncodedRows, rows: number) => {
      const decoded = decodeRegistrationChunk(encoded.bytes, encoded.questions);
      expect(decoded.length).toBe(rows);
      handed.push(decoded);
    };
    const whole = await copy.openRegistrations(big, hand);
    expect(whole.status === 'ok' && decodeOpenedChunks(whole.value)).toEqual(bigRows);
    expect(await copy.readRegistrations(big)).toEqual({ status: 'ok', value: bigRows });
    expect(handed.map((chunk) => chunk.length)).toEqual([CHUNK_ROWS, CHUNK_ROWS, 0.4 * CHUNK_ROWS]);
    expect(handed.flat()).toEqual(bigRows);

    // Altered: one bit of a ciphertext. The chunk before it went on; the answer says to drop it.
    const sealed = (await rawRecord([big, 'registrations', 1])).slice();
    sealed[40]! ^= 0x80;
    await rawPut([[[big, 'registrations', 1], sealed]]);
    handed.length = 0;
    expect(await copy.openRegistrations(big, hand)).toEqual({ status: 'corrupt' });
    expect(handed.map((chunk) => chunk.length)).toEqual([CHUNK_ROWS]);
    expect(await copy.readRegistrations(big)).toEqual({ status: 'missing' }); // discarded
    expect((await copy.readRegistrations(small)).status).toBe('ok');

    // Moved to another event (same chunk index).
    await save();
    await rawPut([[[small, 'registrations', 0], await rawRecord([big, 'registrations', 0])]]);
    expect(await copy.readRegistrations(small)).toEqual({ status: 'corrupt' });
    expect((await copy.readRegistrations(big)).status).toBe('ok');

    // Two chunks of an event swapped.
    await save();
    const [zero, one] = [
      await rawRecord([big, 'registrations', 0]),
      await rawRecord([big, 'registrations', 1]),
    ];
    await rawPut([
      [[big, 'registrations', 0], one],
      [[big, 'registrations', 1], zero],
    ]);
    expect(await copy.readRegistrations(big)).toEqual({ status: 'corrupt' });

    // An older version of a chunk put back after it was rewritten.
    await save();
    const older = await rawRecord([big, 'registrations', 2]);
    const changed = bigRows.slice();
    changed[2.2 * CHUNK_ROWS] = { ...changed[2.2 * CHUNK_ROWS]!, payment_status: 'cancelled' };
    expect(await copy.saveRegistrations(big, changed, T0)).toMatchObject({ chunksWritten: 1 });
    await rawPut([[[big, 'registrations', 2], older]]);
    expect(await copy.readRegistrations(big)).toEqual({ status: 'corrupt' });

    // A chunk beyond the manifest's (a save not finished as written), then one gone.
    await save();
    await rawPut([[[big, 'registrations', 3], await rawRecord([big, 'registrations', 2])]]);
    expect(await copy.readRegistrations(big)).toEqual({ status: 'corrupt' });
    await save();
    await rawDelete([big, 'registrations', 1]);
    expect(await copy.readRegistrations(big)).toEqual({ status: 'corrupt' });

    // Categories and the events list are checked the same way.
    await copy.saveEvents([demoEvent(small).event]);
    await copy.saveCategories(small, demoEvent(small).categories);
    await rawPut([[['all', 'events', 0], await rawRecord([small, 'categories', 0])]]);
    expect(await copy.readEvents()).toEqual({ status: 'corrupt' });
    expect(await copy.readEvents()).toEqual({ status: 'missing' });
  });

  it('decodes opened chunks only when each holds the rows its manifest entry says', () => {
    const rows = demoRows(DEMO_EVENT_IDS.trickySmall);
    const questions = buildQuestionTable(rows);
    const halves = [rows.slice(0, 3), rows.slice(3)];
    const chunks = halves.map((half) => ({
      bytes: encodeRegistrationChunk(half, questions),
      rows: half.length,
    }));
    expect(decodeOpenedChunks({ questions, chunks })).toEqual(rows);
    // A chunk short of a row, or bytes that are no chunk: nothing, and the reader discards the copy.
    expect(
      decodeOpenedChunks({ questions, chunks: [chunks[0]!, { ...chunks[1]!, rows: halves[1]!.length + 1 }] }),
    ).toBeNull();
    const garbage = { bytes: new TextEncoder().encode('{"not": "rows"}'), rows: 1 };
    expect(decodeOpenedChunks({ questions, chunks: [chunks[0]!, garbage] })).toBeNull();
  });

  it('discards a copy of another schema version', async () => {
    const leaveCopyOfVersion = (version: number) =>
      new Promise<void>((resolve) => {
        const request = indexedDB.open(DB_NAME, version);
        request.onupgradeneeded = () => {
          for (const name of ['meta', 'events', 'records'])
            if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
        };
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
      });
    // A newer version of the app left its copy, then the app rolled back.
    await leaveCopyOfVersion(SCHEMA_VERSION + 1);
    const { copy, discarded } = track(await open());
    expect(discarded).toBe('schema');
    expect(await copy.saveRegistrations(1003, demoRows(1003), T0)).toMatchObject({ saved: true });
    copy.close();

    // An older version's copy (chunks in another layout): discarded when this version opens it.
    await wipeDeviceCopy();
    await leaveCopyOfVersion(SCHEMA_VERSION - 1);
    const older = track(await open());
    expect(older.discarded).toBe('schema');
    expect(await older.copy.saveRegistrations(1003, demoRows(1003), T0)).toMatchObject({ saved: true });
    older.copy.close();

    // Meta written by another schema version in the same database.
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open(DB_NAME);
      request.onsuccess = () => resolve(request.result);
    });
    const tx = db.transaction('meta', 'readwrite');
    const store = tx.objectStore('meta');
    const get = store.get('copy');
    get.onsuccess = () => store.put({ ...(get.result as object), schemaVersion: 0 }, 'copy');
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
    const again = track(await open());
    expect(again.discarded).toBe('schema');
    expect(await again.copy.listEvents()).toEqual([]);
  });

  it('wipes everything, and deletes one event', async () => {
    const { copy } = track(await open());
    await copy.saveEvents([demoEvent(1003).event]);
    for (const eventId of [1003, DEMO_EVENT_IDS.printable]) {
      await copy.saveCategories(eventId, demoEvent(eventId).categories);
      await copy.saveRegistrations(eventId, demoRows(eventId), T0);
    }
    await copy.deleteEvent(1003);
    expect((await copy.listEvents()).map((info) => info.eventId)).toEqual([DEMO_EVENT_IDS.printable]);
    expect((await rawDump()).some(({ key }) => Array.isArray(key) && key[0] === 1003)).toBe(false);

    await copy.wipe();
    expect(await indexedDB.databases()).toEqual([]);
    const fresh = track(await open());
    expect(fresh.discarded).toBeNull();
    expect(await fresh.copy.listEvents()).toEqual([]);
    expect(await fresh.copy.readEvents()).toEqual({ status: 'missing' });
    fresh.copy.close();

    await wipeDeviceCopy(); // without the key (sign-out, 401)
    expect(await indexedDB.databases()).toEqual([]);
  });

  it("keeps an event's dismissed duplicates sealed, apart from its counts, and deletes them with the event", async () => {
    const { copy } = track(await open());
    const dismissed = { version: 1, keys: ['likely:12,40'] };
    expect(await copy.saveEventNote(1003, 'dismissed-duplicates', dismissed)).toMatchObject({ saved: true });
    expect(await copy.readEventNote(1003, 'dismissed-duplicates')).toEqual({
      status: 'ok',
      value: dismissed,
    });
    expect(await copy.readEventNote(1005, 'dismissed-duplicates')).toEqual({ status: 'missing' });
    // Sealed: not even the registration ids are in the clear; and no event is listed for it.
    const sealed = await rawRecord([1003, 'dismissed-duplicates', 0]);
    expect(new TextDecoder().decode(sealed)).not.toContain('likely');
    expect(await copy.listEvents()).toEqual([]);
    await copy.deleteEvent(1003);
    expect(await copy.readEventNote(1003, 'dismissed-duplicates')).toEqual({ status: 'missing' });
  });

  it("keeps an event's link to its previous edition sealed, beside the event's other notes, and wipes it with the copy", async () => {
    const { copy } = track(await open());
    const link = { version: 1, previousEventId: 1040 };
    expect(await copy.saveEventNote(1002, 'edition-link', link)).toMatchObject({ saved: true });
    expect(await copy.saveEventNote(1002, 'dismissed-duplicates', { version: 1, keys: [] })).toMatchObject({
      saved: true,
    });
    expect(await copy.readEventNote(1002, 'edition-link')).toEqual({ status: 'ok', value: link });
    const sealed = await rawRecord([1002, 'edition-link', 0]);
    expect(new TextDecoder().decode(sealed)).not.toContain('1040');
    copy.close();
    await wipeDeviceCopy();
    const fresh = track(await open());
    expect(await fresh.copy.readEventNote(1002, 'edition-link')).toEqual({ status: 'missing' });
  });

  it("keeps an event's saved views sealed (a search can hold a name) and wipes them with the copy", async () => {
    const { copy } = track(await open());
    const views = { version: 1, views: [{ id: 'v1', name: 'Dupont family', search: 'q=dupont' }] };
    expect(await copy.saveEventNote(1003, 'saved-views', views)).toMatchObject({ saved: true });
    expect(await copy.readEventNote(1003, 'saved-views')).toEqual({ status: 'ok', value: views });
    const sealed = new TextDecoder().decode(await rawRecord([1003, 'saved-views', 0]));
    expect(sealed).not.toContain('dupont');
    expect(sealed).not.toContain('Dupont');
    copy.close();
    await wipeDeviceCopy();
    const fresh = track(await open());
    expect(await fresh.copy.readEventNote(1003, 'saved-views')).toEqual({ status: 'missing' });
  });

  it('answers a typed "not saved" result when the device is full, keeping the previous copy', async () => {
    const { copy } = track(await open());
    const rows = demoRows(DEMO_EVENT_IDS.largeMarathon).slice(0, 11_000);
    await copy.saveRegistrations(1001, rows, T0);
    const realPut = IDBObjectStore.prototype.put;
    let calls = 0;
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      // The manifest goes in, the first chunk does not fit.
      if (++calls > 1) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realPut.apply(this, args);
    });
    const changed = rows.map((row) => ({ ...row, payment_status: 'paid' }));
    try {
      expect(await copy.saveRegistrations(1001, changed, T0)).toEqual({ saved: false, reason: 'quota' });
      expect(await copy.saveEvents([])).toEqual({ saved: false, reason: 'quota' });
      expect(await copy.saveCategories(1001, [])).toEqual({ saved: false, reason: 'quota' });
    } finally {
      put.mockRestore();
    }
    const read = await copy.readRegistrations(1001);
    expect(read.status === 'ok' && read.value).toStrictEqual(rows);
  });

  it('deletes a copy unused for 30 days', async () => {
    const { copy } = track(await open());
    await copy.saveRegistrations(1003, demoRows(1003), T0);
    await copy.readRegistrations(1003); // used at T0
    copy.close();
    expect(await deleteUnusedDeviceCopy(T0 + 29 * DAY)).toBe(false);
    expect((await rawDump()).length).toBeGreaterThan(0);
    expect(await deleteUnusedDeviceCopy(T0 + 31 * DAY)).toBe(true);
    expect(await indexedDB.databases()).toEqual([]);

    const used = track(await open());
    await used.copy.saveRegistrations(1003, demoRows(1003), T0);
    used.copy.close();
    // Opened after 30 days without the start-up clean-up: the same rule applies.
    const late = track(await open({ now: T0 + 31 * DAY }));
    expect(late.discarded).toBe('expired');
    expect(await late.copy.listEvents()).toEqual([]);
  });

  it('keeps a consistent event when two tabs write it at the same time', async () => {
    const first = track(await open());
    const second = track(await open());
    expect(second.discarded).toBeNull();
    const rows = demoRows(DEMO_EVENT_IDS.largeMarathon).slice(0, 12_000);
    await first.copy.saveRegistrations(1001, rows, T0);
    const cancel = (at: number) =>
      rows.map((row, i) => (i === at ? { ...row, payment_status: 'cancelled' } : row));
    // Both prepare against the saved state, changing different chunks; the later commit
    // notices the event changed meanwhile and starts over, rewriting what differs from it.
    const [a, b] = [cancel(10), cancel(11_000)];
    const results = await Promise.all([
      first.copy.saveRegistrations(1001, a, T0 + 1),
      second.copy.saveRegistrations(1001, b, T0 + 2),
    ]);
    expect(results.map((result) => result.saved)).toEqual([true, true]);
    const read = await first.copy.readRegistrations(1001);
    expect(read.status).toBe('ok');
    const [info] = await first.copy.listEvents();
    expect(read.status === 'ok' && read.value).toStrictEqual(info!.dataAsOf === T0 + 1 ? a : b);
  });

  it('lets another tab wipe the copy while it is open', async () => {
    const { copy } = track(await open());
    await copy.saveRegistrations(1003, demoRows(1003), T0);
    await wipeDeviceCopy(); // resolves: the open copy closes its connection when asked
    expect(await indexedDB.databases()).toEqual([]);
    expect(await copy.saveEvents([])).toEqual({ saved: false, reason: 'failed' });
    expect(await copy.readRegistrations(1003)).toEqual({ status: 'missing' });
  });

  it('does not create a database to look for an unused copy', async () => {
    expect(await deleteUnusedDeviceCopy(T0)).toBe(false);
    expect(await indexedDB.databases()).toEqual([]);
  });

  it('answers "unavailable" without IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(await openDeviceCopy({ apiKey: API_KEY, origin: ORIGIN })).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    expect(await deleteUnusedDeviceCopy()).toBe(false);
  });

  it('a read whose transaction aborts after its caller moved on leaves no unhandled rejection', async () => {
    const { copy } = track(await open());
    await copy.saveCategories(DEMO_EVENT_IDS.trickySmall, demoEvent(DEMO_EVENT_IDS.trickySmall).categories);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // The read is under way when IndexedDB's globals go away (as when a page's environment
      // is torn down): its request's answer cannot be handled and the transaction aborts.
      void copy.readCategories(DEMO_EVENT_IDS.trickySmall);
      vi.unstubAllGlobals();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('unhandledRejection', onUnhandled);
      stubFreshIndexedDb();
    }
    expect(unhandled).toEqual([]);
  });
});
