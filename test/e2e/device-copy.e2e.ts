import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_ROWS } from '@/engine/copy/device-store';
import type { RawRegistration } from '@/mocks/data/types';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { COPY_DB, copyState } from './device-copy-state';
import { allRegistrations, countLine, countLineText, openRegistrations, tableRows } from './steps';
import { COUNT, textPattern } from './texts';
import {
  ALPINE_EVENT,
  COASTAL_EVENT,
  DEMO_KEYS,
  EVENTS_TEXT,
  PROXY_BASE,
  REGISTRATIONS_TEXT,
  TEXT,
  apiGet,
  apiStats,
  at,
  eventCardNames,
  eventNames,
  resetApiStats,
  signInAlpine,
  waitForSignedOut,
  NGINX,
} from './app';

/**
 * The encrypted copy of the registrations on this device (README "The copy on this device",
 * src/engine/copy/): one Chromium profile kept across browser launches, as a promoter's
 * laptop keeps it across days. The tests run in order and each starts from what the previous
 * one left in the profile: a first full load saves the copy and nothing readable; a relaunch
 * reopens it with only `updated_since` requests; another key on the same profile finds nothing
 * readable; sign-out wipes everything. The background sync is paused in every session (as a
 * promoter may pause it), so the copy holds only the events these tests open and the API's
 * request counts are theirs alone.
 */

const LARGE = { id: 1001, total: 25_000 } as const;
/** coastal's event (src/mocks/data/catalog.ts), small: it gives coastal a copy of its own. */
const COASTAL_EVENT_ID = 1004;
/** src/engine/copy/device-store.ts */

/** The copy is stored in chunks of CHUNK_ROWS rows. */
const LARGE_CHUNKS = Math.ceil(LARGE.total / CHUNK_ROWS);
const REGISTRATIONS_PATH = `${PROXY_BASE}/v1/events/${LARGE.id}/registrations`;
/**
 * A last name shorter than this (in UTF-8 bytes) could turn up by chance in megabytes of
 * ciphertext (a given 3-byte sequence is in ~3 MB of random bytes one time in six; 5 bytes, one
 * in 300,000): only longer ones are looked for, and every e-mail. The demo's pool of last names
 * is smaller than the sample size, so all of its long enough names are in the sample.
 */
const MIN_NAME_BYTES = 5;
const SAMPLE_SIZE = 200;

let profileDir: string;
let browser: BrowserHandle | undefined;
let page: Page;
let problems: PageProblems;
/** The first e-mails and (long enough) last names of event 1001, from the API's JSON. */
let needles: { emails: string[]; lastNames: string[] };

// ---------------------------------------------------------------------------------------------
// Helpers

/** Chromium on the file's one profile directory, and a watched tab in it. */
async function openBrowser(): Promise<void> {
  browser = await launchBrowser({ locale: 'en-US', userDataDir: profileDir });
  page = await browser.newPage();
  problems = watchPage(page);
}

/** Closes Chromium the way a promoter closes the laptop: no sign-out, the profile stays. */
async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/** The copy as the app stored it, read from the page (same origin as the worker that wrote it). */

/** Until the worker has committed every chunk of the event (it saves in the background). */
async function waitForSavedCopy(eventId: number, rows: number, chunks: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const state = await copyState(page);
    const meta = state.events.find((event) => event.eventId === eventId);
    const stored = state.recordKeys.filter((key) => key[0] === eventId && key[1] === 'registrations');
    if (meta?.rows === rows && meta.chunks === chunks && meta.dataAsOf !== null && stored.length === chunks)
      return;
    if (Date.now() > deadline)
      throw new Error(`No saved copy of event ${eventId} after 30 s: ${JSON.stringify(state.events)}`);
    await page.waitForTimeout(250);
  }
}

/**
 * Everything the app's origin keeps on the device, as text: every record of every store of
 * every IndexedDB database (bytes read both as latin1 and as UTF-8, other values as JSON),
 * every Cache Storage body and every localStorage item. Looked through in the page, so the
 * megabytes of ciphertext do not cross to Node; answers which needles were found where.
 */
interface StorageScan {
  found: string[];
  /** Records per IndexedDB database of the origin (none: {}). */
  records: Record<string, number>;
  cacheEntries: number;
  /** How often each canary was found: proof the scan reads what the copy holds. */
  canaries: Record<string, number>;
}

