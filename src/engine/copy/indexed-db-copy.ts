/**
 * The open device copy (DeviceCopy) and its IndexedDB implementation: what the app saves and
 * reads in it (the page numbering, the events list, an event's categories, notes, registrations
 * and history), the events it holds, and deleting an event or the whole copy. Opened by
 * open-device-copy.ts.
 */
import { CopyRecords, failure, type ReadResult, type SaveResult } from './device-copy-records';
import {
  openRegistrations,
  readRegistrations,
  saveRegistrations,
  type OpenedChunks,
} from './device-copy-registrations';
import {
  ALL,
  wipeDeviceCopy,
  type CopyDatabase,
  type CopyMeta,
  type EventNoteKind,
  type PageNumbering,
} from './device-store';
import { abortQuietly, settle } from './device-store-transactions';
import type { DeviceRegistration, EncodedRows } from './registrations-codec';

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
  /** An event's rows, decrypted and decoded (a chunk that is damaged discards the event). */
  readRegistrations(eventId: number): Promise<ReadResult<DeviceRegistration[]>>;
  /**
   * An event's chunks, decrypted, each also to `onChunk` as soon as it is open (a reader can
   * pass them on meanwhile; a chunk found damaged later discards the event, and the answer says
   * so). Decoding them is the reader's (decodeOpenedChunks).
   */
  openRegistrations(
    eventId: number,
    onChunk?: (encoded: EncodedRows, rows: number) => void,
  ): Promise<ReadResult<OpenedChunks>>;
  /** The history saved with the event's rows ('missing' when none was). */
  readHistory(eventId: number): Promise<ReadResult<unknown>>;
  listEvents(): Promise<StoredEventInfo[]>;
  deleteEvent(eventId: number): Promise<void>;
  /** Deletes the whole copy (sign-out, 401, "forget this device"). */
  wipe(): Promise<void>;
  close(): void;
}

export class IndexedDbCopy implements DeviceCopy {
  private readonly records: CopyRecords;

  constructor(db: CopyDatabase, key: CryptoKey, meta: CopyMeta, now: () => number) {
    this.records = new CopyRecords(db, key, meta, now);
  }

  get pageNumbering(): PageNumbering | null {
    return this.records.meta.pageNumbering;
  }

  async savePageNumbering(numbering: PageNumbering): Promise<SaveResult> {
    const meta = {
      ...this.records.meta,
      pageNumbering: { firstPage: numbering.firstPage, pageSize: numbering.pageSize },
    };
    try {
      await this.records.db.put('meta', meta, 'copy');
      this.records.meta = meta;
      return { saved: true, chunksWritten: 0 };
    } catch (error) {
      return failure(error);
    }
  }

  async saveEvents(events: unknown): Promise<SaveResult> {
    try {
      const sealed = await this.records.sealJson(null, 'events', events);
      await this.records.db.put('records', sealed, [ALL, 'events', 0]);
      return { saved: true, chunksWritten: 1 };
    } catch (error) {
      return failure(error);
    }
  }

  readEvents(): Promise<ReadResult<unknown>> {
    return this.records.readJson(null, 'events');
  }

  async saveCategories(eventId: number, categories: unknown): Promise<SaveResult> {
    try {
      const sealed = await this.records.sealJson(eventId, 'categories', categories);
      const tx = this.records.db.transaction(['events', 'records'], 'readwrite');
      try {
        const events = tx.objectStore('events');
        const meta = (await events.get(eventId)) ?? this.records.emptyEventMeta(eventId);
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
    return this.records.readJson(eventId, 'categories');
  }

  async saveEventNote(eventId: number, kind: EventNoteKind, value: unknown): Promise<SaveResult> {
    try {
      const sealed = await this.records.sealJson(eventId, kind, value);
      await this.records.db.put('records', sealed, [eventId, kind, 0]);
      return { saved: true, chunksWritten: 1 };
    } catch (error) {
      return failure(error);
    }
  }

  readEventNote(eventId: number, kind: EventNoteKind): Promise<ReadResult<unknown>> {
    return this.records.readJson(eventId, kind);
  }

  saveRegistrations(
    eventId: number,
    rows: readonly DeviceRegistration[],
    dataAsOf: number | null,
    history?: unknown,
  ): Promise<SaveResult> {
    return saveRegistrations(this.records, eventId, rows, dataAsOf, history);
  }

  readRegistrations(eventId: number): Promise<ReadResult<DeviceRegistration[]>> {
    return readRegistrations(this.records, eventId);
  }

  openRegistrations(
    eventId: number,
    onChunk?: (encoded: EncodedRows, rows: number) => void,
  ): Promise<ReadResult<OpenedChunks>> {
    return openRegistrations(this.records, eventId, onChunk);
  }

  readHistory(eventId: number): Promise<ReadResult<unknown>> {
    return this.records.readJson(eventId, 'history');
  }

  async listEvents(): Promise<StoredEventInfo[]> {
    try {
      const all = await this.records.db.getAll('events');
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

  deleteEvent(eventId: number): Promise<void> {
    return this.records.deleteEvent(eventId);
  }

  async wipe(): Promise<void> {
    this.records.db.close();
    await wipeDeviceCopy();
  }

  close(): void {
    this.records.db.close();
  }
}
