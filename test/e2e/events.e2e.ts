import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawCategory, RawEvent } from '@/mocks/data/types';
import { searchKey, searchTerms } from '@/lib/text-keys';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  ALPINE_EVENT,
  EVENTS_TEXT,
  PROXY_BASE,
  SECTIONS_TEXT,
  apiGet,
  at,
  eventCard,
  localized,
  eventNames,
  signInAlpine,
  switchLanguage,
  waitForEvents,
  type Lang,
} from './app';

/**
 * Issue "Events and event detail, fully bilingual": the list in both languages, the date
 * filters sent to the API, search, a deep link that survives a reload and the back button,
 * the detail with its categories, the "unavailable" page, and axe in en/fr, light/dark.
 * One tab signed in once for the whole file (the key lives in that tab's sessionStorage).
 */

const LARGE_MARATHON = 1001;
const TRAIL = 1002;
const ESCALADE = 1003;
const OTHER_PROMOTERS_EVENT = 1004;
const EVENTS_PATH = `${PROXY_BASE}/v1/events`;

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
/** The alpine promoter's events as the API sends them, by id. */
let apiEvents: Map<number, RawEvent>;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US' });
  page = await browser.newPage();
  problems = watchPage(page);
  const [list] = await Promise.all([apiGet<{ events: RawEvent[] }>('/v1/events'), signInAlpine(page)]);
  apiEvents = new Map(list.events.map((event) => [event.eve_id, event]));
});
afterAll(async () => {
  await browser?.close();
});

function apiEvent(id: number): RawEvent {
  const event = apiEvents.get(id);
  if (!event) throw new Error(`event ${id} is not in the alpine promoter's list`);
  return event;
}

/** `YYYY-MM-DD` as the app shows it (local calendar date, Intl in the UI language). */
function formatDate(isoDate: string, lang: Lang, dateStyle: 'long' | 'full' = 'long'): string {
  // A date-time without offset is local time, like the app's parseCalendarDate.
  return new Intl.DateTimeFormat(lang, { dateStyle }).format(new Date(`${isoDate}T00:00`));
}

/** The card of the event with exactly this name ("Trail des Aiguilles", not "… 2025"). */
function card(name: string): Locator {
  return eventCard(page, name);
}

/** A card's date and place: the paragraph under its name. */
function cardMeta(name: string): Promise<string> {
  return card(name).getByRole('paragraph').first().innerText();
}

/** Waits until the cards show exactly these names (in this order when `ordered`). */
async function expectCards(expected: readonly string[], ordered = false): Promise<void> {
  const sortedExpected = ordered ? [...expected] : [...expected].sort();
  await expect
    .poll(async () => {
      const names = await eventNames(page);
      return ordered ? names : names.sort();
    })
    .toEqual(sortedExpected);
}

/** Names of the API's events matching the client-side search the way the app does it. */
function searchNames(events: readonly RawEvent[], q: string): string[] {
  const terms = searchTerms(q);
  return events
    .filter((event) => {
      const haystack = [event.eve_nom_fr, event.eve_lieu_fr, event.eve_lieu_en]
        .map((field) => searchKey(field ?? ''))
        .join('\n');
      return terms.every((term) => haystack.includes(term));
    })
    .map((event) => event.eve_nom_fr);
}

async function filterInputs(lang: Lang = 'en') {
  const text = EVENTS_TEXT[lang];
  return {
    q: await page.getByLabel(text.search, { exact: true }).inputValue(),
    sort: await page.getByLabel(text.sort, { exact: true }).inputValue(),
    from: await page.getByLabel(text.from, { exact: true }).inputValue(),
    to: await page.getByLabel(text.to, { exact: true }).inputValue(),
  };
}

