import { deleteDB, openDB, unwrap, wrap, type DBSchema, type IDBPDatabase } from 'idb';
import { checkDeviceKey, deriveDeviceKey, makeKeyCheck, newDeviceSalt } from './device-key';
import { openRecord, recordAad, sealRecord, type Bytes, type RecordPlace } from './record-crypto';
import {
  buildQuestionTable,
  decodeRegistrationChunk,
  encodeRegistrationChunk,
  type DeviceRegistration,
  type QuestionTable,
} from './registrations-codec';

/**
 * The encrypted copy of the data on the device, in IndexedDB (through `idb`). One database for
 * the app, holding one copy: the copy of one API origin and one API key.
 *
 * - `meta` (plaintext, no personal data): salt, key-check value, schema version, origin, copy
 *   id, dates, the page numbering learned for the API;
 * - `events` (plaintext, no personal data): per event, row count, sizes and dates;
 * - `records` (sealed with AES-GCM, see record-crypto): the events list, an event's categories,
 *   an event's manifest (question texts, and per chunk its content hash and generation), its
 *   registration chunks of 5,000 rows, the app's history of the list (what changed when,
 *   opaque JSON here), the groups of possible duplicates the promoter dismissed and the event's
 *   figures for the events list, the previous edition it is linked to and the promoter's saved
 *   views of its registrations (opaque JSON too). Keys are [event id or 'all', kind, chunk
 *   index].
 *
 * A new schema version (the database version) discards the old copy, as do a copy unused for
 * 30 days, a copy of another origin, and a copy the API key does not open. A record that fails
 * to open is discarded with the rest of its event, never shown. Opening, writing and reading
 * do not throw for a storage failure: they answer typed results (a full device: 'quota'), and
 * the app keeps its data in memory. Deleting (an event, the copy) rejects when it fails: the
 * caller must know that data it meant to remove is still there.
 * No DOM use: the whole store can run in a Web Worker.
 */

const DB_NAME = 'promoter-dashboard-device-copy';
const SCHEMA_VERSION = 1;
const CHUNK_ROWS = 5_000;
const UNUSED_MS = 30 * 24 * 3_600_000;
const ALL = 'all';

/** How the API numbers the pages of a list (see the registrations loader). Plaintext. */
export interface PageNumbering {
  readonly firstPage: 0 | 1;
  readonly pageSize: number;
}

interface CopyMeta {
  schemaVersion: number;
  copyId: string;
  origin: string;
  salt: Bytes;
  keyCheck: Bytes;
  createdAt: number;
  lastUsedAt: number;
  pageNumbering: PageNumbering | null;
}

interface EventMeta {
  eventId: number;
  /** null while only the categories are stored. */
  rows: number | null;
  chunks: number;
  categoryBytes: number;
  registrationBytes: number;
  savedAt: number;
  lastReadAt: number | null;
  /** When the stored registrations were fetched (for a later `updated_since`). */
  dataAsOf: number | null;
  /** Bumped by every write of the event: a write prepared against an older one starts over. */
  revision: number;
}

type Kind = Exclude<RecordPlace['kind'], 'key-check'>;
/** A small record of an event kept apart from its rows: deleted with the event and the copy. */
export type EventNoteKind = Extract<
  Kind,
  'dismissed-duplicates' | 'event-figures' | 'edition-link' | 'saved-views'
>;
type RecordKey = [scope: number | typeof ALL, kind: Kind, index: number];

interface DeviceCopySchema extends DBSchema {
  meta: { key: 'copy'; value: CopyMeta };
  events: { key: number; value: EventMeta };
  records: { key: RecordKey; value: Bytes };
}

type Database = IDBPDatabase<DeviceCopySchema>;

interface Manifest {
  generation: number;
  questions: QuestionTable;
  chunks: { hash: string; generation: number; rows: number; bytes: number }[];
}

/** Why the copy found on opening was deleted. */
export type DiscardReason = 'schema' | 'expired' | 'other-origin' | 'wrong-key' | 'corrupt';

export type OpenDeviceCopyResult =
  | { readonly ok: true; readonly copy: DeviceCopy; readonly discarded: DiscardReason | null }
  | { readonly ok: false; readonly reason: 'unavailable' };

/** A write's outcome: 'quota' when the device is full; the data stays in memory only. */
export type SaveResult =
  | { readonly saved: true; readonly chunksWritten: number }
  | { readonly saved: false; readonly reason: 'quota' | 'failed' };

