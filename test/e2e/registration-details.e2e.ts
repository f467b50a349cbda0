import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKey } from '@/lib/text-keys';
import type { RawCategory, RawRegistration } from '@/mocks/data/types';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  REGISTRATIONS_TEXT,
  apiGet,
  at,
  signInAlpine,
  switchLanguage,
  type Lang,
  SCREENSHOT_DIR,
  VIEWPORTS,
} from './app';

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

/** The sheet's texts (src/i18n/locales/{en,fr}/registrations.json, `details` and `filters`). */
const TEXT = {
  en: {
    previous: 'Previous',
    next: 'Next',
    position: (position: number, total: number) => `${position} of ${total}`,
    notInList: 'Not in the list as it is filtered.',
    sameOrder: (count: number) => `Also in this order (${count})`,
    orderLink: (order: string) => `All registrations of order ${order}`,
    orderChip: (order: string) => `Order ${order}`,
    removeOrder: (order: string) => `Remove the filter order ${order}`,
    notFound: (id: number) => `Registration ${id} is not in this event’s list.`,
    shown: (total: number) => `${total} registrations`,
    shownFiltered: (shown: number, total: number) =>
      `${shown} of ${total} registration${shown === 1 ? ' matches' : 's match'}`,
    sortLabel: 'Sort',
    descending: (column: string) => `${column} (Z → A, 9 → 1)`,
  },
  fr: {
    previous: 'Précédente',
    next: 'Suivante',
    position: (position: number, total: number) => `${position} sur ${total}`,
    notInList: 'Hors de la liste telle qu’elle est filtrée.',
    sameOrder: (count: number) => `Aussi dans cette commande (${count})`,
    orderLink: (order: string) => `Toutes les inscriptions de la commande ${order}`,
    orderChip: (order: string) => `Commande ${order}`,
    removeOrder: (order: string) => `Retirer le filtre commande ${order}`,
    notFound: (id: number) => `L’inscription ${id} n’est pas dans la liste de cet événement.`,
    shown: (total: number) => `${total} inscriptions`,
    shownFiltered: (shown: number, total: number) =>
      shown === 1
        ? `1 inscription sur ${total} correspond`
        : `${shown} inscriptions sur ${total} correspondent`,
    sortLabel: 'Trier',
    descending: (column: string) => `${column} (Z → A, 9 → 1)`,
  },
} as const satisfies Record<Lang, unknown>;

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
  const { categories } = await apiGet<{ categories: RawCategory[] }>(`/v1/events/${EVENT_ID}/categories`);
  const { registrations } = await apiGet<{ registrations: RawRegistration[] }>(
    `/v1/events/${EVENT_ID}/registrations?page=1&per_page=1000`,
  );
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
  await mkdir(SCREENSHOT_DIR, { recursive: true });
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
const countLine = () => page.locator('.registrations-count');

/** The open sheet's parts. */
function sheetParts(lang: Lang) {
  const dialog = sheet();
  return {
    dialog,
    heading: dialog.getByRole('heading', { level: 2 }),
    position: dialog.locator('.registration-details__position'),
    previous: dialog.getByRole('button', { name: TEXT[lang].previous, exact: true }),
    next: dialog.getByRole('button', { name: TEXT[lang].next, exact: true }),
  };
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
  await expect
    .poll(() => sheetParts(lang).position.innerText())
    .toBe(index < 0 ? TEXT[lang].notInList : TEXT[lang].position(index + 1, total));
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
    ? page
        .locator('.registrations-table tbody tr[aria-rowindex] td[aria-colindex="1"]')
        .allTextContents()
        .then((ids) => ids.map(Number))
    : page
        .locator('.registration-card')
        .evaluateAll((cards) =>
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
    : page.locator('.registration-card__button', { hasText: `#${registration.registration_id} ·` });
}

/** The registration whose row (or card) holds the focus; null when the focus is elsewhere. */
function focusedRegistration(): Promise<number | null> {
  return page.evaluate(() => {
    const holder = document.activeElement?.closest('tr[aria-rowindex], .registration-card');
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
    const header = page.locator('.registrations-table thead th[aria-colindex="1"]');
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

/** Opens event 1003's registrations in `lang` and waits for all 45 rows. */
async function openRegistrations(lang: Lang, query = ''): Promise<void> {
  await page.goto(at(`/events/${EVENT_ID}/registrations${query}`));
  await expect.poll(() => countLine().innerText()).toBe(TEXT[lang].shown(expected.registrations.length));
}

async function shoot(lang: Lang, viewport: Viewport): Promise<void> {
  await page.mouse.move(1, 1);
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `details-${lang}-${viewport}.png`),
    animations: 'disabled',
  });
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
        await openRegistrations(lang);

        // The table sorted by ID, highest first, and searched: the sheet follows both.
        await sortByIdDescending(lang, viewport);
        await page.getByLabel(REGISTRATIONS_TEXT[lang].search, { exact: true }).fill(term);
        await expect.poll(() => countLine().innerText()).toBe(text.shownFiltered(hits.length, total));
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
        const sameOrder = sheet().locator('.registration-details__order');
        expect(
          await sheet()
            .getByRole('heading', { level: 3, name: text.sameOrder(others.length) })
            .count(),
        ).toBe(1);
        expect(await sameOrder.getByRole('link').allInnerTexts()).toEqual(others.map(fullName));
        await expectNoAxeViolations(page, `registration details (${lang}, ${viewport})`);
        await shoot(lang, viewport);

        // Following one (each is named by its registration) opens that person's details, with
        // the focus on the sheet's title; the list then names the others.
        const other = others[others.length - 1]!;
        await sameOrder
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
        expect(await sameOrder.getByRole('link').allInnerTexts()).toEqual(
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
        await expect.poll(() => countLine().innerText()).toBe(text.shownFiltered(order.length, total));
        expect(await shownIds(viewport)).toEqual(
          [...order].sort(byIdDescending).map((registration) => registration.registration_id),
        );
        // Removing the chip shows everyone again.
        await chip.click();
        await expect.poll(() => countLine().innerText()).toBe(text.shown(total));
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
        await openRegistrations(lang, `?open=${lastOfAll.registration_id}`);
        await expectSheetOf(lang, lastOfAll);
        await expectPosition(lang, total - 1, total);
        expect(await sheetParts(lang).next.isDisabled()).toBe(true);
        await page.keyboard.press('Escape');
        await sheet().waitFor({ state: 'detached' });
        await waitForQuery({ open: null });

        // A link to a registration the event does not have says so, and its Close forgets it.
        await openRegistrations(lang, `?open=${missingId}`);
        const notice = page.locator('.registrations-notice');
        await expect.poll(() => notice.innerText()).toContain(text.notFound(missingId));
        expect(await notice.getAttribute('role')).toBe('status');
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
