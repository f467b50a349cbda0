import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawCategory, RawRegistration } from '@/mocks/data/types';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  SECTIONS_TEXT,
  at,
  parseCount,
  signInAlpine,
  switchLanguage,
  type EventSection,
  type Lang,
} from './app';
import {
  eventData,
  expectCountLine,
  expectNoPageOverflow as expectNoOverflow,
  shoot as shootPage,
} from './steps';
import { formatCount, t } from './texts';

/**
 * The event page's overview of the 45-registration event (every tricky
 * answer): figures computed from the demo API's JSON in Node, a number followed to the table,
 * axe in both languages, on a phone and in dark mode, screenshots for a human to look at.
 */

const EVENT = { id: 1003, total: 45 } as const;
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
  smallPhone: { width: 360, height: 740 },
} as const;

function overviewText(lang: Lang) {
  return {
    title: t(lang, 'insights:overview.title'),
    computed: (n: number) =>
      t(lang, 'insights:overview.computedFrom', { count: n, formatted: formatCount(n, lang) }),
    link: (n: number, what: string) =>
      t(lang, 'insights:overview.countLink', { count: n, formatted: formatCount(n, lang), what }),
    paid: t(lang, 'registrations:status.paid'),
    split: t(lang, 'insights:overview.questions.split'),
    keyFigures: t(lang, 'insights:overview.keyFigures'),
  };
}
const TEXT = { en: overviewText('en'), fr: overviewText('fr') };

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
let registrations: RawRegistration[];
let categories: RawCategory[];

beforeAll(async () => {
  ({ registrations, categories } = await eventData(EVENT.id));
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  await signInAlpine(page);
});
afterAll(async () => {
  await browser?.close();
});

const categoryName = (category: RawCategory, lang: Lang) =>
  (lang === 'fr' ? category.epr_nom_fr : category.epr_nom_en) ?? category.epr_nom_fr;
const paidIn = (categoryId: number) =>
  registrations.filter((r) => r.category_id === categoryId && r.payment_status === 'paid').length;

async function openOverview(lang: Lang): Promise<void> {
  await page.goto(at(`/events/${EVENT.id}`));
  await page.getByText(TEXT[lang].computed(EVENT.total), { exact: true }).waitFor();
}

/** Clicks a section's tab and waits for its panel (the tab's name starts with the section's). */
async function openSection(section: EventSection, lang: Lang): Promise<void> {
  const tab = page
    .getByRole('tablist', { name: SECTIONS_TEXT[lang].tablist, exact: true })
    .getByRole('tab', { name: new RegExp(`^${SECTIONS_TEXT[lang].tabs[section]}`) });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  await page.locator(`[role="tabpanel"]#event-panel-${section}`).waitFor();
}

/** A full-page screenshot, hover styles kept out. */
function shoot(name: string): Promise<void> {
  return shootPage(page, name, { fullPage: true });
}

/** Nothing may scroll the page sideways; a wide table scrolls inside its own box. */
function expectNoPageOverflow(label: string): Promise<void> {
  return expectNoOverflow(page, label);
}

/** The overview's region, named by its (hidden) heading. */
const overviewRegion = (lang: Lang) => page.getByRole('region', { name: TEXT[lang].title });

