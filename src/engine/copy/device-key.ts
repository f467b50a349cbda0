import { isBytes, openRecord, recordAad, sealRecord, type Bytes, type RecordPlace } from './record-crypto';

/**
 * The key of the device copy. Derived with HKDF-SHA-256 from the API key (the only secret,
 * never stored), a random salt kept in plaintext on the device, and the API origin in `info`:
 * the same API key gives another key on another device, after a wipe, or for another API.
 * The key is not extractable: script can use it but never read it (it can still be passed to
 * a Web Worker, CryptoKey objects are structured-cloneable).
 *
 * HKDF is right for an API key, a long random secret; a human password would need a slow
 * derivation (PBKDF2) instead.
 */

const SALT_BYTES = 32;
const INFO_LABEL = 'promoter-dashboard/device-copy/aes-gcm-256/v1 ';
const KEY_CHECK_TEXT = 'promoter-dashboard device copy key check';

/** A new random salt, made once per copy on this device. */
export function newDeviceSalt(): Bytes {
  return crypto.getRandomValues(new Uint8Array(SALT_BYTES));
}

/** Derives the copy's AES-GCM key (non-extractable, encrypt/decrypt only). */
export async function deriveDeviceKey(apiKey: string, salt: Bytes, origin: string): Promise<CryptoKey> {
  const encoder = new TextEncoder();
  const material = await crypto.subtle.importKey('raw', encoder.encode(apiKey), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: encoder.encode(INFO_LABEL + origin) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

type CopyPlace = Pick<RecordPlace, 'schemaVersion' | 'copyId'>;

function keyCheckAad(copy: CopyPlace): Bytes {
  return recordAad({ ...copy, eventId: null, kind: 'key-check', index: 0, generation: 0 });
}

/** The key-check value stored beside the salt: a known text sealed with the copy's key. */
export function makeKeyCheck(key: CryptoKey, copy: CopyPlace): Promise<Bytes> {
  return sealRecord(key, keyCheckAad(copy), new TextEncoder().encode(KEY_CHECK_TEXT));
}

/**
 * Whether `key` is the key the copy was made with. 'wrong-key': the check does not open (the
 * copy was made with another API key, or another origin); 'corrupt': the check opens but does
 * not hold the known text, or is not a check value at all.
 */
export async function checkDeviceKey(
  key: CryptoKey,
  copy: CopyPlace,
  keyCheck: unknown,
): Promise<'ok' | 'wrong-key' | 'corrupt'> {
  if (!isBytes(keyCheck) || keyCheck.byteLength < 28) return 'corrupt';
  const plain = await openRecord(key, keyCheckAad(copy), keyCheck);
  if (plain === null) return 'wrong-key';
  return new TextDecoder().decode(plain) === KEY_CHECK_TEXT ? 'ok' : 'corrupt';
}
