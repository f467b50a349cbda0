import {
  IDBCursor,
  IDBCursorWithValue,
  IDBDatabase,
  IDBFactory,
  IDBIndex,
  IDBKeyRange,
  IDBObjectStore,
  IDBOpenDBRequest,
  IDBRequest,
  IDBTransaction,
  IDBVersionChangeEvent,
} from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';
import { deviceCopySettled } from '../device-copy';

/** The device copy's database (device-store.ts). */
export const DEVICE_COPY_DB = 'promoter-dashboard-device-copy';

/** A fresh, empty in-memory IndexedDB in place of the browser's (idb reads these globals). */
export function stubFreshIndexedDb(): void {
  vi.stubGlobal('indexedDB', new IDBFactory());
  for (const [name, value] of Object.entries({
    IDBCursor,
    IDBCursorWithValue,
    IDBDatabase,
    IDBFactory,
    IDBIndex,
    IDBKeyRange,
    IDBObjectStore,
    IDBOpenDBRequest,
    IDBRequest,
    IDBTransaction,
    IDBVersionChangeEvent,
  }))
    vi.stubGlobal(name, value);
}

/**
 * Gives each test of the file a fresh in-memory IndexedDB (idb reads these globals), and lets
 * the device copy finish its background work before the next test.
 */
export function freshIndexedDbForEachTest(): void {
  beforeEach(stubFreshIndexedDb);
  afterEach(async () => {
    await deviceCopySettled();
    vi.unstubAllGlobals();
  });
}

/** Every database of this origin, and how many values each of its stores holds. */
export async function storedOnDevice(): Promise<Record<string, Record<string, number>>> {
  const found: Record<string, Record<string, number>> = {};
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const stores: Record<string, number> = {};
    for (const store of Array.from(db.objectStoreNames)) {
      stores[store] = await new Promise<number>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('count failed'));
      });
    }
    db.close();
    found[name] = stores;
  }
  return found;
}