describe('events list', () => {
  it('shows name, place and date in English, then in French', async () => {
    await page.goto(at('/events'));
    await waitForEvents(page);
    const events = [...apiEvents.values()];
    await expectCards(events.map((event) => event.eve_nom_fr));

    for (const lang of ['en', 'fr'] as const) {
      await switchLanguage(page, lang);
      await waitForEvents(page, lang);
      for (const event of events) {
        const meta = await cardMeta(event.eve_nom_fr);
        expect(meta, `${event.eve_nom_fr} (${lang})`).toContain(formatDate(event.eve_date_debut, lang));
        expect(meta, `${event.eve_nom_fr} (${lang})`).toContain(localized(event, 'eve_lieu', lang));
      }
    }

    // The marathon, concretely: the English place has no accent, the date follows the language.
    const marathon = apiEvent(LARGE_MARATHON);
    const frMeta = await cardMeta(ALPINE_EVENT);
    expect(frMeta).toContain('Évian-les-Bains');
    expect(frMeta).toContain(formatDate(marathon.eve_date_debut, 'fr'));
    await switchLanguage(page, 'en');
    const enMeta = await cardMeta(ALPINE_EVENT);
    expect(enMeta).toContain('Evian-les-Bains');
    expect(enMeta).not.toContain('Évian');
    expect(enMeta).toContain(formatDate(marathon.eve_date_debut, 'en'));
    expect(formatDate(marathon.eve_date_debut, 'en')).not.toBe(formatDate(marathon.eve_date_debut, 'fr'));
    // No English name exists: the French one is marked as French for screen readers.
    expect(
      await card(ALPINE_EVENT).getByRole('heading', { level: 3 }).locator('[lang="fr"]').innerText(),
    ).toBe(ALPINE_EVENT);
    problems.expectNone();
  });

  it('sends the date filters to the API as start_date / end_date and shows what it returns', async () => {
    await page.goto(at('/events'));
    await waitForEvents(page);
    const requests: URL[] = [];
    const onRequest = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname === EVENTS_PATH) requests.push(url);
    };
    page.on('request', onRequest);
    try {
      const text = EVENTS_TEXT.en;
      // Folded at first: the date inputs are inside a closed <details>.
      const from = page.getByLabel(text.from, { exact: true });
      expect(await from.isVisible()).toBe(false);
      await page.locator('summary', { hasText: text.datesSummary }).click();
      await from.waitFor();

      // Bounds on two events' own start dates: the API's (inclusive) choice decides the edges.
      const start = apiEvent(LARGE_MARATHON).eve_date_debut;
      const end = apiEvent(TRAIL).eve_date_debut;
      await from.fill(start);
      await page.getByLabel(text.to, { exact: true }).fill(end);

      const filtered = await apiGet<{ events: RawEvent[] }>(`/v1/events?start_date=${start}&end_date=${end}`);
      const expected = filtered.events.map((event) => event.eve_nom_fr);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(apiEvents.size);
      await expectCards(expected);
      expect(expected).toContain(ALPINE_EVENT);

      const last = requests.at(-1);
      expect(last?.searchParams.get('start_date')).toBe(start);
      expect(last?.searchParams.get('end_date')).toBe(end);
      // Search and sort stay in the browser: never sent to the API.
      expect(requests.every((url) => !url.searchParams.has('q') && !url.searchParams.has('sort'))).toBe(true);
      // The URL follows the inputs after a short pause.
      await expect
        .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
        .toEqual({ from: start, to: end });
    } finally {
      page.off('request', onRequest);
    }
    problems.expectNone();
  });

  it('finds "Marathon du Lac Léman" by searching "evian" (accents ignored), in English and French', async () => {
    await page.goto(at('/events'));
    await waitForEvents(page);
    await page.getByLabel(EVENTS_TEXT.en.search, { exact: true }).fill('evian');
    await expectCards([ALPINE_EVENT]);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('evian');

    await switchLanguage(page, 'fr');
    await expectCards([ALPINE_EVENT]);
    expect(await page.getByLabel(EVENTS_TEXT.fr.search, { exact: true }).inputValue()).toBe('evian');
    // The English place name finds the event on a French screen too.
    await page.getByLabel(EVENTS_TEXT.fr.search, { exact: true }).fill('geneva');
    // The Escalade and its previous edition, both in Genève.
    await expectCards(searchNames([...apiEvents.values()], 'geneva'));
    expect(searchNames([...apiEvents.values()], 'geneva')).toContain(apiEvent(ESCALADE).eve_nom_fr);
    await switchLanguage(page, 'en');
    problems.expectNone();
  });

  it('keeps every keystroke typed at machine speed, and the URL follows after a pause', async () => {
    await page.goto(at('/events'));
    await waitForEvents(page);
    const historyLength = await page.evaluate(() => history.length);
    const search = page.getByLabel(EVENTS_TEXT.en.search, { exact: true });
    for (const query of ['marathon', 'marathon du lac', 'trail des aiguilles']) {
      await search.fill('');
      await search.pressSequentially(query, { delay: 0 });
      expect(await search.inputValue()).toBe(query);
      const expected = searchNames([...apiEvents.values()], query);
      expect(expected.length).toBeGreaterThan(0);
      await expectCards(expected);
      await page
        .getByRole('status')
        .filter({ hasText: `${expected.length} of ${apiEvents.size} events` })
        .waitFor();
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query);
    }
    // The URL is replaced, not pushed: no history entry per letter.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    problems.expectNone();
  });

  it('restores a deep link with filters after a reload, and after opening an event and going back', async () => {
    const from = apiEvent(ESCALADE).eve_date_debut;
    const q = 'de';
    const deepLink = `/events?from=${from}&q=${q}&sort=name`;
    const inApi = await apiGet<{ events: RawEvent[] }>(`/v1/events?start_date=${from}`);
    const expected = searchNames(inApi.events, q);
    expect(expected.length).toBeGreaterThanOrEqual(2);

    await page.goto(at(deepLink));
    await waitForEvents(page);
    await expectCards(expected);
    // A link that uses the date filters opens them.
    expect(await page.getByLabel(EVENTS_TEXT.en.from, { exact: true }).isVisible()).toBe(true);
    expect(await filterInputs()).toEqual({ q, sort: 'name', from, to: '' });
    const shown = await eventNames(page);
    // Sorted by name within each section (upcoming, then past).
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    // The sections: regions named by their title, each with its list of cards.
    const sections = page
      .getByRole('main')
      .getByRole('region')
      .filter({ has: page.getByRole('heading', { level: 3 }) });
    expect(await sections.count()).toBeGreaterThan(0);
    for (const section of await sections.all()) {
      const names = await section.getByRole('heading', { level: 3 }).allInnerTexts();
      expect(names).toEqual([...names].sort(collator.compare));
    }

    await page.reload();
    await waitForEvents(page);
    await expectCards(shown, true);
    expect(await filterInputs()).toEqual({ q, sort: 'name', from, to: '' });
    expect(page.url()).toBe(at(deepLink));

    // Open one event: the detail shows its categories with name and type.
    const trail = apiEvent(TRAIL);
    expect(shown).toContain(trail.eve_nom_fr);
    await page.getByRole('link', { name: trail.eve_nom_fr, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/events/${TRAIL}`);
    await page.getByRole('heading', { level: 1, name: trail.eve_nom_fr }).waitFor();
    await expectCategories(TRAIL, 'en');

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/events');
    expect(page.url()).toBe(at(deepLink));
    await waitForEvents(page);
    await expectCards(shown, true);
    expect(await filterInputs()).toEqual({ q, sort: 'name', from, to: '' });
    problems.expectNone();
  });
});

/**
 * The event page's categories, in the overview's table (the page has no separate list of
 * categories any more): one row per category of the API, in its order, each with its name in
 * `lang` and its type under it; after them only ids the event does not list, without a type.
 */
async function expectCategories(eventId: number, lang: Lang): Promise<void> {
  const text = SECTIONS_TEXT[lang];
  const { categories } = await apiGet<{ categories: RawCategory[] }>(`/v1/events/${eventId}/categories`);
  const table = page.getByRole('table', { name: text.categoriesCaption, exact: true });
  await table.waitFor();
  const headers = await table.locator('thead th').allInnerTexts();
  expect(headers.slice(0, 2)).toEqual([text.categoryColumn, text.totalColumn]);
  const rows = await table.locator('tbody th[scope="row"]').evaluateAll((ths) =>
    ths.map((th) => {
      // The type, in its own span after the name (no role of its own).
      const type = th.querySelector('.overview-category__type');
      const name = [...th.childNodes]
        .filter((node) => node !== type)
        .map((node) => node.textContent)
        .join('');
      return [name.trim(), type?.textContent?.trim() ?? null];
    }),
  );
  expect(rows.slice(0, categories.length)).toEqual(
    categories.map((category) => [
      localized(category, 'epr_nom', lang),
      localized(category, 'epr_type', lang),
    ]),
  );
  expect(rows.slice(categories.length).filter(([, type]) => type !== null)).toEqual([]);
}

describe('event detail', () => {
  it('shows the event and its categories in English and French', async () => {
    const marathon = apiEvent(LARGE_MARATHON);
    await page.goto(at(`/events/${LARGE_MARATHON}`));
    for (const lang of ['en', 'fr'] as const) {
      await switchLanguage(page, lang);
      await page.getByRole('heading', { level: 1, name: ALPINE_EVENT }).waitFor();
      // The date and the place, under the title: the page's first two definitions.
      const facts = (await page.getByRole('main').getByRole('definition').allInnerTexts())
        .slice(0, 2)
        .join('\n');
      expect(facts).toContain(formatDate(marathon.eve_date_debut, lang, 'full'));
      expect(facts).toContain(lang === 'en' ? 'Evian-les-Bains' : 'Évian-les-Bains');
      await expectCategories(LARGE_MARATHON, lang);
      await page.getByRole('link', { name: EVENTS_TEXT[lang].viewRegistrations, exact: true }).waitFor();
    }
    await switchLanguage(page, 'en');
    problems.expectNone();
  });

  it('says an unknown event and another promoter’s event are unavailable, the same way', async () => {
    const cases = [
      ['/events/999999', 'en'],
      [`/events/${OTHER_PROMOTERS_EVENT}`, 'en'],
      [`/events/${OTHER_PROMOTERS_EVENT}/registrations`, 'en'],
      [`/events/${OTHER_PROMOTERS_EVENT}`, 'fr'],
    ] as const;
    for (const [path, lang] of cases) {
      await switchLanguage(page, lang);
      await page.goto(at(path));
      const alert = page.getByRole('alert');
      await alert
        .getByRole('heading', { level: 1, name: EVENTS_TEXT[lang].unavailable, exact: true })
        .waitFor();
      await alert.getByRole('link', { name: EVENTS_TEXT[lang].unavailableAction, exact: true }).waitFor();
      // Nothing of the other promoter's event leaks into the page.
      expect(await page.locator('main').innerText()).not.toMatch(/Montréal/);
    }
    await switchLanguage(page, 'en');
    await page.getByRole('link', { name: EVENTS_TEXT.en.unavailableAction, exact: true }).click();
    await waitForEvents(page);
    // The API answers 404 for both: Chromium logs each one.
    problems.expectNone([/status of 404/]);
    problems.clear();
  });
});

describe('events: accessibility', () => {
  /** axe on the list and on the detail, in English and French, for one colour scheme. */
  async function checkScreens(target: Page, scheme: string): Promise<void> {
    expect(
      await target.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
      'colour scheme',
    ).toBe(scheme === 'dark');
    for (const lang of ['en', 'fr'] as const) {
      await target.goto(at('/events'));
      await switchLanguage(target, lang);
      await waitForEvents(target, lang);
      // With the date filters open: their hints and inputs are checked too.
      await target.locator('summary', { hasText: EVENTS_TEXT[lang].datesSummary }).click();
      await target.getByLabel(EVENTS_TEXT[lang].from, { exact: true }).waitFor();
      await expectNoAxeViolations(target, `events list (${lang}, ${scheme})`);

      await target.goto(at(`/events/${LARGE_MARATHON}`));
      await target.getByRole('heading', { level: 1, name: ALPINE_EVENT }).waitFor();
      await target.getByRole('table', { name: SECTIONS_TEXT[lang].categoriesCaption, exact: true }).waitFor();
      await expectNoAxeViolations(target, `event detail (${lang}, ${scheme})`);
    }
  }

  it('has no axe violations on the list and the detail, en/fr, in light', async () => {
    await checkScreens(page, 'light');
    await switchLanguage(page, 'en');
    problems.expectNone();
  });

  it('has no axe violations on the list and the detail, en/fr, in dark (colorScheme context)', async () => {
    const dark = await launchBrowser({ locale: 'en-US', colorScheme: 'dark' });
    try {
      const darkPage = await dark.newPage();
      const darkProblems = watchPage(darkPage);
      await signInAlpine(darkPage);
      await checkScreens(darkPage, 'dark');
      darkProblems.expectNone();
    } finally {
      await dark.close();
    }
  });
});
