import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRegistration } from '@/mocks/data/types';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { at, eventCardNames, signInAlpine, switchLanguage, waitForEvents, type Lang, VIEWPORTS } from './app';
import { allRegistrations, openRegistrations, shoot } from './steps';
import { LANGS, formatCount, t } from './texts';

/**
 * The header's "Find a participant", by keyboard only: two events opened once (so their lists
 * are kept on the device), then on the events list, after a reload: Tab to the search (on a
 * phone, to its button, which opens it), type a participant's name, Down to the result, Enter:
 * the registrations screen of that participant's event opens with their details. The search
 * says how many of the account's events it searched. en/fr, 1366×900 desktop and 390×844
 * phone, axe clean with the results open. Screenshots `header-search-<lang>-<desktop|phone>.png`.
 */

const PAST = 1003; // 45 registrations
const UPCOMING = 1005; // 420 registrations

/** The search's texts: the field's (common.json, on the start-up script) and the results' (search.json). */
function searchText(lang: Lang) {
  return {
    field: t(lang, 'common:headerSearch.label'),
    toggle: t(lang, 'common:headerSearch.open'),
    results: t(lang, 'common:headerSearch.results'),
    scope: (total: number) => t(lang, 'search:scope.some', { count: 2, total: formatCount(total, lang) }),
    found: t(lang, 'search:count.all', { count: 1, formatted: formatCount(1, lang) }),
  };
}
const TEXT = { en: searchText('en'), fr: searchText('fr') };

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
/** Participants whose name is found once in the two events, one per test. */
let people: RawRegistration[] = [];
/** The account's events, as the events list shows them. */
let accountEvents = 0;

function openOnce(eventId: number, total: number): Promise<void> {
  return openRegistrations(page, eventId, { total });
}

