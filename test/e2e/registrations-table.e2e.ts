import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKey } from '@/lib/text-keys';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { REGISTRATIONS_TEXT, at, signInAlpine, switchLanguage } from './app';
import {
  LARGE,
  REGISTRATIONS_VIEWPORTS as VIEWPORTS,
  clickAndReadNextFrame,
  expectWindowOf,
  expectedTable,
  filterExpected,
  headerTitles,
  type ExpectedTable,
} from './registrations-expected';
import {
  countLine,
  eventData,
  expectCountLine,
  loadedText,
  menuOption,
  searchBox,
  searchFor,
  setMenu,
  tableRegion,
  tableRows,
  typeSearch,
  visibleRows,
  type EventData,
} from './steps';
import { escapeRegExp, formatCount } from './texts';

/**
 * Finding people in the 25,000-registration event's table: the first rows while it loads, then
 * all of them; a fast typist's search, a last name, the "Paid" filter, each showing exactly the
 * rows a plain filter of the API's JSON keeps, with the URL following; the rows by keyboard;
 * the same table in French. One tab for the whole file (loaded once, in-app state only).
 */

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
let large: EventData;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  [large] = await Promise.all([eventData(LARGE.id), signInAlpine(page)]);
  expect(large.registrations).toHaveLength(LARGE.total);
});
afterAll(async () => {
  await browser?.close();
});

declare global {
  interface Window {
    /** Written by the init script: the live statuses at the moment the first table row appeared. */
    __firstRows?: { statuses: string[]; at: number };
  }
}