/** 'corrupt': a record did not open (altered or damaged); it was deleted. */
export type ReadResult<T> =
  | { readonly status: 'ok'; readonly value: T }
  | { readonly status: 'missing' }
  | { readonly status: 'corrupt' };

export interface StoredEventInfo {
  readonly eventId: number;
  readonly rows: number | null;
  readonly bytes: number;
  readonly savedAt: number;
  readonly lastReadAt: number | null;
  readonly dataAsOf: number | null;
}

export interface DeviceCopy {
  readonly pageNumbering: PageNumbering | null;
  savePageNumbering(numbering: PageNumbering): Promise<SaveResult>;
  saveEvents(events: unknown): Promise<SaveResult>;
  readEvents(): Promise<ReadResult<unknown>>;
  saveCategories(eventId: number, categories: unknown): Promise<SaveResult>;
  readCategories(eventId: number): Promise<ReadResult<unknown>>;
  /** What the app keeps of an event beside its rows (any JSON value), without touching its counts. */
  saveEventNote(eventId: number, kind: EventNoteKind, value: unknown): Promise<SaveResult>;
  readEventNote(eventId: number, kind: EventNoteKind): Promise<ReadResult<unknown>>;
  /**
   * Rewrites only the chunks whose content changed; `dataAsOf`: when the rows were fetched.
   * `history` (any JSON value) is written with them, in the same transaction.
   */
  saveRegistrations(
    eventId: number,
    rows: readonly DeviceRegistration[],
    dataAsOf: number | null,
    history?: unknown,
  ): Promise<SaveResult>;
  readRegistrations(eventId: number): Promise<ReadResult<DeviceRegistration[]>>;
  /** The history saved with the event's rows ('missing' when none was). */
  readHistory(eventId: number): Promise<ReadResult<unknown>>;
  listEvents(): Promise<StoredEventInfo[]>;
  deleteEvent(eventId: number): Promise<void>;
  /** Deletes the whole copy (sign-out, 401, "forget this device"). */
  wipe(): Promise<void>;
  close(): void;
}

interface OpenOptions {
  readonly apiKey: string;
  readonly origin: string;
  readonly now?: () => number;
}

function isQuotaError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'QuotaExceededError';
}

function failure(error: unknown): SaveResult {
  return { saved: false, reason: isQuotaError(error) ? 'quota' : 'failed' };
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function sha256(bytes: Bytes): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

function eventRange(eventId: number): IDBKeyRange {
  return IDBKeyRange.bound([eventId], [eventId, []]);
}

/**
 * idb gives every transaction a `done` promise, which rejects when the transaction aborts. A
 * read does not wait for it, so a read aborted after its caller moved on (the copy closed or
 * wiped, the session changed) left a rejection nobody handled. Every transaction's `done` is
 * observed here, at its creation: callers that need the outcome still await it, and a failed
 * request still fails.
 */
function observeEveryTransaction(db: Database): Database {
  const raw = unwrap(db);
  const transaction = raw.transaction.bind(raw);
  raw.transaction = ((...args: Parameters<IDBDatabase['transaction']>) => {
    const tx = transaction(...args);
    wrap(tx).done.catch(() => undefined);
    return tx;
  }) as IDBDatabase['transaction'];
  return db;
}

async function openDatabase(): Promise<{ db: Database; upgraded: boolean }> {
  let upgraded = false;
  const open = () =>
    openDB<DeviceCopySchema>(DB_NAME, SCHEMA_VERSION, {
      upgrade(db, oldVersion) {
        // Another schema version: its copy cannot be read, start over.
        if (oldVersion > 0) {
          upgraded = true;
          const untyped = db as unknown as IDBPDatabase;
          for (const name of Array.from(untyped.objectStoreNames)) untyped.deleteObjectStore(name);
        }
        db.createObjectStore('meta');
        db.createObjectStore('events');
        db.createObjectStore('records');
      },
      // Another tab wipes the copy or opens a newer schema: let it.
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
      },
    });
  try {
    return { db: observeEveryTransaction(await open()), upgraded };
  } catch (error) {
    // A copy from a newer version of the app (after a rollback): discard it.
    if ((error as { name?: unknown } | null)?.name !== 'VersionError') throw error;
    await deleteDB(DB_NAME);
    return { db: observeEveryTransaction(await open()), upgraded: true };
  }
}

