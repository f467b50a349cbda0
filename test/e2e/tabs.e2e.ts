import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage, type BrowserHandle } from './browser';
import {
  ALPINE_EVENT,
  DEMO_KEYS,
  TEXT,
  at,
  eventNames,
  otherServiceWorkers,
  demoRequestContentType,
  signInAlpine,
  storageSnapshot,
  waitForEvents,
  waitForSignedOut,
} from './app';

/**
 * Two tabs of one browser profile: a tab opened from a signed-in tab is signed in (the
 * session is handed over with BroadcastChannel, never through a URL or localStorage), and
 * signing out in one tab signs out the other.
 */

declare global {
  interface Window {
    /** Set by the init script below if the sign-in form was ever in the page. */
    sawSignInForm?: boolean;
  }
}

let browser: BrowserHandle;
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US' });
  // In every tab, before the app runs: remember whether the sign-in form ever showed.
  await browser.context.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('input[type="password"]')) window.sawSignInForm = true;
    }).observe(document, { childList: true, subtree: true });
  });
});
afterAll(async () => {
  await browser?.close();
});
// Before the next test, not after this one: a failed test's report (failure-report.ts) runs
// after the file's own afterEach and must still find its tabs open.
beforeEach(async () => {
  for (const page of pages.splice(0)) await page.close();
});

async function newTab(): Promise<Page> {
  const page = await browser.newPage();
  pages.push(page);
  return page;
}

/** Ctrl+click on a link, as a promoter opens an event next to the list; resolves with the new tab. */
async function ctrlClickLink(page: Page, name: string): Promise<Page> {
  const [opened] = await Promise.all([
    browser.context.waitForEvent('page'),
    page.getByRole('link', { name, exact: true }).click({ modifiers: ['ControlOrMeta'] }),
  ]);
  pages.push(opened);
  return opened;
}

/** Every URL a tab showed, same-document navigations included. */
function urlsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

describe('tabs', () => {
  it('a tab opened with Ctrl+click is signed in at once, and signing out there signs out both', async () => {
    const first = await newTab();
    const firstProblems = watchPage(first);
    await signInAlpine(first);

    const second = await ctrlClickLink(first, ALPINE_EVENT);
    const secondProblems = watchPage(second);
    const secondUrls = urlsOf(second);
    await second.getByRole('heading', { level: 1, name: ALPINE_EVENT }).waitFor();
    expect(new URL(second.url()).pathname).toBe('/events/1001');
    expect(await second.evaluate(() => window.sawSignInForm ?? false)).toBe(false);
    expect(secondUrls.filter((url) => new URL(url).pathname === '/sign-in')).toEqual([]);
    // The key went to the new tab's sessionStorage only: no URL, no localStorage.
    const storage = await storageSnapshot(second);
    expect(JSON.stringify(storage.session)).toContain(DEMO_KEYS.alpine);
    expect(JSON.stringify(storage.local)).not.toContain(DEMO_KEYS.alpine);
    expect(secondUrls.some((url) => url.includes(DEMO_KEYS.alpine))).toBe(false);

    await second.getByRole('button', { name: TEXT.en.signOut, exact: true }).click();
    await waitForSignedOut(second);
    // The first tab follows: back to sign-in (remembering its page), key and cache gone.
    await first.waitForURL((url) => url.pathname === '/sign-in');
    await first.getByRole('heading', { level: 1, name: TEXT.en.signInTitle }).waitFor();
    expect((await storageSnapshot(first)).session).toEqual({});
    expect(await first.getByText(ALPINE_EVENT).count()).toBe(0);
    firstProblems.expectNone();
    secondProblems.expectNone();
  });

  it('a new tab with no signed-in tab shows sign-in after a short wait', async () => {
    const tab = await newTab();
    const started = Date.now();
    await tab.goto(at('/events'));
    await tab.getByRole('heading', { level: 1, name: TEXT.en.signInTitle }).waitFor();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(new URL(tab.url()).searchParams.get('next')).toBe('/events');
  });

  it('hands over a demo session: the new tab gets demo answers too, and both sign out together', async () => {
    const first = await newTab();
    const firstProblems = watchPage(first);
    await first.goto(at('/sign-in'));
    await first.getByRole('button', { name: TEXT.en.tryDemo, exact: true }).click();
    await waitForEvents(first);

    const second = await newTab();
    const secondProblems = watchPage(second);
    await second.goto(at('/events'));
    await waitForEvents(second);
    await second.getByText(TEXT.en.demoBadge, { exact: true }).waitFor();
    expect(await eventNames(second)).toContain(ALPINE_EVENT);
    expect(await second.evaluate(() => window.sawSignInForm ?? false)).toBe(false);

    await first.getByRole('button', { name: TEXT.en.signOut, exact: true }).click();
    await waitForSignedOut(first);
    await second.waitForURL((url) => url.pathname === '/sign-in');
    await second.getByRole('heading', { level: 1, name: TEXT.en.signInTitle }).waitFor();
    expect((await storageSnapshot(second)).session).toEqual({});
    expect(await otherServiceWorkers(second)).toEqual([]);
    expect(await demoRequestContentType(second, DEMO_KEYS.alpine)).not.toMatch(/json/);
    firstProblems.expectNone();
    secondProblems.expectNone();
  });
});
