import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKey } from '@/lib/text-keys';
import type { RawRegistration } from '@/mocks/data/types';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  REGISTRATIONS_TEXT,
  at,
  formatCount,
  signInAlpine,
  switchLanguage,
  type Lang,
  VIEWPORTS,
} from './app';
import {
  countLine,
  countLineText,
  eventData,
  expectCountLine,
  openRegistrations,
  registrationCards,
  shoot,
  tableRows,
} from './steps';
import { t, textPattern } from './texts';

/**
 * The registrations screen's details side sheet, as a promoter uses it on event 1003 (45
 * registrations, orders of up to three people), en/fr, 1366×900 desktop and 390×844 phone
 * (cards): a row opens its details ("N of M", `?open=<id>`); Previous/Next and the Left/Right
 * keys follow the table's current sort and search and stop at its ends; "Also in this order"
 * opens the other people of the order; the order number filters the table on that order (a
 * removable chip); a deep link opens the sheet, or says the registration is not in the list;
 * Escape gives the focus back to the row that opened the sheet. Expectations come from the
 * demo API's JSON, fetched from Node. Axe on the open sheet; screenshots
 * `details-<lang>-<desktop|phone>.png`.
 */

const EVENT_ID = 1003;
type Viewport = keyof typeof VIEWPORTS;

/** The sheet's texts (registrations.json, `details`, `filters` and `cards`). */
function detailsText(lang: Lang) {
  const details = (key: string, values: Record<string, string | number> = {}) =>
    t(lang, `registrations:details.${key}`, values);
  return {
    navigation: details('navigation'),
    previous: details('previous'),
    next: details('next'),
    position: (position: number, total: number) =>
      details('position', { position: formatCount(position, lang), total: formatCount(total, lang) }),
    notInList: details('notInList'),
    sameOrder: (count: number) => details('sameOrder', { count }),
    orderLink: (order: string) => details('orderLink', { order }),
    orderChip: (order: string) => t(lang, 'registrations:filters.orderChip', { order }),
    removeOrder: (order: string) => t(lang, 'registrations:filters.removeOrder', { order }),
    notFound: (id: number) => details('notFound', { id }),
    sortLabel: t(lang, 'registrations:cards.sortBy'),
    descending: (column: string) => t(lang, 'registrations:cards.descending', { column }),
  };
}
const TEXT = { en: detailsText('en'), fr: detailsText('fr') };

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;

/** What the screens should show, from the API's JSON. */
interface Expected {
  registrations: RawRegistration[];
  /** The search typed: the last name of the first person of the largest order. */
  term: string;
  /** The registrations that search finds, highest ID first (the sort the test picks). */
  hits: RawRegistration[];
  /** The largest order's registrations, in the API's order; `order[0]` is one of `hits`. */
  order: RawRegistration[];
  /** An ID that is not one of the event's registrations. */
  missingId: number;
}
let expected: Expected;

const fullName = (registration: RawRegistration) =>
  `${registration.first_name.trim()} ${registration.last_name.trim()}`.trim();
const byIdDescending = (a: RawRegistration, b: RawRegistration) => b.registration_id - a.registration_id;

async function fetchExpected(): Promise<Expected> {
  const { categories, registrations } = await eventData(EVENT_ID);
  const byOrder = new Map<string, RawRegistration[]>();
  for (const registration of registrations) {
    byOrder.set(registration.order_id, [...(byOrder.get(registration.order_id) ?? []), registration]);
  }
  const order = [...byOrder.values()].reduce((largest, group) =>
    group.length > largest.length ? group : largest,
  );
  const term = order[0]!.last_name;
  // Everything the search could read in a row (its visible cells), folded as the app folds it.
  const categoryNames = new Map(
    categories.map((category) => [
      category.category_id,
      `${category.epr_nom_fr} ${category.epr_nom_en ?? ''}`,
    ]),
  );
  const haystack = (registration: RawRegistration) =>
    searchKey(
      [
        registration.registration_id,
        registration.first_name,
        registration.last_name,
        registration.email,
        registration.order_id,
        categoryNames.get(registration.category_id) ?? '',
        ...registration.custom_questions.map((answer) => answer.reponse),
      ].join(' '),
    );
  const needle = searchKey(term);
  const hits = registrations
    .filter((registration) => haystack(registration).includes(needle))
    .sort(byIdDescending);
  const ids = new Set(registrations.map((registration) => registration.registration_id));
  let missingId = EVENT_ID * 100_000 + 99_999;
  while (ids.has(missingId)) missingId += 1;
  return { registrations, term, hits, order, missingId };
}

