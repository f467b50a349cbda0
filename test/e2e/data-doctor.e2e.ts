import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import type { PageProblems } from './browser';
import { at, eventCard, signedInDemoForFile, switchLanguage } from './app';
import { expectCountLine, expectNoPageOverflow, openEvent, shoot } from './steps';
import { LANGS, formatCount, t } from './texts';

/**
 * The data doctor on a real browser, with the built-in demo: a check's count opens exactly the
 * registrations it counts, a finding marked fine stays hidden across a reload (kept on the
 * device), the findings file holds every open finding; axe and screenshots in both languages,
 * on a desktop and a phone, light and dark.
 */

/** Upcoming, 420 registrations: the demo's namesakes and orders give two checks findings. */
const EVENT = { id: 1005, total: 420 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const CHECK = 'person-twice';

let page: Page;
let problems: PageProblems;
signedInDemoForFile((session) => ({ page, problems } = session));

const section = (lang: 'en' | 'fr') =>
  page.getByRole('region', { name: t(lang, 'insights:checks.title'), exact: true });
const checkBlock = (lang: 'en' | 'fr') =>
  section(lang).getByRole('region', { name: new RegExp(`${t(lang, `insights:checks.names.${CHECK}`)}$`) });
/** The count of the check's link ("Open the 20 registrations"). */
async function openCount(lang: 'en' | 'fr'): Promise<number> {
  const link = checkBlock(lang).getByRole('link', { name: /^(Open|Ouvrir)/ });
  const text = (await link.textContent()) ?? '';
  return Number(/(\d[\d\s\u202f,]*)/.exec(text)?.[1]?.replace(/[\s\u202f,]/g, '') ?? 1);
}

describe('the data doctor', () => {
  for (const lang of LANGS) {
    it(`lists the checks, opens exactly their registrations, and looks right (${lang})`, async () => {
      await page.setViewportSize(DESKTOP);
      await switchLanguage(page, lang);
      await openEvent(page, EVENT, { hash: '#checks', lang });
      await checkBlock(lang).waitFor();
      const count = await openCount(lang);
      expect(count).toBeGreaterThan(0);
      await expectNoAxeViolations(page, `checks (${lang}, desktop)`);
      await shoot(page, `data-doctor-${lang}-desktop`, { fullPage: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoAxeViolations(page, `checks (${lang}, desktop, dark)`);
      await shoot(page, `data-doctor-${lang}-desktop-dark`, { fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(PHONE);
      await expectNoPageOverflow(page, `checks (${lang}, phone)`);
      await expectNoAxeViolations(page, `checks (${lang}, phone)`);
      await shoot(page, `data-doctor-${lang}-phone`, { fullPage: true });
      await page.setViewportSize(DESKTOP);

      // The count is the rows its link opens, with the check's chip on the table.
      await checkBlock(lang)
        .getByRole('link', { name: /^(Open|Ouvrir)/ })
        .click();
      await expectCountLine(page, lang, { shown: count, total: EVENT.total });
      await page
        .getByText(t(lang, 'insights:checks.chip', { check: t(lang, `insights:checks.names.${CHECK}`) }))
        .waitFor();
      expect(new URL(page.url()).searchParams.get('check')).toBe(CHECK);
      await expectNoAxeViolations(page, `table filtered by a check (${lang})`);
      problems.expectNone();
    });
  }

  it('keeps a finding marked fine hidden across a reload, and exports the open findings', async () => {
    await page.setViewportSize(DESKTOP);
    await switchLanguage(page, 'en');
    await openEvent(page, EVENT, { hash: '#checks' });
    await checkBlock('en').waitFor();
    const before = await openCount('en');
    // By keyboard: focus the first "This is fine" of the check and press Enter.
    await checkBlock('en')
      .getByRole('button', { name: /^This is fine\b/ })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => openCount('en')).toBe(before - 1);
    await section('en')
      .getByText(t('en', 'insights:checks.fineCount', { count: 1, formatted: '1' }))
      .waitFor();
    // Kept on the device: a reload still hides it, and the table opens one registration fewer.
    await openEvent(page, EVENT, { hash: '#checks' });
    await expect.poll(() => openCount('en')).toBe(before - 1);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      section('en')
        .getByRole('button', { name: t('en', 'insights:checks.export') })
        .click(),
    ]);
    const text = (await readFile(await file.path())).toString('utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(text.trim(), { delimiter: ',' });
    const [headers, ...rows] = parsed.data;
    expect(headers?.[1]).toBe(t('en', 'insights:checks.columns.check'));
    const ofCheck = rows.filter((row) => row[1] === t('en', `insights:checks.names.${CHECK}`));
    expect(new Set(ofCheck.map((row) => row[2])).size).toBe(before - 1);
    expect(file.suggestedFilename()).toMatch(/findings.*\.csv$/);

    await checkBlock('en').getByRole('link', { name: /^Open/ }).click();
    await expectCountLine(page, 'en', { shown: before - 1, total: EVENT.total });
    // Shown again: the finding is back in the count.
    await openEvent(page, EVENT, { hash: '#checks' });
    await section('en')
      .getByRole('button', { name: t('en', 'insights:checks.showFine') })
      .click();
    await expect.poll(() => openCount('en')).toBe(before);

    // The events list's card says what the Checks section says, and leads to it.
    const summary =
      (await section('en')
        .getByText(/registrations? to check:/)
        .textContent()) ?? '';
    const toCheck = Number(/^([\d,]+)/.exec(summary)?.[1]?.replace(/,/g, ''));
    expect(toCheck).toBeGreaterThanOrEqual(before);
    await page.goto(at('/events'));
    const cardLink = (lang: 'en' | 'fr') =>
      eventCard(page, EVENT.id).getByRole('link', {
        name: t(lang, 'figures:findings', { count: toCheck, formatted: formatCount(toCheck, lang) }),
      });
    // The card's line in both languages, on a desktop and a phone.
    for (const lang of LANGS) {
      await switchLanguage(page, lang);
      await cardLink(lang).waitFor();
      await eventCard(page, EVENT.id).scrollIntoViewIfNeeded();
      await shoot(page, `data-doctor-card-${lang}-desktop`);
      await page.setViewportSize(PHONE);
      await eventCard(page, EVENT.id).scrollIntoViewIfNeeded();
      await shoot(page, `data-doctor-card-${lang}-phone`);
      await page.setViewportSize(DESKTOP);
    }
    await switchLanguage(page, 'en');
    await cardLink('en').click();
    await section('en').waitFor();
    expect(new URL(page.url()).hash).toBe('#checks');
    problems.expectNone();
  });
});