/** Presses Shift+Tab until the `name`d control has the focus (from the language switch after it). */
async function tabTo(role: 'combobox' | 'button', name: string): Promise<void> {
  const target = page.getByRole(role, { name, exact: true });
  for (let presses = 0; presses < 6; presses++) {
    await page.keyboard.press('Shift+Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`Tab never reached the ${role} "${name}" (focus on ${focused})`);
}

beforeAll(async () => {
  const [past, upcoming] = await Promise.all([allRegistrations(PAST), allRegistrations(UPCOMING)]);
  const all = [...past, ...upcoming];
  const name = (row: RawRegistration) => `${row.first_name} ${row.last_name}`;
  const counts = new Map<string, number>();
  for (const row of all) counts.set(name(row), (counts.get(name(row)) ?? 0) + 1);
  people = all.filter((row) => counts.get(name(row)) === 1 && /^[\p{L}' -]+$/u.test(name(row))).slice(0, 4);
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  // The sync paused: only the two events opened are kept on the device.
  await signInAlpine(page, undefined, { syncPaused: true });
  accountEvents = await eventCardNames(page).count();
  await openOnce(PAST, past.length);
  await openOnce(UPCOMING, upcoming.length);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/**
 * The parts of the results' lines whose separator shows where it should not (at the start of a
 * row) or is hidden where it should show (between two parts of one row). Each part draws its
 * "·" in its ::before; the line clips the first separator-width of every row.
 */
function separatorsStartingARow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wrong: string[] = [];
    for (const line of document.querySelectorAll<HTMLElement>('.header-search__line')) {
      const style = getComputedStyle(line);
      // On a phone, the muted lines stack their parts without separators.
      if (style.flexDirection === 'column') continue;
      // What the line's clip hides on the left: "inset(0px 0px 0px 12px)", or none.
      const inset = /^inset\(([^)]*)\)$/.exec(style.clipPath)?.[1]?.split(/\s+/) ?? [];
      const visibleLeft =
        line.getBoundingClientRect().left + parseFloat(inset[3] ?? inset[1] ?? inset[0] ?? '0');
      let previousLeft = Infinity;
      for (const part of line.children) {
        const box = part.getBoundingClientRect();
        // A part that wrapped starts back at the left: not right of the part before it.
        const startsRow = box.left <= previousLeft;
        previousLeft = box.left;
        // The separator is the part's ::before, drawn from its left edge.
        const shown = getComputedStyle(part, '::before').content !== 'none' && box.left >= visibleLeft - 0.5;
        if (startsRow === shown)
          wrong.push(`${startsRow ? 'a row starts with "·"' : 'no "·"'}: ${part.textContent}`);
      }
    }
    return wrong;
  });
}

describe('finding a participant in every event from the header', () => {
  let test = 0;
  for (const lang of LANGS) {
    for (const viewport of ['desktop', 'phone'] as const) {
      it(`types a name, arrows to the result and opens its details, by keyboard (${lang}, ${viewport})`, async () => {
        const person = people[test++]!;
        const text = TEXT[lang];
        await page.setViewportSize(VIEWPORTS[viewport]);
        // A reload: the search reads the encrypted copy, not the screens' memory.
        await page.goto(at('/events'));
        await switchLanguage(page, lang);
        await waitForEvents(page, lang);
        // The language switch has the focus: the search is just before it.

        if (viewport === 'phone') {
          // The header's line keeps everything whole with the search's button, down to 360 px.
          await page.setViewportSize({ width: 360, height: 780 });
          // The header's line (the banner's layout box, no role of its own).
          const inner = page.getByRole('banner').locator('.app-header__inner');
          expect(await inner.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
          await shoot(page, `header-search-${lang}-phone-closed`, { pointerAway: false });
          await page.setViewportSize(VIEWPORTS.phone);
          await tabTo('button', text.toggle);
          await page.keyboard.press('Enter');
        } else await tabTo('combobox', text.field);
        const field = page.getByRole('combobox', { name: text.field, exact: true });
        await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);

        await page.keyboard.type(`${person.last_name} ${person.first_name}`);
        const results = page.getByRole('listbox', { name: text.results, exact: true });
        const option = results.getByRole('option').filter({ hasText: person.email });
        await option.waitFor();
        // The person also matches the shorter queries typed on the way: their results may show
        // first, then the last query's one result.
        await expect.poll(() => results.getByRole('option').count()).toBe(1);
        const summary = page.getByRole('banner').getByRole('status');
        await expect.poll(() => summary.textContent()).toContain(text.scope(accountEvents));
        expect(await summary.textContent()).toContain(text.found);
        expect(await option.textContent()).toContain(person.order_id);

        await page.keyboard.press('ArrowDown');
        expect(await option.getAttribute('aria-selected')).toBe('true');
        expect(await field.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
        // Nothing runs off a phone's screen, the results included.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS[viewport].width,
        );
        await shoot(page, `header-search-${lang}-${viewport}`, { pointerAway: false });
        await expectNoAxeViolations(page, `header search with results (${lang}, ${viewport})`);
        // A "·" separates the parts of a line, and never starts a row, however the line wraps.
        expect(await separatorsStartingARow(page)).toEqual([]);
        if (viewport === 'desktop') {
          // The results' popup (the listbox's box) made narrow: the lines wrap.
          await results.evaluate((list) => (list.parentElement!.style.width = '15rem'));
          expect(await separatorsStartingARow(page)).toEqual([]);
          await results.evaluate((list) => list.parentElement!.style.removeProperty('width'));
        }

        await page.keyboard.press('Enter');
        await page.waitForURL(
          (url) =>
            url.pathname === `/events/${person.event_id}/registrations` &&
            url.searchParams.get('open') === String(person.registration_id),
        );
        const details = page.getByRole('dialog');
        await details.waitFor();
        await expect.poll(() => details.textContent()).toContain(person.email);
        await page.keyboard.press('Escape');
      });
    }
  }

  it('shows no console error or failed request', () => {
    problems.expectNone();
  });
});
