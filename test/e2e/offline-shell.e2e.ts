/*
 * The app shell's service worker (vite-plugin-pwa): it precaches the built app so a reload
 * without a network still shows the app, and it never stores an API response (personal data).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  waitForShellWorker,
  watchPage,
  type BrowserHandle,
  type PageProblems,
} from './browser';
import {
  APP_SHELL_WORKER,
  DEMO_KEYS,
  PROXY_BASE,
  TEXT,
  at,
  eventCardNames,
  serviceWorkerScripts,
  signIn,
  waitForEvents,
} from './app';
import { countLine, countLineText, openRegistrations, tableRows } from './steps';
import { escapeRegExp, t, textPattern } from './texts';

/** alpine, 45 registrations (src/mocks/data/catalog.ts: trickySmall). */
const SMALL_EVENT = 1003;
/** The error titles of a request without network (errors.json: network, offline). */
const NETWORK_ERROR_TITLE = new RegExp(
  ['errors:network.title', 'errors:offline.title'].map((key) => escapeRegExp(t('en', key))).join('|'),
);
/** The event's 45 registrations, all shown. */
const COUNT_LINE = countLineText('en', 45, 45);

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US' });
});
afterAll(async () => {
  await browser?.close();
});
// Before the next test, not after this one: a failed test's report (failure-report.ts) runs
// after the file's own afterEach and must still find its tab open.
beforeEach(async () => {
  await browser.context.setOffline(false);
  await page?.close();
});

/** Every URL held in Cache Storage, whatever the cache. */
function cachedUrls(target: Page): Promise<string[]> {
  return target.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

function apiUrlsIn(urls: string[]): string[] {
  return urls.filter((url) => /^\/(partner-api|demo-api)\//.test(new URL(url).pathname));
}

async function openSmallEvent(target: Page): Promise<void> {
  await openRegistrations(target, SMALL_EVENT);
  await countLine(target).filter({ hasText: COUNT_LINE }).waitFor();
}

describe('app shell service worker', () => {
  it('precaches the shell and stores no API response after using a real API', async () => {
    page = await browser.newPage();
    problems = watchPage(page);
    await page.goto(at('/sign-in'));
    await signIn(page, PROXY_BASE, DEMO_KEYS.alpine);
    await waitForEvents(page);
    await waitForShellWorker(page);
    await openSmallEvent(page);

    expect(await serviceWorkerScripts(page)).toEqual([APP_SHELL_WORKER]);
    const urls = await cachedUrls(page);
    const paths = urls.map((url) => new URL(url).pathname);
    expect(paths).toContain('/index.html');
    expect(paths.some((path) => /^\/assets\/index-.*\.js$/.test(path))).toBe(true);
    // The API address comes from the network every time; the demo is not precached.
    expect(paths).not.toContain('/config.json');
    expect(paths.some((path) => path.includes('demo-transport'))).toBe(false);
    expect(apiUrlsIn(urls)).toEqual([]);
    problems.expectNone();
  });

  it('reloads a demo session offline: the shell shows, the registrations come from the encrypted copy, nothing is cached', async () => {
    page = await browser.newPage();
    await page.goto(at('/sign-in'));
    await page.getByRole('button', { name: TEXT.en.tryDemo, exact: true }).click();
    await waitForEvents(page);
    await waitForShellWorker(page);
    await openSmallEvent(page);
    // The copy is saved in the background once the list is complete.
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).length), { timeout: 10_000 })
      .toBeGreaterThan(0);

    await browser.context.setOffline(true);
    await page.reload();
    // The app, not Chromium's offline page: its header (demo session kept), and the event's
    // registrations from the encrypted copy on this device.
    await page.getByRole('button', { name: TEXT.en.signOut, exact: true }).waitFor();
    await page.getByText(TEXT.en.demoBadge, { exact: true }).waitFor();
    await countLine(page).filter({ hasText: COUNT_LINE }).waitFor();
    const fromCopy = ['registrations:deviceCopy.opened', 'registrations:deviceCopy.openedOffline'];
    await page
      .getByText(new RegExp(`^(${fromCopy.map((key) => escapeRegExp(t('en', key))).join('|')})`))
      .waitFor();
    expect(await tableRows(page).count()).toBeGreaterThan(0);

    // A new navigation to another app route is answered with the shell too, and the events
    // list comes from the copy, under the offline banner.
    await page.goto(at('/events'));
    await page.getByRole('heading', { level: 1, name: TEXT.en.eventsTitle }).waitFor();
    await eventCardNames(page).first().waitFor();
    await page
      .getByRole('status')
      .getByText(textPattern('en', 'common:offline.asOfDate', { groups: { date: '.+' } }))
      .or(
        page
          .getByRole('status')
          .getByText(textPattern('en', 'common:offline.asOfTime', { groups: { time: '.+' } })),
      )
      .waitFor();
    expect(await page.getByRole('alert').filter({ hasText: NETWORK_ERROR_TITLE }).count()).toBe(0);

    expect(apiUrlsIn(await cachedUrls(page))).toEqual([]);
    expect(await serviceWorkerScripts(page)).toEqual([APP_SHELL_WORKER]);
  });
});
