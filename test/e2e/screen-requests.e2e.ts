import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage, type BrowserHandle } from './browser';
import { at, PROXY_BASE, REGISTRATIONS_TEXT, SECTIONS_TEXT, signInAlpine } from './app';

/**
 * The page load's first API requests: an event's page and its registrations need the event,
 * its categories and the events list, and the page's entry asks for them before the app's code
 * has arrived. The app takes those answers: each is asked for once.
 */

const TRICKY = { id: 1003, total: 45 } as const;

let browser: BrowserHandle | undefined;

// Before the next test, not after this one: a failed test's report (failure-report.ts) runs
// after the file's own afterEach and must still find its tab open.
beforeEach(async () => {
  await browser?.close();
  browser = undefined;
});
afterAll(async () => {
  await browser?.close();
});

describe("the page load's first API requests", () => {
  it.each([
    [
      'registrations',
      `/events/${TRICKY.id}/registrations`,
      REGISTRATIONS_TEXT.en.loaded(String(TRICKY.total)),
    ],
    ['event page', `/events/${TRICKY.id}`, SECTIONS_TEXT.en.categoriesCaption],
  ])(
    'on the %s: the event, its categories and the events list, each asked for once',
    async (_, path, shown) => {
      browser = await launchBrowser({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
      const page = await browser.newPage();
      watchPage(page);
      await signInAlpine(page, undefined, { syncPaused: true });
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith(PROXY_BASE)) asked.push(pathname.slice(PROXY_BASE.length));
      });
      await page.goto(at(path));
      await page.getByText(shown).first().waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
      const count = (apiPath: string) => asked.filter((one) => one === apiPath).length;
      expect(count(`/v1/events/${TRICKY.id}`)).toBe(1);
      expect(count(`/v1/events/${TRICKY.id}/categories`)).toBe(1);
      expect(count('/v1/events')).toBe(1);
    },
  );
});
