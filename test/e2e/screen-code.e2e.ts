import type { Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage, type BrowserHandle } from './browser';
import { signInAlpine } from './app';
import { openRegistrations, registrationCardList } from './steps';

/**
 * The code a screen downloads: the registrations screen's desktop table (TanStack Table and
 * Virtual, a chunk of its own) comes with the screen on a desktop and never on a phone, which
 * shows the rows as cards.
 */

const TRICKY = { id: 1003, total: 45 } as const;
const TABLE_CHUNK = /\/assets\/registrations-table-[^/]*\.js$/;

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

/** In a new browser, signs in, then loads the registrations screen and gives the scripts it asked for. */
async function openInNewBrowser(viewport: {
  width: number;
  height: number;
}): Promise<{ page: Page; scripts: string[] }> {
  browser = await launchBrowser({ locale: 'en-US', viewport });
  const page = await browser.newPage();
  watchPage(page);
  await signInAlpine(page, undefined, { syncPaused: true });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await openRegistrations(page, TRICKY.id, { total: TRICKY.total });
  return { page, scripts };
}

describe("the registrations screen's code", () => {
  it('on a phone: cards, and the table’s code is never downloaded', async () => {
    const { page, scripts } = await openInNewBrowser({ width: 390, height: 844 });
    await expect(registrationCardList(page).count()).resolves.toBe(1);
    expect(scripts.some((path) => TABLE_CHUNK.test(path))).toBe(false);
  });

  it('on a desktop: the table, its code downloaded once', async () => {
    const { page, scripts } = await openInNewBrowser({ width: 1366, height: 900 });
    await page.getByRole('grid').waitFor();
    expect(scripts.filter((path) => TABLE_CHUNK.test(path))).toHaveLength(1);
  });
});