async function clearAll(db: Database): Promise<void> {
  const tx = db.transaction(['meta', 'events', 'records'], 'readwrite');
  await Promise.all([
    tx.objectStore('meta').clear(),
    tx.objectStore('events').clear(),
    tx.objectStore('records').clear(),
    tx.done,
  ]);
}

/**
 * Opens the copy of this API origin and key, or starts a new one (then `discarded` tells why
 * a copy found was deleted). `unavailable`: no IndexedDB (private mode, old browser, blocked).
 */
export async function openDeviceCopy(options: OpenOptions): Promise<OpenDeviceCopyResult> {
  if (typeof indexedDB === 'undefined') return { ok: false, reason: 'unavailable' };
  const now = options.now ?? Date.now;
  let db: Database | undefined;
  try {
    const opened = await openDatabase();
    db = opened.db;
    let discarded: DiscardReason | null = opened.upgraded ? 'schema' : null;
    const found = await db.get('meta', 'copy');
    if (found) {
      let reason: DiscardReason | null = null;
      let key: CryptoKey | null = null;
      if (found.schemaVersion !== SCHEMA_VERSION) reason = 'schema';
      else if (now() - found.lastUsedAt > UNUSED_MS) reason = 'expired';
      else if (found.origin !== options.origin) reason = 'other-origin';
      else {
        key = await deriveDeviceKey(options.apiKey, found.salt, options.origin);
        const check = await checkDeviceKey(key, found, found.keyCheck);
        if (check !== 'ok') reason = check;
      }
      if (reason === null && key) {
        const meta = { ...found, lastUsedAt: now() };
        await db.put('meta', meta, 'copy');
        return { ok: true, copy: new Copy(db, key, meta, now), discarded: null };
      }
      discarded = reason;
      await clearAll(db);
    }
    const salt = newDeviceSalt();
    const copyId = hex(crypto.getRandomValues(new Uint8Array(16)));
    const key = await deriveDeviceKey(options.apiKey, salt, options.origin);
    const place = { schemaVersion: SCHEMA_VERSION, copyId };
    const meta: CopyMeta = {
      ...place,
      origin: options.origin,
      salt,
      keyCheck: await makeKeyCheck(key, place),
      createdAt: now(),
      lastUsedAt: now(),
      pageNumbering: null,
    };
    await db.put('meta', meta, 'copy');
    return { ok: true, copy: new Copy(db, key, meta, now), discarded };
  } catch {
    db?.close();
    return { ok: false, reason: 'unavailable' };
  }
}

/** What the copy on this device says of a key, without changing anything (offline sign-in). */
export type DeviceCopyProbe = 'ok' | 'wrong-key' | 'no-copy';

/**
 * Whether `apiKey` opens the copy of `origin` on this device, read only: unlike
 * openDeviceCopy it never discards nor creates anything, so a mistyped key offline leaves the
 * copy as it was. 'no-copy': no usable copy of this API address (none, another address, another
 * schema, unused for 30 days, a damaged key check, or no IndexedDB).
 */
export async function probeDeviceCopy(options: OpenOptions): Promise<DeviceCopyProbe> {
  if (typeof indexedDB === 'undefined') return 'no-copy';
  const now = options.now ?? Date.now;
  let db: IDBDatabase | undefined;
  try {
    // Where the browser lists its databases, do not create an empty one just to look.
    if (typeof indexedDB.databases === 'function') {
      const databases = await indexedDB.databases();
      if (!databases.some((database) => database.name === DB_NAME)) return 'no-copy';
    }
    // Opened without a version and without an upgrade: an older or newer schema stays as it is.
    db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DB_NAME);
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    });
    const database = db;
    database.onversionchange = () => database.close();
    if (database.version !== SCHEMA_VERSION || !database.objectStoreNames.contains('meta')) return 'no-copy';
    const found = await new Promise<CopyMeta | undefined>((resolve, reject) => {
      const request = database.transaction('meta', 'readonly').objectStore('meta').get('copy');
      request.onsuccess = () => resolve(request.result as CopyMeta | undefined);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
    });
    if (!found || found.schemaVersion !== SCHEMA_VERSION) return 'no-copy';
    if (now() - found.lastUsedAt > UNUSED_MS || found.origin !== options.origin) return 'no-copy';
    const key = await deriveDeviceKey(options.apiKey, found.salt, options.origin);
    const check = await checkDeviceKey(key, found, found.keyCheck);
    return check === 'corrupt' ? 'no-copy' : check;
  } catch {
    return 'no-copy';
  } finally {
    db?.close();
  }
}

