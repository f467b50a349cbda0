/**
 * What every read and write of the open copy goes through: the outcome of a write and of a
 * read, and CopyRecords, the copy's database, key and meta with a record's place (its
 * additional authenticated data), the sealing and opening of a JSON record (one that does not
 * open is discarded with its event), the deletion of an event and the dates a read leaves.
 */
import { ALL, type CopyDatabase, type CopyMeta, type EventMeta, type RecordKind } from './device-store';
import { openRecord, recordAad, sealRecord, type Bytes } from './record-crypto';

/** A write's outcome: 'quota' when the device is full; the data stays in memory only. */
export type SaveResult =
  | { readonly saved: true; readonly chunksWritten: number }
  | { readonly saved: false; readonly reason: 'quota' | 'failed' };

/** 'corrupt': a record did not open (altered or damaged); it was deleted. */
export type ReadResult<T> =
  | { readonly status: 'ok'; readonly value: T }
  | { readonly status: 'missing' }
  | { readonly status: 'corrupt' };

function isQuotaError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'QuotaExceededError';
}

/** The outcome of a write that threw. */
export function failure(error: unknown): SaveResult {
  return { saved: false, reason: isQuotaError(error) ? 'quota' : 'failed' };
}

function eventRange(eventId: number): IDBKeyRange {
  return IDBKeyRange.bound([eventId], [eventId, []]);
}

/** The open copy's database, key and meta (`meta` changes as the copy is used). */
export class CopyRecords {
  constructor(
    readonly db: CopyDatabase,
    readonly key: CryptoKey,
    public meta: CopyMeta,
    readonly now: () => number,
  ) {}

  aad(eventId: number | null, kind: RecordKind, index = 0, generation = 0): Bytes {
    const { schemaVersion, copyId } = this.meta;
    return recordAad({ schemaVersion, copyId, eventId, kind, index, generation });
  }

  emptyEventMeta(eventId: number): EventMeta {
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

  async sealJson(eventId: number | null, kind: RecordKind, value: unknown): Promise<Bytes> {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    return sealRecord(this.key, this.aad(eventId, kind), bytes);
  }

  /** Opens a single JSON record; a record that does not open is deleted. */
  async openJson(eventId: number | null, kind: RecordKind): Promise<ReadResult<unknown>> {
    const sealed = await this.db.get('records', [eventId ?? ALL, kind, 0]);
    if (!sealed) return { status: 'missing' };
    const plain = await openRecord(this.key, this.aad(eventId, kind), sealed);
    if (plain) return { status: 'ok', value: JSON.parse(new TextDecoder().decode(plain)) as unknown };
    return { status: 'corrupt' };
  }

  async readJson(eventId: number | null, kind: RecordKind): Promise<ReadResult<unknown>> {
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

  async deleteEvent(eventId: number): Promise<void> {
    const tx = this.db.transaction(['events', 'records'], 'readwrite');
    await Promise.all([
      tx.objectStore('events').delete(eventId),
      tx.objectStore('records').delete(eventRange(eventId)),
      tx.done,
    ]);
  }

  async discardEvent(eventId: number): Promise<{ status: 'corrupt' }> {
    await this.deleteEvent(eventId);
    return { status: 'corrupt' };
  }

  async touchEvent(eventId: number): Promise<void> {
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
