import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RawCategory, RawRegistration } from '@/mocks/data/types';
import {
  DEMO_KEYS,
  REGISTRATIONS_TEXT,
  SCREENSHOT_DIR,
  SECTIONS_TEXT,
  apiGet,
  at,
  switchLanguage,
} from './app';
import { LANGS, escapeRegExp, formatCount, t, textPattern, type Lang } from './texts';

/**
 * The steps the browser tests share: what a promoter does on the screens (open the
 * registrations of an event, read the count line, open a toolbar menu, take a screenshot), and
 * what the screens should show, read from the demo API's JSON in Node. Each takes the test's
 * page first; texts come from the locale files (texts.ts, app.ts).
 */

// ---------------------------------------------------------------------------------------------
// The demo API's answers, fetched from Node (not through the page): the tests' expectations.

export interface EventData {
  registrations: RawRegistration[];
  categories: RawCategory[];
}

/** Pages of the registrations asked for at once: a 100,000-registration event is 100 pages. */
const PAGES_AT_ONCE = 4;

/** Every registration of an event, straight from the demo API: pages of 1,000 from page 1. */
export async function allRegistrations(
  eventId: number,
  apiKey: string = DEMO_KEYS.alpine,
): Promise<RawRegistration[]> {
  const rows: RawRegistration[] = [];
  const page = (pageNumber: number) =>
    apiGet<{ registrations: RawRegistration[] }>(
      `/v1/events/${eventId}/registrations?page=${pageNumber}&per_page=1000`,
      apiKey,
    );
  for (let first = 1; first < 1_000; first += PAGES_AT_ONCE) {
    const pages = await Promise.all(Array.from({ length: PAGES_AT_ONCE }, (_, i) => page(first + i)));
    for (const { registrations } of pages) {
      rows.push(...registrations);
      // A short page is the last one (the ones asked after it are empty).
      if (registrations.length < 1_000) return rows;
    }
  }
  throw new Error(`no end to the pages of event ${eventId}`);
}

/** An event's registrations and categories, from the demo API. */
export async function eventData(eventId: number, apiKey: string = DEMO_KEYS.alpine): Promise<EventData> {
  const [registrations, { categories }] = await Promise.all([
    allRegistrations(eventId, apiKey),
    apiGet<{ categories: RawCategory[] }>(`/v1/events/${eventId}/categories`, apiKey),
  ]);
  return { registrations, categories };
}

/**
 * The statuses the README leaves out of the counts, the check-in list and the mailing (the
 * test's own statement of the rule, for its plain loops; the app has its own list).
 */
export const LEFT_OUT_STATUSES: ReadonlySet<string> = new Set(['cancelled', 'refunded']);

// ---------------------------------------------------------------------------------------------
// The registrations screen.

/**
 * Opens an event's registrations (with `query`, e.g. `?open=12`), on this viewport, in this
 * language, and waits until all `total` rows are loaded ("All 420 registrations loaded").
 */
export async function openRegistrations(
  page: Page,
  eventId: number,
  {
    lang,
    total,
    query = '',
    viewport,
  }: { lang?: Lang; total?: number; query?: string; viewport?: { width: number; height: number } } = {},
): Promise<void> {
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(at(`/events/${eventId}/registrations${query}`));
  if (lang) await switchLanguage(page, lang);
  if (total !== undefined) await loadedText(page, lang ?? 'en', total).waitFor({ timeout: 45_000 });
}

/** "All 25,000 registrations loaded": the load status once the whole list is there. */
export function loadedText(page: Page, lang: Lang, total: number): Locator {
  return page.getByText(REGISTRATIONS_TEXT[lang].loaded(formatCount(total, lang)), { exact: true });
}

/** "45 registrations", or "3 of 45 registrations match" once a search or a filter applies. */
export function countLineText(lang: Lang, shown: number, total: number, filtered = shown !== total): string {
  return filtered
    ? t(lang, 'registrations:shownFiltered', {
        shown: formatCount(shown, lang),
        total: formatCount(total, lang),
        count: shown,
      })
    : t(lang, 'registrations:shown', { total: formatCount(total, lang), count: total });
}

/** Any count line, in either language. */
const COUNT_LINE = new RegExp(
  LANGS.flatMap((lang) =>
    ['registrations:shown', 'registrations:shownFiltered'].flatMap((key) =>
      [1, 2].map((count) => textPattern(lang, key, { count }).source),
    ),
  ).join('|'),
);

/** The line that says how many registrations the screen shows (a live status). */
export function countLine(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: COUNT_LINE });
}

/** Waits until the count line says `shown` of `total` (filtered: "… match"). */
export async function expectCountLine(
  page: Page,
  lang: Lang,
  { shown, total, filtered = shown !== total }: { shown: number; total: number; filtered?: boolean },
): Promise<void> {
  await expect.poll(() => countLine(page).innerText()).toBe(countLineText(lang, shown, total, filtered));
}

/** "Registrations of <event>", in either language: the table's caption, the cards' list's name. */
const REGISTRATIONS_OF = new RegExp(
  LANGS.map((lang) => textPattern(lang, 'registrations:table.caption').source).join('|'),
);

/** The table's scroll box: a region named like the table ("Registrations of …"). */
export function tableRegion(page: Page): Locator {
  return page.getByRole('region', { name: REGISTRATIONS_OF });
}

