/**
 * An event's registrations in the copy: its rows in sealed chunks of CHUNK_ROWS and a sealed
 * manifest (question texts, and per chunk its content hash and generation). A save rewrites only
 * the chunks whose content changed, in one transaction with the manifest, the history and the
 * event's entry; a read opens every chunk, or discards the event when one does not open, and
 * decodes them apart (a reader may hand the opened chunks on first).
 */
import { failure, type CopyRecords, type ReadResult, type SaveResult } from './device-copy-records';
import { CHUNK_ROWS, type EventMeta } from './device-store';
import { abortQuietly, settle } from './device-store-transactions';
import { sha256 } from './hex-digest';
import { openRecord, sealRecord, type Bytes } from './record-crypto';
import {
  buildQuestionTable,
  decodeRegistrationChunk,
  type EncodedRows,
  encodeRegistrationChunk,
  type DeviceRegistration,
  type QuestionTable,
} from './registrations-codec';

interface Manifest {
  generation: number;
  questions: QuestionTable;
  chunks: { hash: string; generation: number; rows: number; bytes: number }[];
}

/**
 * Rewrites only the chunks whose content changed; `dataAsOf`: when the rows were fetched.
 * `history` (any JSON value) is written with them, in the same transaction.
 */
export async function saveRegistrations(
  records: CopyRecords,
  eventId: number,
  rows: readonly DeviceRegistration[],
  dataAsOf: number | null,
  history?: unknown,
): Promise<SaveResult> {
  try {
    const questions = buildQuestionTable(rows);
    const sealedHistory = history === undefined ? null : await records.sealJson(eventId, 'history', history);
    const chunks: Bytes[] = [];
    for (let start = 0; start < rows.length; start += CHUNK_ROWS)
      chunks.push(encodeRegistrationChunk(rows.slice(start, start + CHUNK_ROWS), questions));
    const hashes = await Promise.all(chunks.map(sha256));
    // A write prepared against a revision that changed meanwhile (another tab) starts over.
    for (let attempt = 0; attempt < 3; attempt++) {
      const { meta: before, manifest: previous } = await readManifest(records, eventId);
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
          records.key,
          records.aad(eventId, 'registrations', index, generation),
          bytes,
        );
        writes.push([index, sealed]);
        entries.push({ hash, generation, rows: chunkRows, bytes: sealed.byteLength });
      }
      const manifest: Manifest = { generation, questions, chunks: entries };
      const sealedManifest = await records.sealJson(eventId, 'manifest', manifest);
      const tx = records.db.transaction(['events', 'records'], 'readwrite');
      try {
        const events = tx.objectStore('events');
        const current = await events.get(eventId);
        if ((current?.revision ?? 0) !== (before?.revision ?? 0)) {
          abortQuietly(tx);
          continue;
        }
        const store = tx.objectStore('records');
        const base = current ?? records.emptyEventMeta(eventId);
        const meta: EventMeta = {
          ...base,
          rows: rows.length,
          chunks: chunks.length,
          registrationBytes:
            sealedManifest.byteLength +
            (sealedHistory?.byteLength ?? 0) +
            entries.reduce((sum, entry) => sum + entry.bytes, 0),
          savedAt: records.now(),
          dataAsOf,
          revision: base.revision + 1,
        };
        const requests: (() => Promise<unknown>)[] = [
          () => store.put(sealedManifest, [eventId, 'manifest', 0]),
          sealedHistory
            ? () => store.put(sealedHistory, [eventId, 'history', 0])
            : () => store.delete([eventId, 'history', 0]),
          ...writes.map(
            ([index, sealed]) =>
              () =>
                store.put(sealed, [eventId, 'registrations', index]),
          ),
          () => events.put(meta, eventId),
        ];
        for (let index = chunks.length; index < (before?.chunks ?? 0); index++)
          requests.push(() => store.delete([eventId, 'registrations', index]));
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

/**
 * An event's rows as the copy keeps them, decrypted and not yet decoded: each chunk with the
 * number of rows its manifest entry says it holds (decodeOpenedChunks checks them).
 */
export interface OpenedChunks {
  readonly questions: QuestionTable;
  readonly chunks: readonly { readonly bytes: Bytes; readonly rows: number }[];
}

/**
 * An event's chunks, decrypted, each also to `onChunk` as soon as it is open. A chunk that does
 * not open (damaged, or of another generation) discards the event.
 */
export async function openRegistrations(
  records: CopyRecords,
  eventId: number,
  onChunk?: (encoded: EncodedRows, rows: number) => void,
): Promise<ReadResult<OpenedChunks>> {
  try {
    const { meta, manifest } = await readManifest(records, eventId);
    if (!meta || meta.rows === null) return { status: 'missing' };
    if (!manifest || manifest.chunks.length !== meta.chunks) return records.discardEvent(eventId);
    // One request per chunk, all issued at once in one transaction: each chunk is decrypted
    // and handed on as soon as it is read, while the next ones are still read. A count of the
    // event's chunks catches one left beyond the manifest.
    const store = records.db.transaction('records').objectStore('records');
    const range = IDBKeyRange.bound([eventId, 'registrations', 0], [eventId, 'registrations', Infinity]);
    const counted = store.count(range);
    const reads = manifest.chunks.map((_, index) => store.get([eventId, 'registrations', index]));
    // Observed at once: those left behind by an early return must not reject unhandled.
    for (const request of [counted, ...reads]) request.catch(() => undefined);
    const { questions } = manifest;
    const chunks: { bytes: Bytes; rows: number }[] = [];
    for (const [index, entry] of manifest.chunks.entries()) {
      const sealed = await reads[index];
      if (!sealed) return records.discardEvent(eventId);
      const aad = records.aad(eventId, 'registrations', index, entry.generation);
      const plain = await openRecord(records.key, aad, sealed);
      if (!plain) return records.discardEvent(eventId);
      chunks.push({ bytes: plain, rows: entry.rows });
      onChunk?.({ bytes: plain, questions }, entry.rows);
    }
    if ((await counted) !== manifest.chunks.length) return records.discardEvent(eventId);
    await records.touchEvent(eventId);
    return { status: 'ok', value: { questions, chunks } };
  } catch {
    return { status: 'missing' };
  }
}

/**
 * The rows of opened chunks, or null when one does not decode or holds another number of rows
 * than its manifest entry said (the copy is then to be discarded).
 */
export function decodeOpenedChunks({ questions, chunks }: OpenedChunks): DeviceRegistration[] | null {
  const rows: DeviceRegistration[] = [];
  for (const chunk of chunks) {
    const decoded = decodeOrNull(chunk.bytes, questions);
    if (!decoded || decoded.length !== chunk.rows) return null;
    for (const row of decoded) rows.push(row);
  }
  return rows;
}

/** An event's rows, opened and decoded; a chunk that does not decode discards the event. */
export async function readRegistrations(
  records: CopyRecords,
  eventId: number,
): Promise<ReadResult<DeviceRegistration[]>> {
  const opened = await openRegistrations(records, eventId);
  if (opened.status !== 'ok') return opened;
  const rows = decodeOpenedChunks(opened.value);
  if (rows) return { status: 'ok', value: rows };
  try {
    return await records.discardEvent(eventId);
  } catch {
    return { status: 'missing' };
  }
}

async function readManifest(
  records: CopyRecords,
  eventId: number,
): Promise<{ meta: EventMeta | undefined; manifest: Manifest | null }> {
  const meta = await records.db.get('events', eventId);
  if (!meta || meta.rows === null) return { meta, manifest: null };
  const opened = await records.openJson(eventId, 'manifest');
  return { meta, manifest: opened.status === 'ok' ? (opened.value as Manifest) : null };
}

function decodeOrNull(bytes: Bytes, questions: QuestionTable): DeviceRegistration[] | null {
  try {
    return decodeRegistrationChunk(bytes, questions);
  } catch {
    return null;
  }
}
