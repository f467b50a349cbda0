import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { observeEveryTransaction } from './device-store-transactions';
import type { Bytes, RecordPlace } from './record-crypto';

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
 *
 * This module holds the database itself: its name, schema and stores, opening it, deleting it
 * and the sweep of an unused copy. Opening the copy with a key: open-device-copy.ts; checking a
 * key without changing anything: probe-device-copy.ts; the open copy's reads and writes:
 * indexed-db-copy.ts, device-copy-records.ts and device-copy-registrations.ts; how its
 * transactions run: device-store-transactions.ts.
 */

export const DB_NAME = 'promoter-dashboard-device-copy';
export const SCHEMA_VERSION = 2;
/**
 * Registrations per sealed chunk. A reopened list goes to the page a chunk per message, and the
 * page decodes each in one task that cannot be cut: a thousand rows keep that task short on a
 * slow phone (lib/main-thread-budget.ts), and a sync that changed a few rows seals few again.
 */
export const CHUNK_ROWS = 1_000;
/** A copy unused for this long is discarded. */
export const UNUSED_MS = 30 * 24 * 3_600_000;
/** The scope of a record that belongs to no event (the events list). */
export const ALL = 'all';

/** How the API numbers the pages of a list (see the registrations loader). Plaintext. */
export interface PageNumbering {
  readonly firstPage: 0 | 1;
  readonly pageSize: number;
}

export interface CopyMeta {
  schemaVersion: number;
  copyId: string;
  origin: string;
  salt: Bytes;
  keyCheck: Bytes;
  createdAt: number;
  lastUsedAt: number;
  pageNumbering: PageNumbering | null;
}

export interface EventMeta {
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

export type RecordKind = Exclude<RecordPlace['kind'], 'key-check'>;
/** A small record of an event kept apart from its rows: deleted with the event and the copy. */
export type EventNoteKind = Extract<
  RecordKind,
  | 'dismissed-duplicates'
  | 'event-figures'
  | 'edition-link'
  | 'saved-views'
  | 'frozen-order'
  | 'answer-corrections'
  | 'fine-findings'
>;
type RecordKey = [scope: number | typeof ALL, kind: RecordKind, index: number];

interface DeviceCopySchema extends DBSchema {
  meta: { key: 'copy'; value: CopyMeta };
  events: { key: number; value: EventMeta };
  records: { key: RecordKey; value: Bytes };
}

export type CopyDatabase = IDBPDatabase<DeviceCopySchema>;

/** Opens the database; `upgraded`: a copy of another schema version was discarded. */
export async function openDatabase(): Promise<{ db: CopyDatabase; upgraded: boolean }> {
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

/** Empties every store, in one transaction. */
export async function clearAll(db: CopyDatabase): Promise<void> {
  const tx = db.transaction(['meta', 'events', 'records'], 'readwrite');
  await Promise.all([
    tx.objectStore('meta').clear(),
    tx.objectStore('events').clear(),
    tx.objectStore('records').clear(),
    tx.done,
  ]);
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