function scanStorage(target: Page, secrets: string[], canaries: string[]): Promise<StorageScan> {
  return target.evaluate(
    async ({ secrets, canaries }) => {
      const found = new Set<string>();
      const canaryHits: Record<string, number> = Object.fromEntries(canaries.map((canary) => [canary, 0]));
      const latin1 = new TextDecoder('latin1');
      const utf8 = new TextDecoder('utf-8');
      const look = (where: string, text: string) => {
        for (const secret of secrets) if (text.includes(secret)) found.add(`${where}: ${secret}`);
        for (const canary of canaries)
          if (text.includes(canary)) canaryHits[canary] = (canaryHits[canary] ?? 0) + 1;
      };
      /** Every string and byte array in a stored value, as text. */
      const texts = (value: unknown, out: string[]): string[] => {
        if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
          const bytes =
            value instanceof ArrayBuffer
              ? new Uint8Array(value)
              : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
          out.push(latin1.decode(bytes), utf8.decode(bytes));
        } else if (value instanceof Blob) {
          out.push('(blob)');
        } else if (Array.isArray(value)) {
          for (const item of value) texts(item, out);
        } else if (value !== null && typeof value === 'object') {
          for (const [key, item] of Object.entries(value)) {
            out.push(key);
            texts(item, out);
          }
        } else {
          out.push(JSON.stringify(value) ?? String(value));
        }
        return out;
      };
      const request = <T>(req: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
        });

      const records: Record<string, number> = {};
      for (const info of await indexedDB.databases()) {
        if (!info.name) continue;
        const name = info.name;
        const db = await new Promise<IDBDatabase | null>((resolve) => {
          const open = indexedDB.open(name);
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => resolve(null);
        });
        if (!db) continue;
        db.onversionchange = () => db.close();
        records[name] = 0;
        try {
          for (const storeName of Array.from(db.objectStoreNames)) {
            const store = db.transaction(storeName, 'readonly').objectStore(storeName);
            const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
            records[name] += values.length;
            values.forEach((value, index) => {
              const where = `indexedDB ${name}/${storeName} ${JSON.stringify(keys[index])}`;
              for (const text of texts([keys[index], value], [])) look(where, text);
            });
          }
        } finally {
          db.close();
        }
      }

      let cacheEntries = 0;
      for (const cacheName of await caches.keys()) {
        const cache = await caches.open(cacheName);
        for (const key of await cache.keys()) {
          const response = await cache.match(key);
          if (!response) continue;
          cacheEntries += 1;
          const bytes = new Uint8Array(await response.arrayBuffer());
          const where = `cache ${cacheName} ${key.url}`;
          look(where, key.url);
          look(where, latin1.decode(bytes));
          look(where, utf8.decode(bytes));
        }
      }

      for (const [key, value] of Object.entries(localStorage)) look(`localStorage ${key}`, `${key}=${value}`);
      return { found: [...found], records, cacheEntries, canaries: canaryHits };
    },
    { secrets, canaries },
  );
}

function totalRecords(scan: StorageScan): number {
  return Object.values(scan.records).reduce((sum, count) => sum + count, 0);
}

/** Cache Storage URLs that hold an API answer (real API through the proxy, or the demo). */
function cachedApiUrls(target: Page): Promise<string[]> {
  return target.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        if (/^\/(partner-api|demo-api)\//.test(new URL(request.url).pathname)) urls.push(request.url);
      }
    }
    return urls;
  });
}

/** Every request the profile sends to the API through the proxy (pages and workers), as it goes. */
interface ApiRequests {
  readonly urls: URL[];
  /** Sent and not yet answered (or failed). */
  pending: number;
}