/** Deletes the whole copy, without needing the key (sign-out, 401, "forget this device"). */
export async function wipeDeviceCopy(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await deleteDB(DB_NAME);
}

/**
 * False only when the browser lists its databases and the copy's is not among them, so a
 * look at the copy does not create an empty one. True where it cannot tell.
 */
export async function deviceCopyExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === DB_NAME);
  } catch {
    return true;
  }
}

/** At start: deletes a copy nobody opened for 30 days. Resolves whether one was deleted. */
export async function deleteUnusedDeviceCopy(now: number = Date.now()): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  try {
    // Do not create an empty database just to look.
    if (!(await deviceCopyExists())) return false;
    const { db } = await openDatabase();
    const meta = await db.get('meta', 'copy');
    db.close();
    if (!meta || now - meta.lastUsedAt <= UNUSED_MS) return false;
    await deleteDB(DB_NAME);
    return true;
  } catch {
    return false;
  }
}

class Copy implements DeviceCopy {
  constructor(
    private readonly db: Database,
    private readonly key: CryptoKey,
    private meta: CopyMeta,
    private readonly now: () => number,
  ) {}

  get pageNumbering(): PageNumbering | null {
    return this.meta.pageNumbering;
  }

  private aad(eventId: number | null, kind: Kind, index = 0, generation = 0): Bytes {
    const { schemaVersion, copyId } = this.meta;
    return recordAad({ schemaVersion, copyId, eventId, kind, index, generation });
  }

  async savePageNumbering(numbering: PageNumbering): Promise<SaveResult> {
    const meta = {
      ...this.meta,
      pageNumbering: { firstPage: numbering.firstPage, pageSize: numbering.pageSize },
    };
    try {
      await this.db.put('meta', meta, 'copy');
      this.meta = meta;
      return { saved: true, chunksWritten: 0 };
    } catch (error) {
      return failure(error);
    }
  }

  async saveEvents(events: unknown): Promise<SaveResult> {
    try {
      const sealed = await this.sealJson(null, 'events', events);
      await this.db.put('records', sealed, [ALL, 'events', 0]);
      return { saved: true, chunksWritten: 1 };
    } catch (error) {
      return failure(error);
    }
  }

  readEvents(): Promise<ReadResult<unknown>> {
    return this.readJson(null, 'events');
  }

  async saveCategories(eventId: number, categories: unknown): Promise<SaveResult> {
    try {
      const sealed = await this.sealJson(eventId, 'categories', categories);
      const tx = this.db.transaction(['events', 'records'], 'readwrite');
      try {
        const events = tx.objectStore('events');
        const meta = (await events.get(eventId)) ?? this.emptyEventMeta(eventId);
        await settle(tx, [
          () => tx.objectStore('records').put(sealed, [eventId, 'categories', 0]),
          () =>
            events.put({ ...meta, categoryBytes: sealed.byteLength, revision: meta.revision + 1 }, eventId),
        ]);
      } catch (error) {
        abortQuietly(tx);
        throw error;
      }
      return { saved: true, chunksWritten: 1 };
    } catch (error) {
      return failure(error);
    }
  }

  readCategories(eventId: number): Promise<ReadResult<unknown>> {
    return this.readJson(eventId, 'categories');
  }

  async saveEventNote(eventId: number, kind: EventNoteKind, value: unknown): Promise<SaveResult> {
    try {
      const sealed = await this.sealJson(eventId, kind, value);
      await this.db.put('records', sealed, [eventId, kind, 0]);
      return { saved: true, chunksWritten: 1 };
    } catch (error) {
      return failure(error);
    }
  }

  readEventNote(eventId: number, kind: EventNoteKind): Promise<ReadResult<unknown>> {
    return this.readJson(eventId, kind);
  }

