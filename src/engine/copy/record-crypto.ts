/**
 * Sealing of the records of the device copy: AES-GCM (256-bit key, 128-bit tag) with a fresh
 * random 12-byte IV on every write, stored in front of the ciphertext. The additional
 * authenticated data binds a record to its place (schema version, copy, event, kind, chunk,
 * chunk generation): a record copied to another event or chunk, or an older version of a
 * chunk put back, fails to open like a tampered one.
 *
 * Plain functions over WebCrypto, usable in a Web Worker as well as in the page.
 */

/** Bytes as WebCrypto and IndexedDB take them (backed by a plain ArrayBuffer). */
export type Bytes = Uint8Array<ArrayBuffer>;

const IV_BYTES = 12;
const TAG_BITS = 128;

/** What a record's additional authenticated data is made of. */
export interface RecordPlace {
  readonly schemaVersion: number;
  /** Random id of the copy (one per salt): records of a former copy never open in a new one. */
  readonly copyId: string;
  /** null for records that belong to no event (the events list, the key check). */
  readonly eventId: number | null;
  readonly kind:
    | 'key-check'
    | 'events'
    | 'categories'
    | 'manifest'
    | 'registrations'
    | 'history'
    | 'dismissed-duplicates'
    | 'event-figures'
    | 'edition-link'
    | 'saved-views'
    | 'frozen-order'
    | 'answer-corrections'
    | 'fine-findings';
  /** Chunk index (0 for a record that is not chunked). */
  readonly index: number;
  /** Write generation of a chunk, kept in the event's sealed manifest (0 when not used). */
  readonly generation: number;
}

/** The additional authenticated data of a record: one canonical encoding of its place. */
export function recordAad(place: RecordPlace): Bytes {
  const { schemaVersion, copyId, eventId, kind, index, generation } = place;
  return new TextEncoder().encode(
    JSON.stringify(['device-copy', schemaVersion, copyId, eventId, kind, index, generation]),
  );
}

/** Encrypts `bytes` with a new random IV; returns IV followed by ciphertext and tag. */
export async function sealRecord(key: CryptoKey, aad: Bytes, bytes: Bytes): Promise<Bytes> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad, tagLength: TAG_BITS },
    key,
    bytes,
  );
  const sealed = new Uint8Array(IV_BYTES + ciphertext.byteLength);
  sealed.set(iv, 0);
  sealed.set(new Uint8Array(ciphertext), IV_BYTES);
  return sealed;
}

/**
 * Whether a stored value is a byte array. Not `instanceof`: a value read back from IndexedDB
 * may have been made by another realm's Uint8Array (a worker's, a test DOM's).
 */
export function isBytes(value: unknown): value is Bytes {
  return Object.prototype.toString.call(value) === '[object Uint8Array]';
}

/**
 * Decrypts a sealed record, or returns null when it cannot be authenticated: another key,
 * another place (AAD), or altered or truncated bytes. Such a record must be discarded, never
 * shown.
 */
export async function openRecord(key: CryptoKey, aad: Bytes, sealed: Bytes): Promise<Bytes | null> {
  if (!isBytes(sealed) || sealed.byteLength < IV_BYTES + TAG_BITS / 8) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.subarray(0, IV_BYTES), additionalData: aad, tagLength: TAG_BITS },
      key,
      sealed.subarray(IV_BYTES),
    );
    return new Uint8Array(plain);
  } catch {
    return null;
  }
}