function recordApiRequests(context: BrowserContext): ApiRequests {
  const record: ApiRequests = { urls: [], pending: 0 };
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith(`${PROXY_BASE}/`);
  context.on('request', (request) => {
    if (!isApi(request)) return;
    record.urls.push(new URL(request.url()));
    record.pending += 1;
  });
  const settled = (request: Request) => {
    if (isApi(request)) record.pending -= 1;
  };
  context.on('requestfinished', settled);
  context.on('requestfailed', settled);
  return record;
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  profileDir = await mkdtemp(join(tmpdir(), 'e2e-device-copy-'));
  const { registrations } = await apiGet<{ registrations: RawRegistration[] }>(
    `/v1/events/${LARGE.id}/registrations?page=1&per_page=${SAMPLE_SIZE * 5}`,
  );
  const unique = (values: string[]) => [...new Set(values)];
  needles = {
    emails: unique(registrations.map((row) => row.email)).slice(0, SAMPLE_SIZE),
    lastNames: unique(registrations.map((row) => row.last_name))
      // Long enough as UTF-8 and as Latin-1 (one byte a letter): the scan decodes the bytes both
      // ways, and "Côté" is 6 bytes in UTF-8 but 4 in Latin-1, found by chance in 6 MB of ciphertext.
      .filter(
        (name) => new TextEncoder().encode(name).length >= MIN_NAME_BYTES && name.length >= MIN_NAME_BYTES,
      )
      .slice(0, SAMPLE_SIZE),
  };
});
afterEach(() => {
  // Each test leaves its browser open: the next one decides how to leave it (close or sign out).
  problems?.expectNone();
  problems?.clear();
});
afterAll(async () => {
  await closeBrowser();
  await rm(profileDir, { recursive: true, force: true });
});

