import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage, type BrowserHandle } from './browser';
import { DEMO_KEYS, REGISTRATIONS_TEXT, signInAlpine } from './app';
import {
  HUGE,
  REGISTRATIONS_VIEWPORTS as VIEWPORTS,
  clickAndReadNextFrame,
  expectWindowOf,
  expectedTable,
  filterExpected,
} from './registrations-expected';
import {
  eventData,
  expectCountLine,
  loadedText,
  menuOption,
  openRegistrations,
  searchFor,
  setMenu,
  typeSearch,
} from './steps';

/**
 * metropole's 100,000-registration event: the whole list loads, a fast typist's every keystroke
 * is kept and the rows found are exactly those a plain filter of the API's JSON keeps, and a
 * status filter ticks on the very next frame.
 */

let browser: BrowserHandle | undefined;
afterAll(async () => {
  await browser?.close();
});

describe(`registrations of event ${HUGE.id} (100,000 rows)`, () => {
  it('loads 100,000 rows, keeps every keystroke of a fast typist and ticks a filter at once', async () => {
    const en = REGISTRATIONS_TEXT.en;
    browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
    const page = await browser.newPage();
    const problems = watchPage(page);
    const [huge] = await Promise.all([
      eventData(HUGE.id, DEMO_KEYS.metropole),
      signInAlpine(page, DEMO_KEYS.metropole),
    ]);
    expect(huge.registrations).toHaveLength(HUGE.total);
    const table = expectedTable(huge, 'en');
    await openRegistrations(page, HUGE.id);
    await loadedText(page, 'en', HUGE.total).waitFor({ timeout: 90_000 });
    await expectCountLine(page, 'en', { shown: HUGE.total, total: HUGE.total });
    await expectWindowOf(page, table);

    for (const query of ['martin', 'marie dupont', 'genève']) {
      expect(await typeSearch(page, 'en', query)).toBe(query);
      const expected = filterExpected(table, { q: query });
      await expectCountLine(page, 'en', { shown: expected.rows.length, total: HUGE.total, filtered: true });
      await expectWindowOf(page, expected);
    }
    await searchFor(page, 'en', '');

    await setMenu(page, en.statusMenu, true);
    const tickedNextFrame = await clickAndReadNextFrame(menuOption(page, en.status.paid));
    expect(tickedNextFrame).toBe(true);
    const paidRows = filterExpected(table, { status: 'paid' });
    await expectCountLine(page, 'en', { shown: paidRows.rows.length, total: HUGE.total, filtered: true });
    problems.expectNone();
  }, 240_000);
});
