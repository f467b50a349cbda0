import { createServer } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  ALPINE_EVENT,
  COASTAL_EVENT,
  DEMO_KEYS,
  PROXY_BASE,
  TEXT,
  apiStats,
  apiUrl,
  at,
  eventNames,
  resetApiStats,
  otherServiceWorkers,
  demoRequestContentType,
  signIn,
  storageSnapshot,
  switchLanguage,
  waitForEvents,
  waitForSignedOut,
  NGINX,
} from './app';
import { t } from './texts';

const LANGUAGE_ITEM = 'promoter-dashboard.language';

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US' });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Each test gets a new tab (fresh sessionStorage) on a clean origin: no language choice, no
 * worker. The previous test's tab closes here, not in an afterEach: a failed test's report
 * (failure-report.ts) runs after the file's own afterEach and must still find its tab open.
 */
async function openApp(path: string): Promise<void> {
  await page?.close();
  page = await browser.newPage();
  await page.goto(at('/sign-in'));
  await page.evaluate(async () => {
    localStorage.clear();
    await Promise.all((await navigator.serviceWorker.getRegistrations()).map((r) => r.unregister()));
  });
  problems = watchPage(page);
  await page.goto(at(path));
}

/** The API address of the last sign-in, remembered for the next one (src/lib/remembered-api-address.ts). */
const ADDRESS_ITEM = 'promoter-dashboard.api-address';

/** How each API address numbers its pages, learned by a load (src/lib/remembered-api-address.ts). */
const NUMBERING_ITEM = 'promoter-dashboard.first-page';

/**
 * After sign-out: nothing in sessionStorage, and localStorage holds at most the language, the
 * API address and how it numbers its pages (never the key). The events list syncs the events
 * in the background, so a sign-in that only saw the list has loaded registrations too.
 */
async function expectNothingStored(apiKey: string): Promise<void> {
  const storage = await storageSnapshot(page);
  expect(storage.session).toEqual({});
  const kept = new Set([LANGUAGE_ITEM, ADDRESS_ITEM, NUMBERING_ITEM]);
  expect(Object.keys(storage.local).filter((key) => !kept.has(key))).toEqual([]);
  const address: unknown = storage.local[ADDRESS_ITEM];
  if (address !== undefined) expect(address).toMatch(/^(\/|https?:\/\/)/);
  expect(JSON.stringify(storage.local)).not.toContain(apiKey);
}

/** A local port nothing listens on: one the system just gave out, closed again. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The sign-in error's "Details" is closed at first (its text not shown), and opening it shows
 * the technical text for the IT contact.
 */
async function expectDetailsFolded(technical: RegExp, lang: 'en' | 'fr' = 'en'): Promise<void> {
  const details = page.getByRole('alert').locator('details');
  expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
  const list = details.locator('ul');
  expect(await list.isVisible()).toBe(false);
  await details.getByText(lang === 'fr' ? 'Détails' : 'Details', { exact: true }).click();
  expect(await list.isVisible()).toBe(true);
  expect(await list.innerText()).toMatch(technical);
}

