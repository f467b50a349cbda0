import type { Page } from 'playwright-core';

/** The device copy's IndexedDB database (src/engine/copy/device-store.ts). */
export const COPY_DB = 'promoter-dashboard-device-copy';

/** What the device copy holds, read in the page: its events' plaintext entries and its record keys. */
export interface CopyState {
  exists: boolean;
  events: { eventId: number; rows: number | null; chunks: number; dataAsOf: number | null }[];
  /** Keys of the `records` store: [event id or 'all', kind, chunk index]. */
  recordKeys: unknown[][];
}

export function copyState(target: Page): Promise<CopyState> {
  return target.evaluate(async (name) => {
    // Never open a database that does not exist: indexedDB.open would create an empty one
    // (version 1, no stores) and the app's own open would then find no stores.
    if (!(await indexedDB.databases()).some((info) => info.name === name))
      return { exists: false, events: [], recordKeys: [] };
    const db = await new Promise<IDBDatabase | null>((resolve) => {
      const request = indexedDB.open(name);
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    });
    if (!db) return { exists: false, events: [], recordKeys: [] };
    // Let the app delete or upgrade it at once (sign-out, another schema).
    db.onversionchange = () => db.close();
    try {
      const tx = db.transaction(['events', 'records'], 'readonly');
      const all = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
        });
      const [events, recordKeys] = await Promise.all([
        all(tx.objectStore('events').getAll()),
        all(tx.objectStore('records').getAllKeys()),
      ]);
      return {
        exists: true,
        events: (events as CopyState['events']).map(({ eventId, rows, chunks, dataAsOf }) => ({
          eventId,
          rows,
          chunks,
          dataAsOf,
        })),
        recordKeys: recordKeys as unknown[][],
      };
    } finally {
      db.close();
    }
  }, COPY_DB);
}
