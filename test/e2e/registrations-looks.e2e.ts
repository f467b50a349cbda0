import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortKey } from '@/lib/text-keys';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { REGISTRATIONS_TEXT, signInAlpine, switchLanguage } from './app';
import { LARGE, REGISTRATIONS_VIEWPORTS as VIEWPORTS } from './registrations-expected';
import {
  openPanel,
  openRegistrations,
  pageOverflow,
  registrationCards,
  setMenu,
  shoot,
  tableRegion,
  tableRows,
} from './steps';
import { LANGS, t } from './texts';

/**
 * The 25,000-registration event's screen as it looks, on a desktop and a 390 px phone, in
 * English and French, light and dark: screenshots (axe in dark too), nothing wider than the
 * screen; on the phone, cards in the page's scroll, sorted from a menu, opening the details,
 * and every toolbar menu inside the screen.
 */

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  await signInAlpine(page);
  await openRegistrations(page, LARGE.id, { lang: 'en', total: LARGE.total });
});
afterAll(async () => {
  await browser?.close();
});

describe(`how event ${LARGE.id}'s registrations look (25,000 rows)`, () => {
  it('screenshots: desktop and phone, en/fr, light/dark (axe in dark too)', async () => {
    const overflows: string[] = [];
    // An "Exported … rows" message: dismissed, to show the usual screen.
    const dismiss = page.getByRole('button', { name: t('en', 'registrations:export.dismiss'), exact: true });
    if (await dismiss.isVisible()) await dismiss.click();
    for (const lang of LANGS) {
      await switchLanguage(page, lang);
      await page.getByRole('heading', { level: 1, name: REGISTRATIONS_TEXT[lang].title }).waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize(VIEWPORTS.desktop);
        await page.mouse.move(VIEWPORTS.phone.width - 1, VIEWPORTS.phone.height - 1);
        if (colorScheme === 'dark') await expectNoAxeViolations(page, `registrations (${lang}, dark)`);
        for (const [name, viewport] of Object.entries(VIEWPORTS)) {
          await page.setViewportSize(viewport);
          // A phone scrolls the page through 25,000 cards: the shot is the screen, not the whole page.
          await shoot(page, `registrations-${lang}-${colorScheme}-${name}`, {
            fullPage: name === 'desktop',
            pointerAway: false,
          });
          const overflow = await pageOverflow(page);
          if (overflow > 0)
            overflows.push(`registrations ${lang} ${colorScheme} ${name}: ${overflow}px too wide`);
        }
      }
    }
    // The details panel and the export menu, once each (desktop and phone, English, light).
    await switchLanguage(page, 'en');
    await page.emulateMedia({ colorScheme: 'light' });
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      const opener =
        name === 'phone'
          ? registrationCards(page).first().getByRole('button')
          : tableRows(page).first().getByRole('button');
      await opener.click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, `registrations-details-en-light-${name}`, { pointerAway: false });
      await page.keyboard.press('Escape');
      await setMenu(page, REGISTRATIONS_TEXT.en.exportMenu, true);
      await shoot(page, `registrations-export-menu-en-light-${name}`, { pointerAway: false });
      await setMenu(page, REGISTRATIONS_TEXT.en.exportMenu, false);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(overflows, 'horizontal overflow').toEqual([]);
    problems.expectNone();
  });

  it('on a phone: cards in the page scroll, sorted from a menu, opening the details (en, fr)', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    try {
      for (const lang of LANGS) {
        await switchLanguage(page, lang);
        const cards = registrationCards(page);
        await cards.first().waitFor();
        expect(await tableRegion(page).count()).toBe(0);
        const shown = await cards.count();
        expect(shown).toBeGreaterThan(3);
        expect(shown).toBeLessThan(40);
        expect(await cards.first().getAttribute('aria-setsize')).toBe(String(LARGE.total));
        expect(await pageOverflow(page)).toBe(0);
        await expectNoAxeViolations(page, `registrations cards (${lang}, phone)`);
      }
      await switchLanguage(page, 'en');
      const sort = page.getByLabel(t('en', 'registrations:cards.sortBy'), { exact: true });
      await sort.selectOption('last_name:desc');
      // A card's name is its first line (no role of its own: the whole card is one button).
      const names = await registrationCards(page).locator('.registration-card__name').allTextContents();
      const lastNames = names.slice(0, 3).map((name) => name.split(' ').at(-1)!);
      expect(lastNames.map((name) => sortKey(name))).toEqual(
        [...lastNames]
          .map((name) => sortKey(name))
          .sort()
          .reverse(),
      );
      await sort.selectOption('');
      // Scrolling the page brings later cards in, still 25,000 in all.
      await page.mouse.wheel(0, 20_000);
      await expect
        .poll(async () => Number(await registrationCards(page).first().getAttribute('aria-posinset')))
        .toBeGreaterThan(50);
      await registrationCards(page).first().getByRole('button').click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.evaluate(() => window.scrollTo(0, 0));
    } finally {
      await page.setViewportSize(VIEWPORTS.desktop);
    }
    problems.expectNone();
  });

  it('opens every toolbar menu inside a phone screen (en, fr)', async () => {
    const offscreen: string[] = [];
    await page.setViewportSize(VIEWPORTS.phone);
    try {
      for (const lang of LANGS) {
        const text = REGISTRATIONS_TEXT[lang];
        await switchLanguage(page, lang);
        for (const label of [text.categoryMenu, text.statusMenu, text.columnsMenu, text.exportMenu]) {
          await setMenu(page, label, true);
          const box = await openPanel(page).boundingBox();
          if (!box) throw new Error(`no open panel for ${label}`);
          if (box.x < 0 || box.x + box.width > VIEWPORTS.phone.width) {
            offscreen.push(
              `${label} (${lang}): panel spans x ${Math.round(box.x)}..${Math.round(box.x + box.width)} of ${VIEWPORTS.phone.width}`,
            );
            await page.evaluate(() => window.scrollTo(0, 0));
            await shoot(page, `registrations-menu-offscreen-${lang}-${offscreen.length}-phone`, {
              pointerAway: false,
            });
          }
          await setMenu(page, label, false);
        }
      }
    } finally {
      await switchLanguage(page, 'en');
      await page.setViewportSize(VIEWPORTS.desktop);
    }
    // A panel cut off at the screen's edge hides its options: nothing scrolls it back into view.
    expect(offscreen, 'menu panels outside the phone screen').toEqual([]);
    problems.expectNone();
  });
});
