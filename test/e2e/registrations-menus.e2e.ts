import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { REGISTRATIONS_TEXT, signInAlpine, switchLanguage } from './app';
import { LARGE, REGISTRATIONS_VIEWPORTS as VIEWPORTS } from './registrations-expected';
import {
  eventData,
  menuButton,
  menuOption,
  openPanel,
  openRegistrations,
  setMenu,
  tableRows,
  type EventData,
} from './steps';
import { LANGS, escapeRegExp } from './texts';

/**
 * The toolbar's menus and a registration's details on the 25,000-registration event, by
 * keyboard and mouse: the arrows move in a menu, Escape, a click outside or Tab out close it and
 * the focus returns; the details are a modal sheet that keeps the focus inside, opened from a
 * row's ID button with the event's answers; axe in English and French with the menus and the
 * details open.
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
  await openRegistrations(page, LARGE.id, { lang: 'en', total: LARGE.total });
});
afterAll(async () => {
  await browser?.close();
});

describe(`menus and details on event ${LARGE.id} (25,000 rows)`, () => {
  const en = REGISTRATIONS_TEXT.en;

  it('menus: arrow keys move, Escape and a click outside close them, Tab out closes, focus returns', async () => {
    const button = menuButton(page, en.statusMenu);
    await button.click();
    const panel = openPanel(page);
    await panel.waitFor();
    // Focus starts on the first option; the arrows move between options and wrap.
    const focusedLabel = () =>
      page.evaluate(() => document.activeElement?.closest('label')?.textContent ?? '');
    await expect.poll(focusedLabel).not.toBe('');
    const first = await focusedLabel();
    expect(first).not.toBe('');
    await page.keyboard.press('ArrowDown');
    expect(await focusedLabel()).not.toBe(first);
    await page.keyboard.press('ArrowUp');
    expect(await focusedLabel()).toBe(first);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(en.statusMenu);

    await button.click();
    await panel.waitFor();
    await page.mouse.click(5, 400); // outside, on the page
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');

    await button.click();
    await panel.waitFor();
    // The menu moves focus to its first option once the browser has shown it.
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest(':popover-open'))))
      .toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await panel.waitFor({ state: 'detached' });
    problems.expectNone();
  });

  it('details: a modal dialog that keeps focus inside, closed by Escape or the backdrop', async () => {
    const row = tableRows(page).nth(2);
    await row.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Tab stays in the dialog: it never reaches the page behind (the browser's own UI may
    // take a turn between the last and the first control, which shows as the body).
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        () => document.activeElement === document.body || Boolean(document.activeElement?.closest('dialog')),
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await row.click();
    await dialog.waitFor();
    await page.mouse.click(10, 300); // the backdrop, left of the side sheet
    await dialog.waitFor({ state: 'detached' });
    problems.expectNone();
  });

  it('opens a registration’s answers in a details panel from the id button; Escape closes it', async () => {
    const first = large.registrations[0]!;
    const idButton = tableRows(page).first().getByRole('button');
    expect(await idButton.getAttribute('aria-label')).toBe(
      `${en.openDetails(first.registration_id)}${first.first_name} ${first.last_name}`,
    );
    await idButton.click();
    const dialog = page.getByRole('dialog', { name: en.detailsTitle(first.registration_id), exact: true });
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: en.detailsAnswers, exact: true }).waitFor();
    // The answers list follows its heading (the API's extra fields come after, in their own list).
    const answers = await dialog
      .getByRole('heading', { name: en.detailsAnswers, exact: true })
      .locator('xpath=following-sibling::dl[1]//dd')
      .allTextContents();
    expect(answers).toEqual(first.custom_questions.map((answer) => answer.reponse || '—'));
    const details = await dialog.innerText();
    for (const answer of first.custom_questions) expect(details).toContain(answer.que_question_en);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      await idButton.getAttribute('aria-label'),
    );
    problems.expectNone();
  });

  it('has no axe violations in English and French, with menus open and with the details panel open', async () => {
    for (const lang of LANGS) {
      const text = REGISTRATIONS_TEXT[lang];
      await switchLanguage(page, lang);
      await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
      // Open menus only add to the page: this run covers the closed state too.
      await setMenu(page, text.exportMenu, true);
      await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(text.presets.utf8)}`) }).waitFor();
      await setMenu(page, text.statusMenu, true);
      await menuOption(page, text.status.paid).waitFor();
      await expectNoAxeViolations(page, `registrations, export and status menus open (${lang})`);
      await setMenu(page, text.statusMenu, false);
      await setMenu(page, text.exportMenu, false);

      await tableRows(page).nth(1).getByRole('button').click();
      await page.getByRole('dialog').waitFor();
      await expectNoAxeViolations(page, `registrations, details panel open (${lang})`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await switchLanguage(page, 'en');
    problems.expectNone();
  });
});