  async saveRegistrations(
    eventId: number,
    rows: readonly DeviceRegistration[],
    dataAsOf: number | null,
    history?: unknown,
  ): Promise<SaveResult> {
    try {
      const questions = buildQuestionTable(rows);
      const sealedHistory = history === undefined ? null : await this.sealJson(eventId, 'history', history);
      const chunks: Bytes[] = [];
      for (let start = 0; start < rows.length; start += CHUNK_ROWS)
        chunks.push(encodeRegistrationChunk(rows.slice(start, start + CHUNK_ROWS), questions));
      const hashes = await Promise.all(chunks.map(sha256));
      // A write prepared against a revision that changed meanwhile (another tab) starts over.
      for (let attempt = 0; attempt < 3; attempt++) {
        const { meta: before, manifest: previous } = await this.readManifest(eventId);
        const generation = (previous?.generation ?? 0) + 1;
        const writes: [number, Bytes][] = [];
        const entries: Manifest['chunks'] = [];
        for (const [index, bytes] of chunks.entries()) {
          const hash = hashes[index] ?? '';
          const kept = previous?.chunks[index];
          const chunkRows = Math.min(CHUNK_ROWS, rows.length - index * CHUNK_ROWS);
          if (kept && kept.hash === hash) {
            entries.push(kept);
            continue;
          }
          const sealed = await sealRecord(
            this.key,
            this.aad(eventId, 'registrations', index, generation),
            bytes,
          );
          writes.push([index, sealed]);
          entries.push({ hash, generation, rows: chunkRows, bytes: sealed.byteLength });
        }
        const manifest: Manifest = { generation, questions, chunks: entries };
        const sealedManifest = await this.sealJson(eventId, 'manifest', manifest);
        const tx = this.db.transaction(['events', 'records'], 'readwrite');
        try {
          const events = tx.objectStore('events');
          const current = await events.get(eventId);
          if ((current?.revision ?? 0) !== (before?.revision ?? 0)) {
            abortQuietly(tx);
            continue;
          }
          const records = tx.objectStore('records');
          const base = current ?? this.emptyEventMeta(eventId);
          const meta: EventMeta = {
            ...base,
            rows: rows.length,
            chunks: chunks.length,
            registrationBytes:
              sealedManifest.byteLength +
              (sealedHistory?.byteLength ?? 0) +
              entries.reduce((sum, entry) => sum + entry.bytes, 0),
            savedAt: this.now(),
            dataAsOf,
            revision: base.revision + 1,
          };
          const requests: (() => Promise<unknown>)[] = [
            () => records.put(sealedManifest, [eventId, 'manifest', 0]),
            sealedHistory
              ? () => records.put(sealedHistory, [eventId, 'history', 0])
              : () => records.delete([eventId, 'history', 0]),
            ...writes.map(
              ([index, sealed]) =>
                () =>
                  records.put(sealed, [eventId, 'registrations', index]),
            ),
            () => events.put(meta, eventId),
          ];
          for (let index = chunks.length; index < (before?.chunks ?? 0); index++)
            requests.push(() => records.delete([eventId, 'registrations', index]));
          await settle(tx, requests);
        } catch (error) {
          abortQuietly(tx);
          throw error;
        }
        return { saved: true, chunksWritten: writes.length };
      }
      return { saved: false, reason: 'failed' };
    } catch (error) {
      return failure(error);
    }
  }

  async readRegistrations(eventId: number): Promise<ReadResult<DeviceRegistration[]>> {
    try {
      const { meta, manifest } = await this.readManifest(eventId);
      if (!meta || meta.rows === null) return { status: 'missing' };
      if (!manifest || manifest.chunks.length !== meta.chunks) return this.discardEvent(eventId);
      const sealed = await this.db.getAll(
        'records',
        IDBKeyRange.bound([eventId, 'registrations', 0], [eventId, 'registrations', Infinity]),
      );
      if (sealed.length !== manifest.chunks.length) return this.discardEvent(eventId);
      const rows: DeviceRegistration[] = [];
      for (const [index, entry] of manifest.chunks.entries()) {
        const aad = this.aad(eventId, 'registrations', index, entry.generation);
        const plain = await openRecord(this.key, aad, sealed[index] as Bytes);
        const decoded = plain ? decodeOrNull(plain, manifest.questions) : null;
        if (!decoded || decoded.length !== entry.rows) return this.discardEvent(eventId);
        for (const row of decoded) rows.push(row);
      }
      await this.touchEvent(eventId);
      return { status: 'ok', value: rows };
    } catch {
      return { status: 'missing' };
    }
  }

  readHistory(eventId: number): Promise<ReadResult<unknown>> {
    return this.readJson(eventId, 'history');
  }

