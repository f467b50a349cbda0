import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { type BrowserHandle, launchBrowser, type PageProblems, watchPage } from './browser';
import { at, switchLanguage, TEXT, SCREENSHOT_DIR } from './app';

/**
 * "What changed" on a real browser, with the built-in demo running in the page: the demo moves
 * one day ahead from its own button, the event page counts what changed, each count opens
 * exactly those rows (new ones in the table, removed ones in their own list), the filter sits
 * in the URL, and the whole card passes axe in both languages. Screenshots for a human.
 */

/** Upcoming, 420 registrations: every kind of day change happens there. */
const EVENT = 1005;

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
  page = await browser.newPage();
  problems = watchPage(page);
  await page.goto(at('/sign-in'));
  await switchLanguage(page, 'en');
  await page.getByRole('button', { name: TEXT.en.tryDemo }).click();
  await page.waitForURL((url) => url.pathname === '/events');
});

afterAll(async () => {
  await browser?.close();
});

const summary = () => page.getByRole('region', { name: /^(What changed|Ce qui a changé)$/ });

/** The number at the start of a count link's text ("4 new" → 4). */
async function countOf(link: ReturnType<Page['getByRole']>): Promise<number> {
  return Number(((await link.textContent()) ?? '').match(/^\d+/)?.[0]);
}

describe('what changed since the last visit', () => {
  it('counts a demo day on the event page, and each count opens exactly its rows', async () => {
    await page.goto(at(`/events/${EVENT}`));
    await page.getByText('All 420 registrations loaded').waitFor();
    await summary()
      .getByText(/First visit on this device/)
      .waitFor();

    await summary().getByRole('button', { name: 'Demo: move one day ahead' }).click();
    await summary()
      .getByText(/The demo moved one day ahead/)
      .waitFor();
    // A day after the first full download, the whole list is verified too.
    await page.getByText(/^Whole list verified/).waitFor();
    const newLink = summary().getByRole('link', { name: /^\d+ new$/ });
    const removedLink = summary().getByRole('link', { name: /^\d+ removed$/ });
    const added = await countOf(newLink);
    const removed = await countOf(removedLink);
    expect(added).toBeGreaterThan(0);
    expect(removed).toBeGreaterThan(0);
    await summary().getByText('Payment status moves').click();
    await expect(summary().getByRole('link', { name: /→/ }).count()).resolves.toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'event page, what changed (en)');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'what-changed-event-en.png') });

    await newLink.click();
    await page.waitForURL((url) => url.searchParams.get('change') === 'new' && url.searchParams.has('since'));
    const total = 420 + added - removed;
    await page.getByText(`${added} of ${total} registrations match`).waitFor();
    await expect(
      page.getByRole('button', { name: /^Remove the filter “New since/ }).isVisible(),
    ).resolves.toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'what-changed-new-rows-en.png') });

    await page.goBack();
    await removedLink.click();
    await page.waitForURL((url) => url.searchParams.get('change') === 'removed');
    const removedTable = page.getByRole('table', { name: /no longer on the server/ });
    await removedTable.waitFor();
    await expect(removedTable.getByRole('row').count()).resolves.toBe(removed + 1);
    await expectNoAxeViolations(page, 'removed registrations (en)');
  });

  it('reads in French, on a phone, and passes axe', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Back to the event page inside the app: a reload would start the in-page demo again at day 0.
    await page
      .getByRole('navigation', { name: /breadcrumb|Fil d/i })
      .getByRole('link')
      .click();
    await page.waitForURL((url) => url.pathname === `/events/${EVENT}`);
    await switchLanguage(page, 'fr');
    await summary().waitFor();
    await expect(
      summary()
        .getByRole('link', { name: /^\d+ nouvelles?$/ })
        .count(),
    ).resolves.toBe(1);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'event page, what changed (fr, phone)');
    await summary().screenshot({ path: join(SCREENSHOT_DIR, 'what-changed-event-fr-phone.png') });
    await switchLanguage(page, 'en');
    expect(problems.problems).toEqual([]);
  });
});