describe('the copy on this device', NGINX, () => {
  it('saves the first full load encrypted: no e-mail, last name or API key readable on the device', async () => {
    expect(needles.emails).toHaveLength(SAMPLE_SIZE);
    expect(needles.lastNames.length).toBeGreaterThanOrEqual(40);
    console.log(
      `device copy: looking for ${needles.emails.length} e-mails, ${needles.lastNames.length} last names`,
    );
    await openBrowser();
    await signInAlpine(page, undefined, { syncPaused: true });
    await openRegistrations(page, LARGE.id);
    await page
      .getByText(REGISTRATIONS_TEXT.en.loaded('25,000'), { exact: true })
      .waitFor({ timeout: 60_000 });
    await waitForSavedCopy(LARGE.id, LARGE.total, LARGE_CHUNKS);

    const address = new URL(PROXY_BASE, at('/')).href;
    const shell = '<!doctype html>';
    const scan = await scanStorage(
      page,
      [...needles.emails, ...needles.lastNames, DEMO_KEYS.alpine],
      [address, shell],
    );
    // meta, the event's meta, manifest, its chunks (and perhaps the categories): the scan saw them.
    expect(scan.records[COPY_DB]).toBeGreaterThanOrEqual(3 + LARGE_CHUNKS);
    // The API address is stored in the clear (README): finding it proves the bytes were read.
    expect(scan.canaries[address]).toBeGreaterThan(0);
    // The app shell's precached index.html: the cached bodies were read too.
    expect(scan.cacheEntries).toBeGreaterThan(0);
    expect(scan.canaries[shell]).toBeGreaterThan(0);
    expect(scan.found).toEqual([]);
  }, 120_000);

  it('reopens from the copy after a relaunch: all 25,000 rows, only updated_since requests', async () => {
    await closeBrowser();
    await openBrowser();
    const requests = recordApiRequests(browser!.context);
    await signInAlpine(page, undefined, { syncPaused: true });
    await resetApiStats();
    requests.urls.length = 0;

    const started = performance.now();
    await openRegistrations(page, LARGE.id);
    await countLine(page)
      .filter({ hasText: countLineText('en', LARGE.total, LARGE.total) })
      .waitFor({ timeout: 60_000 });
    const reopenMs = Math.round(performance.now() - started);
    console.log(`device copy: event ${LARGE.id}, ${LARGE.total} rows shown ${reopenMs} ms after navigation`);

    // Then the check for changes (updated_since) ends: the banner says all are loaded, and
    // no API request is left unanswered.
    await page.getByText(REGISTRATIONS_TEXT.en.loaded('25,000'), { exact: true }).waitFor();
    await page.getByText(/^Opened from the encrypted copy on this device/).waitFor();
    await expect.poll(() => requests.pending, { timeout: 15_000 }).toBe(0);
    const rowRequests = requests.urls.filter((url) => url.pathname === REGISTRATIONS_PATH);
    expect(rowRequests.filter((url) => url.searchParams.has('updated_since'))).not.toEqual([]);
    expect(rowRequests.filter((url) => !url.searchParams.has('updated_since')).map(String)).toEqual([]);
    // The API got exactly what the listener saw: no request slipped past it (a worker's, say).
    expect((await apiStats()).get).toBe(requests.urls.length);
    expect(await tableRows(page).count()).toBeGreaterThan(0);
  }, 120_000);

  it('another key on the same profile finds nothing readable: alpine’s copy is discarded, never shown', async () => {
    // No sign-out: the browser is closed, alpine's copy stays on the device.
    await closeBrowser();
    await openBrowser();
    // Any sign of alpine's rows in the page, at any moment (a flash counts).
    await page.addInitScript(
      ({ emails, total }) => {
        const watched = new Set(emails);
        const seen: string[] = [];
        (window as unknown as { alpineSeen: string[] }).alpineSeen = seen;
        const check = (text: string | null) => {
          if (!text) return;
          if (text.includes(total)) seen.push(`count ${total}`);
          for (const match of text.match(/[^\s@<>"]+@[^\s@<>"]+/g) ?? [])
            if (watched.has(match)) seen.push(match);
        };
        new MutationObserver((mutations) => {
          for (const mutation of mutations) {
            if (mutation.type === 'characterData') check(mutation.target.textContent);
            mutation.addedNodes.forEach((node) => check(node.textContent));
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      },
      { emails: needles.emails, total: '25,000 registrations' },
    );
    await page.goto(at('/sign-in'));
    expect((await copyState(page)).events.map((event) => event.eventId)).toContain(LARGE.id);

    // The same sign-in through the proxy, with coastal's key.
    await signInAlpine(page, DEMO_KEYS.coastal, { syncPaused: true });
    expect(await eventNames(page)).toContain(COASTAL_EVENT);
    expect(await eventNames(page)).not.toContain(ALPINE_EVENT);

    await openRegistrations(page, LARGE.id);
    await page
      .getByRole('alert')
      .getByRole('heading', { level: 1, name: EVENTS_TEXT.en.unavailable, exact: true })
      .waitFor();
    expect(await tableRows(page).count()).toBe(0);

    // coastal's own event: its registrations load and are saved under coastal's key.
    await openRegistrations(page, COASTAL_EVENT_ID);
    await page
      .getByText(textPattern('en', 'registrations:load.complete', { count: 2, groups: { formatted: COUNT } }))
      .waitFor({ timeout: 30_000 });
    const coastalRows = (await allRegistrations(COASTAL_EVENT_ID, DEMO_KEYS.coastal)).length;
    await waitForSavedCopy(COASTAL_EVENT_ID, coastalRows, Math.ceil(coastalRows / CHUNK_ROWS));
    // Alpine's copy is gone from the device, not merely unreadable.
    const state = await copyState(page);
    expect(state.events.map((event) => event.eventId)).toEqual([COASTAL_EVENT_ID]);
    expect(state.recordKeys.filter((key) => key[0] === LARGE.id)).toEqual([]);

    await page.goto(at('/events'));
    await eventCardNames(page).filter({ hasText: COASTAL_EVENT }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { alpineSeen: string[] }).alpineSeen)).toEqual([]);
    // The API answers 404 for alpine's event: Chromium logs it.
    problems.expectNone([/status of 404/]);
    problems.clear();
  }, 120_000);

  it('sign-out wipes the copy: no IndexedDB record, no API answer in Cache Storage', async () => {
    expect((await copyState(page)).recordKeys.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: TEXT.en.signOut, exact: true }).click();
    await waitForSignedOut(page);

    const scan = await scanStorage(page, [DEMO_KEYS.alpine, DEMO_KEYS.coastal, ...needles.emails], []);
    expect(totalRecords(scan), JSON.stringify(scan.records)).toBe(0);
    expect((await copyState(page)).exists).toBe(false);
    expect(await cachedApiUrls(page)).toEqual([]);
    expect(scan.found).toEqual([]);

    // And after a relaunch too: nothing came back from disk.
    await closeBrowser();
    await openBrowser();
    await page.goto(at('/sign-in'));
    await page.getByRole('heading', { level: 1, name: TEXT.en.signInTitle }).waitFor();
    expect(totalRecords(await scanStorage(page, [], []))).toBe(0);
    expect(await cachedApiUrls(page)).toEqual([]);
  }, 120_000);
});