describe('session', NGINX, () => {
  it('signs in through the same-origin proxy, switches to French, persists it, signs out clean', async () => {
    await openApp('/');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.getByRole('heading', { level: 1, name: TEXT.en.signInTitle }).waitFor();

    await resetApiStats();
    await signIn(page, PROXY_BASE, DEMO_KEYS.alpine);
    await page.waitForURL((url) => url.pathname === '/events');
    await waitForEvents(page);
    const names = await eventNames(page);
    expect(names).toContain(ALPINE_EVENT);
    expect(names).not.toContain(COASTAL_EVENT);
    // The proxy forwarded to the real HTTP server, with no CORS preflight (same origin).
    const stats = await apiStats();
    expect(stats.get).toBeGreaterThanOrEqual(1);
    expect(stats.options).toBe(0);

    // The key lives in sessionStorage only.
    const signedIn = await storageSnapshot(page);
    expect(JSON.stringify(signedIn.session)).toContain(DEMO_KEYS.alpine);
    expect(JSON.stringify(signedIn.local)).not.toContain(DEMO_KEYS.alpine);

    await switchLanguage(page, 'fr');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page.getByRole('heading', { level: 1, name: TEXT.fr.eventsTitle }).waitFor();
    expect(
      await page.getByRole('button', { name: 'Français', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');

    await page.reload();
    await waitForEvents(page, 'fr');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(page.url()).toBe(at('/events'));

    await page.getByRole('button', { name: TEXT.fr.signOut, exact: true }).click();
    await waitForSignedOut(page, 'fr');
    await expectNothingStored(DEMO_KEYS.alpine);
    expect((await storageSnapshot(page)).local[LANGUAGE_ITEM]).toBe('fr');
    problems.expectNone();
  });

  it('signs in with a direct cross-origin call (CORS)', async () => {
    await openApp('/sign-in');
    await resetApiStats();
    await signIn(page, apiUrl, DEMO_KEYS.alpine);
    await page.waitForURL((url) => url.pathname === '/events');
    await waitForEvents(page);
    expect(await eventNames(page)).toContain(ALPINE_EVENT);
    // X-API-Key is not a CORS-safelisted header: the browser asked first.
    const stats = await apiStats();
    expect(stats.options).toBeGreaterThanOrEqual(1);
    expect(stats.get).toBeGreaterThanOrEqual(1);

    await page.getByRole('button', { name: TEXT.en.signOut, exact: true }).click();
    await waitForSignedOut(page);
    await expectNothingStored(DEMO_KEYS.alpine);
    problems.expectNone();
  });

  it('refuses a wrong key with the 401 message and stores nothing', async () => {
    await openApp('/sign-in');
    const wrongKey = 'not-a-real-key-0000';
    await signIn(page, PROXY_BASE, wrongKey);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(TEXT.en.refused);
    expect(await alert.innerText()).toContain('Check the key for typos, or ask your operator for a new one.');
    await expectDetailsFolded(/HTTP 401/);
    expect(await page.getByLabel(TEXT.en.apiKey, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await expectNothingStored(wrongKey);
    expect(JSON.stringify(await storageSnapshot(page))).not.toContain(wrongKey);
    // Chromium logs every HTTP error status; this one is the point of the test.
    problems.expectNone([/status of 401/]);
  });

  it('says in plain words when the address is not the API or cannot be reached, with the technical part folded (en, fr)', async () => {
    await openApp('/sign-in');
    // This site, not the API: vite preview answers a JSON request for an unknown path with a 404.
    const website = at('/not-the-partner-api');
    // Nothing listens there: a browser reports it like a CORS refusal, as no answer.
    const unreachable = `http://127.0.0.1:${await closedPort()}`;
    const cases = {
      en: [
        { address: website, title: t('en', 'session:failure.not-found.title'), details: /HTTP status 404/ },
        { address: unreachable, title: t('en', 'session:failure.network.title'), details: /\(CORS\)/ },
      ],
      fr: [
        { address: website, title: t('fr', 'session:failure.not-found.title'), details: /statut HTTP 404/ },
        { address: unreachable, title: t('fr', 'session:failure.network.title'), details: /\(CORS\)/ },
      ],
    } as const;
    for (const lang of ['en', 'fr'] as const) {
      await switchLanguage(page, lang);
      for (const failure of cases[lang]) {
        await signIn(page, failure.address, 'some-key-0000', lang);
        const alert = page.getByRole('alert').filter({ hasText: failure.title });
        await alert.waitFor();
        // Before "Details" is opened, nothing technical is on screen.
        expect(await alert.innerText()).not.toMatch(/CORS|proxy|HTTP|JSON|text\/html/);
        await expectDetailsFolded(failure.details, lang);
        await expectNoAxeViolations(page, `sign-in error "${failure.title}"`);
      }
    }
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await expectNothingStored('some-key-0000');
    // Chromium logs the 404 and the refused connection; they are the point of the test.
    problems.expectNone([/status of 404|ERR_CONNECTION_REFUSED/]);
  });

  it('runs the demo in the browser, and a real sign-in afterwards never gets a demo answer', async () => {
    await openApp('/sign-in');
    await page.getByRole('button', { name: TEXT.en.tryDemo, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/events');
    await waitForEvents(page);
    await page.getByText(TEXT.en.demoBadge, { exact: true }).waitFor();
    expect(await eventNames(page)).toContain(ALPINE_EVENT);
    // The demo needs no service worker: at most the app shell's is registered.
    expect(await otherServiceWorkers(page)).toEqual([]);

    await page.getByRole('button', { name: TEXT.en.signOut, exact: true }).click();
    await waitForSignedOut(page);
    expect(await otherServiceWorkers(page)).toEqual([]);
    expect(await page.getByText(TEXT.en.demoBadge, { exact: true }).count()).toBe(0);
    await expectNothingStored(DEMO_KEYS.alpine);

    // Nothing answers the demo path any more: vite preview's SPA fallback sends index.html.
    expect(await demoRequestContentType(page, DEMO_KEYS.alpine)).not.toMatch(/json/);

    // A real key in the same tab: every API response comes from the HTTP server, none from a worker.
    const apiResponses: { url: string; fromServiceWorker: boolean }[] = [];
    // Requests too: the loader aborts the pages it finds past the end, which get no response.
    // An aborted request may or may not have reached the server (a proxy such as nginx drops
    // one it had not passed on yet), so those are counted apart.
    let apiRequests = 0;
    let abortedRequests = 0;
    const isApi = (url: string) => new URL(url).pathname.startsWith(PROXY_BASE);
    page.on('request', (request) => {
      if (isApi(request.url())) apiRequests += 1;
    });
    page.on('requestfailed', (request) => {
      if (isApi(request.url()) && request.failure()?.errorText.includes('ERR_ABORTED')) abortedRequests += 1;
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith(PROXY_BASE)) {
        apiResponses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
      }
    });
    await resetApiStats();
    await signIn(page, PROXY_BASE, DEMO_KEYS.coastal);
    await page.waitForURL((url) => url.pathname === '/events');
    await waitForEvents(page);
    const names = await eventNames(page);
    expect(names).toContain(COASTAL_EVENT);
    expect(names).not.toContain(ALPINE_EVENT);
    expect(await page.getByText(TEXT.en.demoBadge, { exact: true }).count()).toBe(0);
    expect(apiResponses.length).toBeGreaterThanOrEqual(1);
    expect(apiResponses.filter((r) => r.fromServiceWorker)).toEqual([]);
    // The events list syncs coastal's events in the background: once its requests have all
    // reached the server, the server counted every one the page did not abort, and none the
    // page did not send.
    await expect
      .poll(
        async () => {
          const served = (await apiStats()).get;
          return served >= apiRequests - abortedRequests && served <= apiRequests
            ? 'all reached the server'
            : `${served} served of ${apiRequests} sent (${abortedRequests} aborted)`;
        },
        { timeout: 30_000 },
      )
      .toBe('all reached the server');
    problems.expectNone();
  });

  it('opens the events after sign-in when `next` hides another origin behind a tab', async () => {
    // The browser drops the tab: `/%09/evil.example` would be `//evil.example`, another origin.
    await openApp('/sign-in?next=/%09/evil.example/steal');
    await signIn(page, PROXY_BASE, DEMO_KEYS.alpine);
    await page.waitForURL((url) => url.pathname === '/events');
    await waitForEvents(page);
    expect(new URL(page.url()).origin).toBe(new URL(at('/')).origin);
    problems.expectNone();
  });

  it('sends a signed-out deep link to sign-in, then back to it', async () => {
    await openApp('/events?sort=name');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/events?sort=name');
    await signIn(page, PROXY_BASE, DEMO_KEYS.alpine);
    await page.waitForURL((url) => url.pathname === '/events');
    expect(page.url()).toBe(at('/events?sort=name'));
    await waitForEvents(page);
    problems.expectNone();
  });
});
