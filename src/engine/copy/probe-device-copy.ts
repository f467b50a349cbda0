/**
 * Whether a key opens the copy on this device, read only (offline sign-in): unlike opening, a
 * probe never discards nor creates anything, so a mistyped key leaves the copy as it was.
 */
import { checkDeviceKey, deriveDeviceKey } from './device-key';
import { DB_NAME, SCHEMA_VERSION, UNUSED_MS, type CopyMeta } from './device-store';
import type { OpenOptions } from './open-device-copy';

/** What the copy on this device says of a key, without changing anything (offline sign-in). */
export type DeviceCopyProbe = 'ok' | 'wrong-key' | 'no-copy';

/**
 * Whether `apiKey` opens the copy of `origin` on this device, read only: unlike
 * openDeviceCopy it never discards nor creates anything, so a mistyped key offline leaves the
 * copy as it was. 'no-copy': no usable copy of this API address (none, another address, another
 * schema, unused for 30 days, a damaged key check, or no IndexedDB).
 */
export async function probeDeviceCopy(options: OpenOptions): Promise<DeviceCopyProbe> {
  if (typeof indexedDB === 'undefined') return 'no-copy';
  const now = options.now ?? Date.now;
  let db: IDBDatabase | undefined;
  try {
    // Where the browser lists its databases, do not create an empty one just to look.
    if (typeof indexedDB.databases === 'function') {
      const databases = await indexedDB.databases();
      if (!databases.some((database) => database.name === DB_NAME)) return 'no-copy';
    }
    // Opened without a version and without an upgrade: an older or newer schema stays as it is.
    db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DB_NAME);
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    });
    const database = db;
    database.onversionchange = () => database.close();
    if (database.version !== SCHEMA_VERSION || !database.objectStoreNames.contains('meta')) return 'no-copy';
    const found = await new Promise<CopyMeta | undefined>((resolve, reject) => {
      const request = database.transaction('meta', 'readonly').objectStore('meta').get('copy');
      request.onsuccess = () => resolve(request.result as CopyMeta | undefined);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
    });
    if (!found || found.schemaVersion !== SCHEMA_VERSION) return 'no-copy';
    if (now() - found.lastUsedAt > UNUSED_MS || found.origin !== options.origin) return 'no-copy';
    const key = await deriveDeviceKey(options.apiKey, found.salt, options.origin);
    const check = await checkDeviceKey(key, found, found.keyCheck);
    return check === 'corrupt' ? 'no-copy' : check;
  } catch {
    return 'no-copy';
  } finally {
    db?.close();
  }
}