beforeAll(async () => {
  expected = await fetchExpected();
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  await signInAlpine(page);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const sheet = () => page.getByRole('dialog');

/** The open sheet's parts. */
function sheetParts(lang: Lang) {
  const dialog = sheet();
  const navigation = dialog.getByRole('navigation', { name: TEXT[lang].navigation });
  return {
    dialog,
    heading: dialog.getByRole('heading', { level: 2 }),
    navigation,
    previous: navigation.getByRole('button', { name: TEXT[lang].previous, exact: true }),
    next: navigation.getByRole('button', { name: TEXT[lang].next, exact: true }),
  };
}

/** The sheet's links to the other people of its order, each named "Details of registration …". */
function sameOrderLinks(lang: Lang): Locator {
  return sheet().getByRole('link', {
    name: textPattern(lang, 'registrations:table.openDetails', { groups: { id: '\\d+', name: '.+' } }),
  });
}

/** The sheet shows this registration: its heading, its names and order in the fields. */
async function expectSheetOf(lang: Lang, registration: RawRegistration): Promise<void> {
  const { heading } = sheetParts(lang);
  await expect
    .poll(() => heading.innerText())
    .toBe(REGISTRATIONS_TEXT[lang].detailsTitle(registration.registration_id));
  const fields = await sheet()
    .locator('dl')
    .first()
    .evaluate((list) =>
      Object.fromEntries(
        [...list.querySelectorAll(':scope > div')].map((pair) => [
          pair.querySelector('dt')?.textContent ?? '',
          pair.querySelector('dd')?.textContent ?? '',
        ]),
      ),
    );
  const columns = REGISTRATIONS_TEXT[lang].columns;
  expect(fields[columns.registration_id]).toBe(String(registration.registration_id));
  expect(fields[columns.first_name]).toBe(registration.first_name);
  expect(fields[columns.last_name]).toBe(registration.last_name);
  expect(fields[columns.order_id]).toBe(registration.order_id);
}

/** The sheet says where this registration sits in the table: "2 of 4", or not in the list. */
async function expectPosition(lang: Lang, index: number, total: number): Promise<void> {
  const said = index < 0 ? TEXT[lang].notInList : TEXT[lang].position(index + 1, total);
  await sheetParts(lang).navigation.getByText(said, { exact: true }).waitFor();
}

/** Waits for the URL's query to say `want` (the view reaches the URL after a short pause). */
async function waitForQuery(want: Record<string, string | null>): Promise<void> {
  await page.waitForURL((url) =>
    Object.entries(want).every(([name, value]) => url.searchParams.get(name) === value),
  );
}

/** The registration IDs the table (or the phone's cards) shows, top to bottom. */
function shownIds(viewport: Viewport): Promise<number[]> {
  return viewport === 'desktop'
    ? tableRows(page).evaluateAll((rows) =>
        rows.map((row) => Number(row.querySelector('td[aria-colindex="1"]')?.textContent ?? '')),
      )
    : registrationCards(page).evaluateAll((cards) =>
        cards
          .sort((a, b) => Number(a.getAttribute('aria-posinset')) - Number(b.getAttribute('aria-posinset')))
          .map((card) => Number(/#(\d+)/.exec(card.textContent ?? '')?.[1] ?? 0)),
      );
}

/** The element a promoter clicks to open a registration: its ID in the table, its card on a phone. */
function opener(lang: Lang, viewport: Viewport, registration: RawRegistration): Locator {
  return viewport === 'desktop'
    ? page.getByRole('button', {
        name: `${REGISTRATIONS_TEXT[lang].openDetails(registration.registration_id)}${fullName(registration)}`,
        exact: true,
      })
    : registrationCards(page)
        .getByRole('button')
        .filter({ hasText: `#${registration.registration_id} ·` });
}

/** The registration whose row (or card) holds the focus; null when the focus is elsewhere. */
function focusedRegistration(): Promise<number | null> {
  return page.evaluate(() => {
    // A table row, or a phone's card (a list item placed in the list: aria-posinset).
    const holder = document.activeElement?.closest('tr[aria-rowindex], li[aria-posinset]');
    if (!holder) return null;
    const text = holder.matches('tr')
      ? (holder.querySelector('td')?.textContent ?? '')
      : (/#(\d+)/.exec(holder.textContent ?? '')?.[1] ?? '');
    return text === '' ? null : Number(text);
  });
}

/** Sorts by ID, highest first: the header's button on the desktop, the sort menu on a phone. */
async function sortByIdDescending(lang: Lang, viewport: Viewport): Promise<void> {
  const column = REGISTRATIONS_TEXT[lang].columns.registration_id;
  if (viewport === 'phone') {
    await page
      .getByLabel(TEXT[lang].sortLabel, { exact: true })
      .selectOption({ label: TEXT[lang].descending(column) });
  } else {
    const header = page.getByRole('grid').getByRole('columnheader').first();
    for (
      let clicks = 0;
      clicks < 3 && (await header.getAttribute('aria-sort')) !== 'descending';
      clicks += 1
    ) {
      await header.getByRole('button').click();
    }
    expect(await header.getAttribute('aria-sort')).toBe('descending');
  }
  await waitForQuery({ sort: '-registration_id' });
}

/** Opens event 1003's registrations (the page already in `lang`) and waits for all 45 rows. */
async function openEventRegistrations(lang: Lang, query = ''): Promise<void> {
  const total = expected.registrations.length;
  await openRegistrations(page, EVENT_ID, { query });
  await expectCountLine(page, lang, { shown: total, total });
}

describe(`registration details on event ${EVENT_ID}`, () => {
  it('the demo data has what the test needs: an order of three or more, and a search with several rows', () => {
    expect(expected.registrations).toHaveLength(45);
    expect(expected.order.length).toBeGreaterThanOrEqual(3);
    expect(expected.hits.length).toBeGreaterThanOrEqual(3);
    expect(expected.hits.map((hit) => hit.registration_id)).toContain(expected.order[0]!.registration_id);
  });

  for (const lang of ['en', 'fr'] as const) {
    for (const viewport of ['desktop', 'phone'] as const satisfies readonly Viewport[]) {
      it(`moves through the table's order, opens the order, deep links (${lang}, ${viewport})`, async () => {
        const { registrations, term, hits, order, missingId } = expected;
        const text = TEXT[lang];
        const total = registrations.length;
        await page.setViewportSize(VIEWPORTS[viewport]);
        await page.goto(at('/events'));
        await switchLanguage(page, lang);
        await openEventRegistrations(lang);

        // The table sorted by ID, highest first, and searched: the sheet follows both.
        await sortByIdDescending(lang, viewport);
        await page.getByLabel(REGISTRATIONS_TEXT[lang].search, { exact: true }).fill(term);
        await expectCountLine(page, lang, { shown: hits.length, total });
        const hitIds = hits.map((hit) => hit.registration_id);
        expect(await shownIds(viewport)).toEqual(hitIds);

        // 1. The first row opens its details: "1 of N", in the URL with the view.
        await opener(lang, viewport, hits[0]!).click();
        const { previous, next } = sheetParts(lang);
        await expectSheetOf(lang, hits[0]!);
        await expectPosition(lang, 0, hits.length);
        await waitForQuery({ open: String(hitIds[0]), q: term, sort: '-registration_id' });
        expect(await previous.isDisabled()).toBe(true);
        expect(await next.isEnabled()).toBe(true);

        // 2. The Right arrow goes down the table to its last row, where Next is disabled and
        // the arrow does nothing; the Left arrow goes back up to the first.
        const last = hits.length - 1;
        for (let index = 1; index <= last; index += 1) {
          await page.keyboard.press('ArrowRight');
          await expectSheetOf(lang, hits[index]!);
          await expectPosition(lang, index, hits.length);
        }
        await waitForQuery({ open: String(hitIds[last]), q: term, sort: '-registration_id' });
        expect(await next.isDisabled()).toBe(true);
        expect(await previous.isEnabled()).toBe(true);
        await page.keyboard.press('ArrowRight');
        await expectPosition(lang, last, hits.length);
        await expectSheetOf(lang, hits[last]!);
        for (let index = last - 1; index >= 0; index -= 1) {
          await page.keyboard.press('ArrowLeft');
          await expectSheetOf(lang, hits[index]!);
          await expectPosition(lang, index, hits.length);
        }
        expect(await previous.isDisabled()).toBe(true);
        await page.keyboard.press('ArrowLeft');
        await expectPosition(lang, 0, hits.length);
        await expectSheetOf(lang, hits[0]!);

        // The Next and Previous buttons do the same, each disabled at its end of the list.
        for (let index = 1; index <= last; index += 1) {
          await next.click();
          await expectSheetOf(lang, hits[index]!);
          await expectPosition(lang, index, hits.length);
          await waitForQuery({ open: String(hitIds[index]) });
        }
        expect(await next.isDisabled()).toBe(true);
        // Next, disabled at the end, keeps the focus: the arrows still work from it.
        expect(await next.evaluate((button) => button === document.activeElement)).toBe(true);
        await page.keyboard.press('ArrowLeft');
        await expectPosition(lang, last - 1, hits.length);
        await page.keyboard.press('ArrowRight');
        await expectPosition(lang, last, hits.length);
        for (let index = last - 1; index >= 1; index -= 1) {
          await previous.click();
          await expectSheetOf(lang, hits[index]!);
          await expectPosition(lang, index, hits.length);
        }
        expect(await previous.isEnabled()).toBe(true);

        // 6. Escape closes the sheet and gives the focus back to the row that opened it, not
        // to the row the sheet moved to.
        await page.keyboard.press('Escape');
        await sheet().waitFor({ state: 'detached' });
        await waitForQuery({ open: null, q: term });
        await expect.poll(focusedRegistration).toBe(hitIds[0]);

        // 3. The first person of the largest order: the others of the order are links.
        const first = order[0]!;
        const others = order.slice(1);
        await opener(lang, viewport, first).click();
        await expectSheetOf(lang, first);
        await expectPosition(lang, hitIds.indexOf(first.registration_id), hits.length);
        expect(
          await sheet()
            .getByRole('heading', { level: 3, name: text.sameOrder(others.length) })
            .count(),
        ).toBe(1);
        expect(await sameOrderLinks(lang).allInnerTexts()).toEqual(others.map(fullName));
        await expectNoAxeViolations(page, `registration details (${lang}, ${viewport})`);
        await shoot(page, `details-${lang}-${viewport}`);

        // Following one (each is named by its registration) opens that person's details, with
        // the focus on the sheet's title; the list then names the others.
        const other = others[others.length - 1]!;
        await sheet()
          .getByRole('link', {
            name: REGISTRATIONS_TEXT[lang].openDetails(other.registration_id) + fullName(other),
            exact: true,
          })
          .click();
        await waitForQuery({ open: String(other.registration_id), q: term });
        await expectSheetOf(lang, other);
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
          .toBe(await sheetParts(lang).heading.getAttribute('id'));
        await expectPosition(lang, hitIds.indexOf(other.registration_id), hits.length);
        expect(await sameOrderLinks(lang).allInnerTexts()).toEqual(
          order.filter((registration) => registration !== other).map(fullName),
        );

        // 4. The order number: the table filtered on that order, the search cleared, the sort kept.
        const orderId = other.order_id;
        await sheet()
          .getByRole('link', { name: text.orderLink(orderId), exact: true })
          .click();
        await waitForQuery({ order: orderId, open: null, q: null, sort: '-registration_id' });
        await sheet().waitFor({ state: 'detached' });
        const chip = page.getByRole('button', { name: text.removeOrder(orderId), exact: true });
        expect((await chip.innerText()).replace('✕', '').trim()).toBe(text.orderChip(orderId));
        await expectCountLine(page, lang, { shown: order.length, total });
        expect(await shownIds(viewport)).toEqual(
          [...order].sort(byIdDescending).map((registration) => registration.registration_id),
        );
        // Removing the chip shows everyone again.
        await chip.click();
        await expect.poll(() => countLine(page).innerText()).toBe(countLineText(lang, total, total));
        await waitForQuery({ order: null });
        expect(await chip.count()).toBe(0);
        expect((await shownIds(viewport)).slice(0, 3)).toEqual(
          [...registrations]
            .sort(byIdDescending)
            .slice(0, 3)
            .map((registration) => registration.registration_id),
        );

        // 5. A link to one registration opens its sheet at once, where it sits in the whole list.
        const lastOfAll = registrations[total - 1]!;
        await openEventRegistrations(lang, `?open=${lastOfAll.registration_id}`);
        await expectSheetOf(lang, lastOfAll);
        await expectPosition(lang, total - 1, total);
        expect(await sheetParts(lang).next.isDisabled()).toBe(true);
        await page.keyboard.press('Escape');
        await sheet().waitFor({ state: 'detached' });
        await waitForQuery({ open: null });

        // A link to a registration the event does not have says so, and its Close forgets it.
        await openEventRegistrations(lang, `?open=${missingId}`);
        // A live status says so.
        const notice = page.getByRole('status').filter({ hasText: text.notFound(missingId) });
        await notice.waitFor();
        expect(await sheet().count()).toBe(0);
        await notice
          .getByRole('button', { name: REGISTRATIONS_TEXT[lang].detailsClose, exact: true })
          .click();
        await waitForQuery({ open: null });
        expect(await notice.count()).toBe(0);
        problems.expectNone();
      }, 120_000);
    }
  }
});
