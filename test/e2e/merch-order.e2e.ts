import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import type { PageProblems } from './browser';
import { signedInDemoForFile, switchLanguage } from './app';
import { expectNoPageOverflow, openEvent, shoot } from './steps';
import { LANGS, escapeRegExp, t } from './texts';

/**
 * The merch order sheet on a real browser, with the built-in demo: the sizes as typed read as
 * one size each, the choices by keyboard, a frozen order that shows what a demo day changed,
 * axe and screenshots in both languages, on a desktop and a phone, light and dark.
 */

/** Upcoming, 420 registrations, one question: the T-shirt size. */
const EVENT = { id: 1005, total: 420 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let page: Page;
let problems: PageProblems;
signedInDemoForFile((session) => ({ page, problems } = session));

const section = (lang: 'en' | 'fr') =>
  page.getByRole('region', { name: t(lang, 'insights:orderSheet.title'), exact: true });
/** The sheet's table, by the start of its caption ("Sizes to order: …"). */
const sheetTable = (lang: 'en' | 'fr') =>
  section(lang).getByRole('table', {
    name: new RegExp(`^${escapeRegExp(t(lang, 'insights:orderSheet.caption', { question: '' }).trim())}`),
  });

describe('the merch order sheet', () => {
  for (const lang of LANGS) {
    it(`reads, looks and works by keyboard (${lang}), on a desktop and a phone`, async () => {
      await page.setViewportSize(DESKTOP);
      await switchLanguage(page, lang);
      await openEvent(page, EVENT, { hash: '#merch', lang });
      const sheet = section(lang);
      await sheet.waitFor();
      const table = sheetTable(lang);
      await table.waitFor();
      // The sizes in size order; "m", "Moyen" and "Taille M" are all under M.
      const headers = await table.getByRole('columnheader').allTextContents();
      expect(headers.slice(1, -1)).toEqual(expect.arrayContaining(['S', 'M', 'L']));
      expect(headers.indexOf('S')).toBeLessThan(headers.indexOf('M'));
      expect(headers.indexOf('M')).toBeLessThan(headers.indexOf('L'));
      // The spare margin by keyboard: focus the field, type, and the "to order" line appears.
      const margin = sheet.getByRole('spinbutton', { name: t(lang, 'insights:orderSheet.margin') });
      await margin.focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('10');
      await table
        .getByRole('rowheader', { name: t(lang, 'insights:orderSheet.toOrder', { margin: '10' }) })
        .waitFor();
      // Tab moves on to the statuses, each a checkbox, "Cancelled" not ticked.
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type);
      expect(focused).toBe('checkbox');
      expect(
        await sheet.getByRole('checkbox', { name: t(lang, 'registrations:status.cancelled') }).isChecked(),
      ).toBe(false);
      // Groups the promoter names: two categories typed under one name become one line.
      await sheet
        .getByRole('combobox', { name: t(lang, 'insights:orderSheet.grouping') })
        .selectOption({ label: t(lang, 'insights:orderSheet.groupings.named') });
      const names = sheet.getByRole('group', { name: t(lang, 'insights:orderSheet.namesTitle') });
      const fields = names.getByRole('textbox');
      expect(await fields.count()).toBeGreaterThanOrEqual(2);
      const groupName = lang === 'fr' ? 'Courses' : 'Races';
      await fields.nth(0).fill(groupName);
      await fields.nth(1).fill(groupName.toLowerCase());
      await table.getByRole('rowheader', { name: groupName, exact: true }).waitFor();
      await expectNoAxeViolations(page, `merch order (${lang}, desktop)`);
      await shoot(page, `merch-order-${lang}-desktop`, { fullPage: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoAxeViolations(page, `merch order (${lang}, desktop, dark)`);
      await shoot(page, `merch-order-${lang}-desktop-dark`, { fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });

      await page.setViewportSize(PHONE);
      await sheet.waitFor();
      await expectNoPageOverflow(page, `merch order (${lang}, phone)`);
      await expectNoAxeViolations(page, `merch order (${lang}, phone)`);
      await shoot(page, `merch-order-${lang}-phone`, { fullPage: true });
      problems.expectNone();
    });
  }

  it('freezes the order, then shows what a demo day changed and the top-up', async () => {
    await page.setViewportSize(DESKTOP);
    await switchLanguage(page, 'en');
    await openEvent(page, EVENT, { hash: '#merch' });
    const sheet = section('en');
    await sheet.getByRole('button', { name: t('en', 'insights:orderSheet.freeze') }).click();
    await sheet.getByText(t('en', 'insights:orderSheet.noChange')).waitFor();
    const nobody = t('en', 'insights:orderSheet.since', {
      registered: t('en', 'insights:orderSheet.registered', { count: 0, formatted: '0' }),
      cancelled: t('en', 'insights:orderSheet.cancelled', { count: 0, formatted: '0' }),
    });
    await sheet.getByText(nobody).waitFor();
    // Kept on the device once it says so: a reload then still has it.
    await sheet
      .getByRole('status')
      .filter({ hasText: t('en', 'insights:orderSheet.keepKept') })
      .waitFor();
    await openEvent(page, EVENT, { hash: '#merch' });
    await sheet.getByText(t('en', 'insights:orderSheet.noChange')).waitFor();
    // A demo day: new registrations and cancellations move the counts.
    await page
      .getByRole('button', { name: t('en', 'session:demoNextDay.button') })
      .first()
      .click();
    const changes = sheet.getByRole('table', { name: /^Since the order of / });
    await changes.waitFor({ timeout: 30_000 });
    const rows = await changes.getByRole('row').count();
    expect(rows).toBeGreaterThan(1);
    // The day's registrations, net of the one the API removed, are counted apart from the cancellations.
    const since = await sheet.getByText(/^Since the order: /).textContent();
    const [, registered] =
      /^Since the order: ([\d,]+) more registrations? with a size/.exec(since ?? '') ?? [];
    expect(Number(registered?.replace(/,/g, ''))).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'merch order, changes since the order (en)');
    await shoot(page, 'merch-order-en-changes', { fullPage: true });
    problems.expectNone();
  });
});
