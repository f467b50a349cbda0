import { deviceCopyExists } from './device-store';
import { openDeviceCopy } from './open-device-copy';
import type { CopyListResult, CopyReadResult } from './device-copy-protocol';
import type { OpenedChunks } from './device-copy-registrations';
import type { EncodedRows } from './registrations-codec';

/* The engine's reads of the copy: the events it keeps, and an event's list (device-copy-handler.ts). */

/**
 * The events of the copy for this key and address, without opening any of their records. No
 * database yet (never saved, or forgotten): none, and none is created just to look. Opening
 * with another key or address discards the copy found, as a read would: it is unreadable here.
 */
export async function listKeptEvents(place: { apiKey: string; address: string }): Promise<CopyListResult> {
  if (typeof indexedDB === 'undefined') return { status: 'unavailable' };
  if (!(await deviceCopyExists())) return { status: 'ok', events: [] };
  const opened = await openDeviceCopy({ apiKey: place.apiKey, origin: place.address });
  if (!opened.ok) return { status: 'unavailable' };
  try {
    const events = await opened.copy.listEvents();
    return {
      status: 'ok',
      events: events.map(({ eventId, rows, bytes, savedAt, dataAsOf }) => ({
        eventId,
        rows,
        bytes,
        savedAt,
        dataAsOf,
      })),
    };
  } finally {
    opened.copy.close();
  }
}

/**
 * An event's list as the copy keeps it: each chunk, decrypted, to `sendChunk` as soon as it is
 * open, then what the rows are as of, with the opened chunks (decoded by the caller).
 */
export async function readKeptList(
  place: { apiKey: string; address: string },
  eventId: number,
  sendChunk: ((encoded: EncodedRows, rows: number) => void) | null,
): Promise<{ read: CopyReadResult; chunks: OpenedChunks | null }> {
  const none = (read: CopyReadResult) => ({ read, chunks: null });
  if (typeof indexedDB === 'undefined') return none({ status: 'unavailable' });
  // Nothing saved yet, or forgotten: nothing to read, and no empty database made by looking.
  if (!(await deviceCopyExists())) return none({ status: 'missing' });
  const opened = await openDeviceCopy({ apiKey: place.apiKey, origin: place.address });
  if (!opened.ok) return none({ status: 'unavailable' });
  const { copy } = opened;
  try {
    // Another key, another API, unused for 30 days, another schema: the copy found is gone.
    if (opened.discarded) return none({ status: 'discarded', reason: opened.discarded });
    const info = (await copy.listEvents()).find((event) => event.eventId === eventId);
    // Without the time the rows are as of, they could not be brought up to date: not usable.
    if (!info || info.rows === null || info.dataAsOf === null) return none({ status: 'missing' });
    // Each chunk goes on as soon as it is open, while the next one is decrypted.
    const found = await copy.openRegistrations(eventId, sendChunk ?? undefined);
    if (found.status === 'corrupt') return none({ status: 'discarded', reason: 'corrupt' });
    if (found.status === 'missing') return none({ status: 'missing' });
    const history = await copy.readHistory(eventId);
    return {
      read: {
        status: 'ok',
        rows: info.rows,
        dataAsOf: info.dataAsOf,
        savedAt: info.savedAt,
        history: history.status === 'ok' ? history.value : null,
        pageNumbering: copy.pageNumbering,
      },
      chunks: found.value,
    };
  } finally {
    copy.close();
  }
}

/** Deletes an event's list found damaged once read (a chunk that did not decode). */
export async function discardKeptEvent(
  place: { apiKey: string; address: string },
  eventId: number,
): Promise<void> {
  if (typeof indexedDB === 'undefined' || !(await deviceCopyExists())) return;
  const opened = await openDeviceCopy({ apiKey: place.apiKey, origin: place.address });
  if (!opened.ok) return;
  try {
    await opened.copy.deleteEvent(eventId);
  } finally {
    opened.copy.close();
  }
}
