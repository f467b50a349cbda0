/**
 * Opening the device copy of an API origin and key: the copy found is kept when its schema,
 * its last use, its origin and its key check all fit, or discarded (and `discarded` says why),
 * and a new copy is started with a fresh salt, id and key check.
 */
import { IndexedDbCopy, type DeviceCopy } from './indexed-db-copy';
import { checkDeviceKey, deriveDeviceKey, makeKeyCheck, newDeviceSalt } from './device-key';
import {
  clearAll,
  openDatabase,
  SCHEMA_VERSION,
  UNUSED_MS,
  type CopyDatabase,
  type CopyMeta,
} from './device-store';
import { hex } from './hex-digest';

/** Why the copy found on opening was deleted. */
export type DiscardReason = 'schema' | 'expired' | 'other-origin' | 'wrong-key' | 'corrupt';

export type OpenDeviceCopyResult =
  | { readonly ok: true; readonly copy: DeviceCopy; readonly discarded: DiscardReason | null }
  | { readonly ok: false; readonly reason: 'unavailable' };

/** Which copy: the one of this API key and origin. */
export interface OpenOptions {
  readonly apiKey: string;
  readonly origin: string;
  readonly now?: () => number;
}

/**
 * Opens the copy of this API origin and key, or starts a new one (then `discarded` tells why
 * a copy found was deleted). `unavailable`: no IndexedDB (private mode, old browser, blocked).
 */
export async function openDeviceCopy(options: OpenOptions): Promise<OpenDeviceCopyResult> {
  if (typeof indexedDB === 'undefined') return { ok: false, reason: 'unavailable' };
  const now = options.now ?? Date.now;
  let db: CopyDatabase | undefined;
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
        return { ok: true, copy: new IndexedDbCopy(db, key, meta, now), discarded: null };
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
    return { ok: true, copy: new IndexedDbCopy(db, key, meta, now), discarded };
  } catch {
    db?.close();
    return { ok: false, reason: 'unavailable' };
  }
}
