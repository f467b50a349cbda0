/**
 * Bytes as hexadecimal text: the copy's random id, and the SHA-256 of a registration chunk's
 * content (a chunk whose hash did not change is not written again).
 */
import type { Bytes } from './record-crypto';

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function sha256(bytes: Bytes): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}