  async listEvents(): Promise<StoredEventInfo[]> {
    try {
      const all = await this.db.getAll('events');
      return all.map((meta) => ({
        eventId: meta.eventId,
        rows: meta.rows,
        bytes: meta.categoryBytes + meta.registrationBytes,
        savedAt: meta.savedAt,
        lastReadAt: meta.lastReadAt,
        dataAsOf: meta.dataAsOf,
      }));
    } catch {
      return [];
    }
  }

  async deleteEvent(eventId: number): Promise<void> {
    const tx = this.db.transaction(['events', 'records'], 'readwrite');
    await Promise.all([
      tx.objectStore('events').delete(eventId),
      tx.objectStore('records').delete(eventRange(eventId)),
      tx.done,
    ]);
  }

  async wipe(): Promise<void> {
    this.db.close();
    await wipeDeviceCopy();
  }

  close(): void {
    this.db.close();
  }

  private emptyEventMeta(eventId: number): EventMeta {
    return {
      eventId,
      rows: null,
      chunks: 0,
      categoryBytes: 0,
      registrationBytes: 0,
      savedAt: this.now(),
      lastReadAt: null,
      dataAsOf: null,
      revision: 0,
    };
  }

  private async sealJson(eventId: number | null, kind: Kind, value: unknown): Promise<Bytes> {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    return sealRecord(this.key, this.aad(eventId, kind), bytes);
  }

  /** Opens a single JSON record; a record that does not open is deleted. */
  private async openJson(eventId: number | null, kind: Kind): Promise<ReadResult<unknown>> {
    const sealed = await this.db.get('records', [eventId ?? ALL, kind, 0]);
    if (!sealed) return { status: 'missing' };
    const plain = await openRecord(this.key, this.aad(eventId, kind), sealed);
    if (plain) return { status: 'ok', value: JSON.parse(new TextDecoder().decode(plain)) as unknown };
    return { status: 'corrupt' };
  }

  private async readJson(eventId: number | null, kind: Kind): Promise<ReadResult<unknown>> {
    try {
      const result = await this.openJson(eventId, kind);
      if (result.status !== 'corrupt') return result;
      if (eventId === null) await this.db.delete('records', [ALL, kind, 0]);
      else await this.discardEvent(eventId);
      return result;
    } catch {
      return { status: 'missing' };
    }
  }

  private async readManifest(
    eventId: number,
  ): Promise<{ meta: EventMeta | undefined; manifest: Manifest | null }> {
    const meta = await this.db.get('events', eventId);
    if (!meta || meta.rows === null) return { meta, manifest: null };
    const opened = await this.openJson(eventId, 'manifest');
    return { meta, manifest: opened.status === 'ok' ? (opened.value as Manifest) : null };
  }

  private async discardEvent(eventId: number): Promise<{ status: 'corrupt' }> {
    await this.deleteEvent(eventId);
    return { status: 'corrupt' };
  }

  private async touchEvent(eventId: number): Promise<void> {
    const now = this.now();
    try {
      const tx = this.db.transaction(['meta', 'events'], 'readwrite');
      const meta = await tx.objectStore('events').get(eventId);
      if (meta) await tx.objectStore('events').put({ ...meta, lastReadAt: now }, eventId);
      this.meta = { ...this.meta, lastUsedAt: now };
      await Promise.all([tx.objectStore('meta').put(this.meta, 'copy'), tx.done]);
    } catch {
      // Dates only: reading still succeeded.
    }
  }
}

function decodeOrNull(bytes: Bytes, questions: QuestionTable): DeviceRegistration[] | null {
  try {
    return decodeRegistrationChunk(bytes, questions);
  } catch {
    return null;
  }
}

/**
 * Issues a transaction's requests and waits for it to commit. A request that throws at once
 * (a quota error can) aborts the transaction: nothing of the write is kept, and the requests
 * already issued fail quietly with it.
 */
async function settle(tx: { abort(): void; done: Promise<void> }, requests: (() => Promise<unknown>)[]) {
  const issued: Promise<unknown>[] = [];
  try {
    for (const request of requests) issued.push(request());
  } catch (error) {
    for (const promise of issued) promise.catch(() => undefined);
    abortQuietly(tx);
    throw error;
  }
  await Promise.all([...issued, tx.done]);
}

function abortQuietly(tx: { abort(): void; done: Promise<void> }): void {
  tx.done.catch(() => undefined);
  try {
    tx.abort();
  } catch {
    // Already finished or aborted.
  }
}
