/**
 * The newest search answer in memory the page and the device copy worker share, next to the
 * `found` message that brings it too.
 *
 * Why: while keys come faster than the page handles them (a fast typist, a paste, a test typing
 * at machine speed), Chromium runs the page's input before any message from a worker, so every
 * answer waited until typing stopped (measured: 40–60 ms with answers ready in 1–10 ms). The
 * page reads this slot at each keystroke instead, in the key's own task, and shows the newest
 * answer there. The message stays the way answers arrive once typing stops, and the only one
 * where memory cannot be shared: SharedArrayBuffer needs a cross-origin isolated page (the
 * COOP and COEP headers, see README "Deploying").
 *
 * The page also writes there the id of the newest search it asked: the worker skips a search
 * that a newer one has already replaced, instead of answering each key in turn behind a slow one.
 *
 * Layout: a sequence number (odd while the worker writes), the length of the text, the newest
 * search asked, then the answer as UTF-8 JSON. A reader copies the text and checks the sequence
 * did not move meanwhile (a sequence lock): a torn read is dropped, never parsed.
 */

const SEQUENCE = 0;
const LENGTH = 1;
const NEWEST_ASKED = 2;
const HEADER_BYTES = 16;
/** 50 results of long names and addresses take about 30 KB; a larger answer comes by message only. */
export const SLOT_BYTES = 256 * 1024;

/** A new slot, or null where memory cannot be shared with the worker (the page is not isolated). */
export function createAnswerSlot(): SharedArrayBuffer | null {
  if (typeof SharedArrayBuffer !== 'function' || globalThis.crossOriginIsolated !== true) return null;
  return new SharedArrayBuffer(SLOT_BYTES);
}

/** Whether `value` is a slot to write into (checked in the worker: it arrives in a message). */
export function isAnswerSlot(value: unknown): value is SharedArrayBuffer {
  return (
    typeof SharedArrayBuffer === 'function' &&
    value instanceof SharedArrayBuffer &&
    value.byteLength === SLOT_BYTES
  );
}

const encoder = new TextEncoder();

/** Puts `message` in the slot, replacing the previous one; false when it does not fit (nothing written). */
export function writeAnswer(slot: SharedArrayBuffer, message: unknown): boolean {
  const bytes = encoder.encode(JSON.stringify(message));
  if (bytes.length > slot.byteLength - HEADER_BYTES) return false;
  const header = new Int32Array(slot, 0, HEADER_BYTES / 4);
  Atomics.add(header, SEQUENCE, 1);
  new Uint8Array(slot, HEADER_BYTES, bytes.length).set(bytes);
  Atomics.store(header, LENGTH, bytes.length);
  Atomics.add(header, SEQUENCE, 1);
  return true;
}

/** Empties the slot (a wipe): its bytes are zeroed, and a reader finds nothing in it. */
export function clearAnswer(slot: SharedArrayBuffer): void {
  const header = new Int32Array(slot, 0, HEADER_BYTES / 4);
  Atomics.add(header, SEQUENCE, 1);
  new Uint8Array(slot, HEADER_BYTES).fill(0);
  Atomics.store(header, LENGTH, 0);
  Atomics.add(header, SEQUENCE, 1);
}

/** The page: search `id` is the newest asked (ids only grow). */
export function noteAsked(slot: SharedArrayBuffer, id: number): void {
  Atomics.store(new Int32Array(slot, 0, HEADER_BYTES / 4), NEWEST_ASKED, id);
}

/** The worker: whether a search newer than `id` was asked since (its message is on its way). */
export function replacedByNewer(slot: SharedArrayBuffer, id: number): boolean {
  return Atomics.load(new Int32Array(slot, 0, HEADER_BYTES / 4), NEWEST_ASKED) > id;
}

const decoder = new TextDecoder();

/**
 * The message in the slot if it was written since sequence `after` (0: never read), with the
 * sequence it was read at; null when nothing newer is there, the worker is writing it, or it is
 * not JSON. What it returns is unparsed: the caller parses it (parseSearchMessage). Never throws.
 */
export function readAnswer(
  slot: SharedArrayBuffer,
  after: number,
): { sequence: number; data: unknown } | null {
  try {
    const header = new Int32Array(slot, 0, HEADER_BYTES / 4);
    const sequence = Atomics.load(header, SEQUENCE);
    if (sequence === after || sequence % 2 !== 0) return null;
    const length = Atomics.load(header, LENGTH);
    if (length <= 0 || length > slot.byteLength - HEADER_BYTES) return null;
    // A copy (TextDecoder does not read shared memory everywhere), checked whole before use.
    const copy = new Uint8Array(length);
    copy.set(new Uint8Array(slot, HEADER_BYTES, length));
    if (Atomics.load(header, SEQUENCE) !== sequence) return null;
    return { sequence, data: JSON.parse(decoder.decode(copy)) as unknown };
  } catch {
    return null;
  }
}
