/**
 * What the encrypted copy of an event takes on the device: the sizes the app records in the
 * event's plaintext entry (`registrationBytes`: the sealed chunks, manifest and history;
 * `categoryBytes`: the sealed categories), and what the browser counts for the whole origin
 * (`navigator.storage.estimate()`, IndexedDB's own overhead and every other store included).
 */
import type { Page } from 'playwright-core';
import { COPY_DB } from '../e2e/device-copy-state';

export interface CopyStorage {
  rows: number;
  registrationBytes: number;
  categoryBytes: number;
  /** (registrationBytes + categoryBytes) per 1,000 rows. */
  bytesPer1000: number;
  /** navigator.storage.estimate().usage for the app's origin, and its IndexedDB part when told. */
  originUsageBytes: number | null;
  originIndexedDbBytes: number | null;
}

interface StoredSizes {
  rows: number | null;
  registrationBytes: number;
  categoryBytes: number;
  usage: number | null;
  indexedDb: number | null;
}

/** Read in the page; the event's entry must exist (call after waitForSavedCopy). */
export async function copyStorage(page: Page, eventId: number): Promise<CopyStorage> {
  const sizes = await page.evaluate(
    async ([name, id]): Promise<StoredSizes | null> => {
      const db = await new Promise<IDBDatabase | null>((resolve) => {
        const request = indexedDB.open(name);
        // Never create it: the app's own open would then find no stores.
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
      });
      if (!db) return null;
      db.onversionchange = () => db.close();
      let meta: { rows: number | null; registrationBytes: number; categoryBytes: number } | undefined;
      try {
        meta = await new Promise((resolve, reject) => {
          const request = db.transaction('events', 'readonly').objectStore('events').get(id);
          request.onsuccess = () => resolve(request.result as typeof meta);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
        });
      } finally {
        db.close();
      }
      if (!meta) return null;
      // usageDetails is Chromium's breakdown (indexedDB, caches, serviceWorkerRegistrations).
      const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
        usageDetails?: { indexedDB?: number };
      };
      return {
        rows: meta.rows,
        registrationBytes: meta.registrationBytes,
        categoryBytes: meta.categoryBytes,
        usage: estimate.usage ?? null,
        indexedDb: estimate.usageDetails?.indexedDB ?? null,
      };
    },
    [COPY_DB, eventId] as const,
  );
  if (!sizes || sizes.rows === null || sizes.rows === 0)
    throw new Error(`No saved copy of event ${eventId} to measure: ${JSON.stringify(sizes)}`);
  return {
    rows: sizes.rows,
    registrationBytes: sizes.registrationBytes,
    categoryBytes: sizes.categoryBytes,
    bytesPer1000: ((sizes.registrationBytes + sizes.categoryBytes) / sizes.rows) * 1000,
    originUsageBytes: sizes.usage,
    originIndexedDbBytes: sizes.indexedDb,
  };
}