describe('event overview', () => {
  it('shows the figures in English, and a number opens the table with that count', async () => {
    await openOverview('en');
    expect(registrations).toHaveLength(EVENT.total);
    const overview = overviewRegion('en');
    // The key figures: a description list named by its aria-label (a <dl> has no role to find it by).
    const figures = await overview.locator(`dl[aria-label="${TEXT.en.keyFigures}"]`).innerText();
    expect(figures).toContain(String(EVENT.total));

    const first = categories[0]!;
    const paid = paidIn(first.category_id);
    const link = page.getByRole('link', {
      name: TEXT.en.link(paid, `${categoryName(first, 'en')}, ${TEXT.en.paid}`),
      exact: true,
    });
    expect(await link.innerText()).toBe(String(paid));
    await expectNoAxeViolations(page, 'overview (en, light)');
    await shoot('overview-en-light-desktop');

    // The answers are a section of their own: open its tab, then split a question by category.
    await openSection('answers', 'en');
    // Free text is private: the club question lists clubs given by 3 people or more, never a
    // licence number, and says why and where each answer is.
    const club = page.getByRole('region', { name: 'Club or licence number', exact: true });
    await club.getByText(t('en', 'insights:overview.questions.privacy', { min: 3 })).waitFor();
    expect(await club.locator('table').innerText()).not.toMatch(/\d{6}/);
    await expectNoAxeViolations(page, 'overview answers (en, light)');
    await page.getByRole('button', { name: TEXT.en.split, exact: true }).first().click();
    await shoot('overview-en-light-desktop-split');
    await expectNoAxeViolations(page, 'overview split by category (en, light)');

    await openSection('overview', 'en');
    await link.click();
    await page.waitForURL((url) => url.pathname === `/events/${EVENT.id}/registrations`);
    await expectCountLine(page, 'en', { shown: paid, total: EVENT.total });
    problems.expectNone();
  });

  it('shows the figures in French with French number formats, and its links work', async () => {
    await openOverview('en');
    await switchLanguage(page, 'fr');
    await page.getByText(TEXT.fr.computed(EVENT.total), { exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: TEXT.fr.title }).waitFor();
    await expectNoAxeViolations(page, 'overview (fr, light)');
    await shoot('overview-fr-light-desktop');

    const total = registrations.filter((r) => r.payment_status === 'paid').length;
    await page.getByRole('link', { name: TEXT.fr.link(total, TEXT.fr.paid), exact: true }).click();
    await expectCountLine(page, 'fr', { shown: total, total: EVENT.total });
    await switchLanguage(page, 'en');
    problems.expectNone();
  });

  it('fits 390 and 360 px phones in both languages, without widening the page', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    for (const lang of ['en', 'fr'] as const) {
      await openOverview('en');
      if (lang === 'fr') {
        await switchLanguage(page, 'fr');
        await page.getByText(TEXT.fr.computed(EVENT.total), { exact: true }).waitFor();
      }
      await expectNoAxeViolations(page, `overview (${lang}, phone)`);
      await expectNoPageOverflow(`${lang} phone`);
      await shoot(`overview-${lang}-light-phone`);
      // The narrowest phone the dashboard supports: still nothing wider than the window.
      await page.setViewportSize(VIEWPORTS.smallPhone);
      await expectNoPageOverflow(`${lang} 360 px`);
      await shoot(`overview-${lang}-light-phone-360`);
      await page.setViewportSize(VIEWPORTS.phone);
    }
    await switchLanguage(page, 'en');
    await page.setViewportSize(VIEWPORTS.desktop);
    problems.expectNone();
  });

  it('is accessible in dark mode', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openOverview('en');
    await expectNoAxeViolations(page, 'overview (en, dark)');
    await shoot('overview-en-dark-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await expectNoAxeViolations(page, 'overview (en, dark, phone)');
    await shoot('overview-en-dark-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.emulateMedia({ colorScheme: 'light' });
    problems.expectNone();
  });

  it('while loading, shows the figures so far, muted and said to be partial, accessibly', async () => {
    // Hold every page after the first of the 25,000-registration event (the load also asks for
    // page 0, to learn whether pages count from 0): the load stays under way.
    const held = '**/events/1001/registrations?**';
    await page.route(held, async (route) => {
      const pageNumber = Number(new URL(route.request().url()).searchParams.get('page'));
      if (pageNumber > 1) await new Promise((resolve) => setTimeout(resolve, 20_000));
      await route.continue().catch(() => undefined); // the page may be gone by then
    });
    await page.goto(at('/events/1001'));
    const state = page.getByRole('status').filter({ hasText: SECTIONS_TEXT.en.soFar });
    await state.waitFor();
    // "So far: 500 registrations loaded": the number the figures were computed from.
    const said = SECTIONS_TEXT.en.soFar.exec(await state.innerText());
    const soFar = parseCount(said?.slice(1).find((group) => group !== undefined) ?? '');
    expect(soFar).toBeGreaterThan(0);
    expect(soFar).toBeLessThan(25_000);
    const overview = page.getByRole('region', { name: TEXT.en.title });
    expect(await overview.getAttribute('aria-busy')).toBe('true');
    // The key figures count those rows, muted; nothing claims to be computed from all of them.
    const figures = overview.getByRole('definition').first();
    expect(parseCount(await figures.innerText())).toBe(soFar);
    // Muted: the class that mutes them (no role or state says so; aria-busy is the region's).
    expect(await overview.locator('.overview-figures--partial').count()).toBe(1);
    expect(await page.getByText(/^Computed from all/).count()).toBe(0);
    await expectNoAxeViolations(page, 'overview while loading (en)');
    await shoot('overview-en-light-loading');
    await page.unroute(held);
    await page.goto(at('/events'));
    problems.expectNone();
  });

  it('prints the figures without buttons', async () => {
    await openOverview('en');
    await page.emulateMedia({ media: 'print' });
    const visibleButtons = await overviewRegion('en')
      .getByRole('button', { includeHidden: true })
      .evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).offsetParent !== null).length);
    expect(visibleButtons).toBe(0);
    expect(await overviewRegion('en').getByRole('table').first().isVisible()).toBe(true);
    await shoot('overview-en-print');
    await page.emulateMedia({ media: 'screen' });
    problems.expectNone();
  });
});