/** The table's rows in its window (the top of the scroll), each row's cell texts as rendered. */
export function tableRows(page: Page): Locator {
  // The header row is a row of the grid too; the registrations' rows carry their position.
  return page
    .getByRole('grid')
    .getByRole('row')
    .and(page.locator('[aria-rowindex]'))
    .filter({
      has: page.getByRole('gridcell'),
    });
}

/** Each row's cell texts in the table's window, exactly as rendered. */
export function visibleRows(page: Page): Promise<string[][]> {
  return tableRows(page).evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
  );
}

/** The phone's list of registration cards, named like the table ("Registrations of …"). */
export function registrationCardList(page: Page): Locator {
  return page.getByRole('list', { name: REGISTRATIONS_OF });
}

/** The registrations' cards on a phone, one list item each. */
export function registrationCards(page: Page): Locator {
  return registrationCardList(page).getByRole('listitem');
}

/** The search box of the registrations screen. */
export function searchBox(page: Page, lang: Lang): Locator {
  return page.getByLabel(REGISTRATIONS_TEXT[lang].search, { exact: true });
}

/** Replaces the search at once (fill). */
export async function searchFor(page: Page, lang: Lang, q: string): Promise<void> {
  await searchBox(page, lang).fill(q);
}

/** Types like a fast typist (no pause between keys) and reads back what the box holds. */
export async function typeSearch(page: Page, lang: Lang, q: string): Promise<string> {
  const box = searchBox(page, lang);
  await box.fill('');
  await box.pressSequentially(q, { delay: 0 });
  return box.inputValue();
}

// ---------------------------------------------------------------------------------------------
// The toolbar's menus (a button with a popover).

/** The button of a toolbar menu: its name starts with the menu's label (a badge may follow). */
export function menuButton(page: Page, label: string): Locator {
  const name = new RegExp(`^${escapeRegExp(label)}`);
  // Only menu buttons say whether they are expanded (a column's sort button may share the name).
  return page
    .getByRole('button', { name, expanded: false })
    .or(page.getByRole('button', { name, expanded: true }));
}

/** The popover a menu button controls. */
export async function panelOf(button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  if (!id) throw new Error('menu button without aria-controls');
  return button.page().locator(`[id="${id}"]`);
}

/** Whatever popover menu is open now. */
export function openPanel(page: Page): Locator {
  return page.locator(':popover-open');
}

/** Opens or closes a toolbar menu (no-op when it already is); returns its button and panel. */
export async function setMenu(
  page: Page,
  label: string,
  open: boolean,
): Promise<{ button: Locator; panel: Locator }> {
  const button = menuButton(page, label);
  const panel = await panelOf(button);
  if ((await button.getAttribute('aria-expanded')) !== String(open)) await button.click();
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe(String(open));
  await expect.poll(() => panel.evaluate((element) => element.matches(':popover-open'))).toBe(open);
  return { button, panel };
}

/** Closes the open menu with Escape. */
export async function closeMenus(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => openPanel(page).count()).toBe(0);
}

/** A menu's checkbox option whose name starts with `label` (a count may follow). */
export function menuOption(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(label)}`) });
}

// ---------------------------------------------------------------------------------------------
// What goes to paper: laid out in the page for print media only, hidden from the screen and
// from its accessibility tree (no role to find it by), gone after the print dialog closes.

/** The check-in list being printed. */
export function printedList(page: Page): Locator {
  return page.locator('.print-list');
}

/** The label sheets being printed. */
export function printedLabels(page: Page): Locator {
  return page.locator('.label-sheets');
}

// ---------------------------------------------------------------------------------------------
// The event page.

/**
 * Opens an event's page on a full load (never a same-document hash change) and waits for the
 * final figures ("Computed from all 45 registrations.").
 */
export async function openEvent(
  page: Page,
  event: { id: number; total: number },
  { hash = '', lang = 'en' }: { hash?: string; lang?: Lang } = {},
): Promise<void> {
  await page.goto('about:blank');
  await page.goto(at(`/events/${event.id}${hash}`));
  await page
    .getByText(SECTIONS_TEXT[lang].computed(formatCount(event.total, lang)), { exact: true })
    .waitFor({ timeout: 45_000 });
}

// ---------------------------------------------------------------------------------------------
// Looking at the screens.

/**
 * A screenshot for a human to look at, into test-results/screenshots/: the pointer out of the
 * way (no hover styles), animations stopped; a full page is taken from the top (a scrolled page
 * would paint its sticky header mid-page).
 */
export async function shoot(
  page: Page,
  file: string,
  {
    fullPage = false,
    clip,
    pointerAway = true,
  }: {
    fullPage?: boolean;
    clip?: { x: number; y: number; width: number; height: number };
    /** false: the pointer stays where the test put it. */
    pointerAway?: boolean;
  } = {},
): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  if (pointerAway) await page.mouse.move(1, 1);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: join(SCREENSHOT_DIR, file.endsWith('.png') ? file : `${file}.png`),
    fullPage,
    clip,
    animations: 'disabled',
  });
}

/** How far the page is wider than the window (nothing may scroll the page sideways). */
export function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Fails when the page is wider than the window; wide content scrolls inside its own box. */
export async function expectNoPageOverflow(page: Page, label: string): Promise<void> {
  expect(await pageOverflow(page), `${label}: page wider than the window`).toBeLessThanOrEqual(0);
}

/** Two frames: what the browser lays out after a change is on screen. */
export function settled(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