describe(`the table of event ${LARGE.id} (25,000 rows, loaded once)`, () => {
  const en = REGISTRATIONS_TEXT.en;
  let tableEn: ExpectedTable;
  let paidCount = 0;

  it('shows the first rows while loading, then all 25,000', async () => {
    tableEn = expectedTable(large, 'en');
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (window.__firstRows || !document.querySelector('[role="grid"] tbody tr')) return;
        window.__firstRows = {
          statuses: [...document.querySelectorAll('[role="status"]')].map(
            (status) => status.textContent ?? '',
          ),
          at: performance.now(),
        };
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const started = performance.now();
    await page.goto(at(`/events/${LARGE.id}/registrations`));
    await page.getByRole('heading', { level: 1, name: en.title }).waitFor();
    await loadedText(page, 'en', LARGE.total).waitFor({ timeout: 45_000 });
    const loadedAfter = performance.now() - started;
    const firstRows = await page.evaluate(() => window.__firstRows);
    const completeAt = await page.evaluate(() => performance.now());
    console.info(
      `[registrations] first rows after ~${Math.round(firstRows?.at ?? NaN)} ms of page life, ` +
        `all ${LARGE.total} loaded ${Math.round(loadedAfter)} ms after navigation (page life ${Math.round(completeAt)} ms)`,
    );
    // The first rows were on screen while the load status still said "Loading…".
    expect(firstRows?.statuses.filter((status) => en.loading.test(status))).toHaveLength(1);

    await expectCountLine(page, 'en', { shown: LARGE.total, total: LARGE.total });
    expect(await countLine(page).innerText()).toBe('25,000 registrations');
    expect(await headerTitles(page)).toEqual(tableEn.headers);
    expect(await page.getByRole('grid').getAttribute('aria-rowcount')).toBe('25001');
    // The top of the one scroll: the first registrations in the API's order, every cell as sent.
    await expectWindowOf(page, tableEn);
    problems.expectNone();
  });

  it('keeps every keystroke of a fast typist, and shows exactly the rows that match', async () => {
    // Two words, each in a different column, typed with no pause between keys.
    const target = large.registrations[123]!;
    const query = `${target.first_name} ${target.last_name}`.toLowerCase();
    expect(await typeSearch(page, 'en', query)).toBe(query);
    const expected = filterExpected(tableEn, { q: query });
    expect(expected.rows.length).toBeGreaterThan(0);
    await expectCountLine(page, 'en', { shown: expected.rows.length, total: LARGE.total, filtered: true });
    await expectWindowOf(page, expected);
    // The URL follows the box a moment later, in one history entry.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query);

    // Deleting back to nothing, again at full speed.
    const box = searchBox(page, 'en');
    for (let i = 0; i < query.length; i += 1) await box.press('Backspace', { delay: 0 });
    expect(await box.inputValue()).toBe('');
    await expectCountLine(page, 'en', { shown: LARGE.total, total: LARGE.total });
    problems.expectNone();
  });

  it('moves through 25,000 rows with the keyboard: arrows, End, Home, Enter', async () => {
    // From the search box, the rows are one Tab stop after the menus and the column headers.
    await searchBox(page, 'en').focus();
    let presses = 0;
    while (presses < 40 && !(await page.evaluate(() => document.activeElement?.tagName === 'TR'))) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(presses).toBeLessThanOrEqual(20);
    await tableRows(page).first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex'))).toBe('3');
    await page.keyboard.press('End');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex')))
      .toBe(String(LARGE.total + 1));
    const last = large.registrations.at(-1)!;
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(last.email);
    // The sticky header is still there above the last row.
    const header = await page.getByRole('grid').getByRole('columnheader').first().boundingBox();
    const table = await tableRegion(page).boundingBox();
    expect(Math.round(header!.y)).toBe(Math.round(table!.y) + 1);
    await page.keyboard.press('Home');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex')))
      .toBe('2');
    // The page itself never scrolls: the table is the one scroll.
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeLessThanOrEqual(0);
    problems.expectNone();
  });

  it('narrows the rows to a last name typed in the search, with the "matching" count', async () => {
    const lastName = (await visibleRows(page))[0]![2]!;
    expect(lastName).not.toBe('');
    await searchFor(page, 'en', lastName);
    const expected = filterExpected(tableEn, { q: lastName });
    expect(expected.rows.length).toBeGreaterThan(0);
    expect(expected.rows.length).toBeLessThan(LARGE.total);
    await expectCountLine(page, 'en', { shown: expected.rows.length, total: LARGE.total, filtered: true });
    const rows = await expectWindowOf(page, expected);
    const term = searchKey(lastName);
    for (const row of rows) expect(row.some((cell) => searchKey(cell).includes(term))).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(lastName);

    await searchFor(page, 'en', '');
    await expectCountLine(page, 'en', { shown: LARGE.total, total: LARGE.total });
    problems.expectNone();
  });

  it('filters by payment status "Paid" from the "Payment status" menu', async () => {
    const expected = filterExpected(tableEn, { status: 'paid' });
    paidCount = expected.rows.length;
    await setMenu(page, en.statusMenu, true);
    // The option shows how many rows it would keep.
    const paid = menuOption(page, en.status.paid);
    const named = new RegExp(
      `^${escapeRegExp(en.status.paid)}\\s*${escapeRegExp(formatCount(paidCount, 'en'))}$`,
    );
    expect(await page.getByRole('checkbox', { name: named }).count()).toBe(1);
    // The tick shows on the very next frame after the click, not after the URL or the filter.
    const tickedNextFrame = await clickAndReadNextFrame(paid);
    expect(tickedNextFrame).toBe(true);
    await setMenu(page, en.statusMenu, false);
    await expectCountLine(page, 'en', { shown: paidCount, total: LARGE.total, filtered: true });
    await expectWindowOf(page, expected);
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('paid');
    problems.expectNone();
  });

  it('switches to French: headers, counts and rows, formatted for the language', async () => {
    const fr = REGISTRATIONS_TEXT.fr;
    await switchLanguage(page, 'fr');
    await page.getByRole('heading', { level: 1, name: fr.title }).waitFor();
    // "Les 25 000 inscriptions sont chargées", with U+202F as the thousands separator.
    await page.getByText(/Les 25\u202f000 inscriptions sont chargées/).waitFor();
    const tableFr = expectedTable(large, 'fr');
    expect(await headerTitles(page)).toEqual(tableFr.headers);
    expect(tableFr.headers).toEqual(expect.arrayContaining(['Prénom', 'Paiement']));
    const expected = filterExpected(tableFr, { status: 'paid' });
    await expectCountLine(page, 'fr', { shown: paidCount, total: LARGE.total, filtered: true });
    await expectWindowOf(page, expected);

    // Back to English and to the unfiltered table.
    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: en.clearFilters, exact: true }).first().click();
    await expectCountLine(page, 'en', { shown: LARGE.total, total: LARGE.total });
    problems.expectNone();
  });
});
