import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  EVENTS_TEXT,
  eventCard,
  eventCardNames,
  eventCards,
  eventNames,
  at,
  signInAlpine,
  switchLanguage,
  waitForEvents,
  type Lang,
  VIEWPORTS,
} from './app';
import { allRegistrations, expectCountLine, openRegistrations, shoot } from './steps';
import { LANGS, escapeRegExp, formatCount, parseCount, t, textPattern } from './texts';

/**
 * The events list's figures, as a promoter sees them after opening two events with the
 * background sync paused: their cards show the registrations and the share paid counted on
 * this device, each a link to exactly those rows; a card never opened says it is not counted
 * (never a false 0); the header adds up the upcoming events counted. Then the sync is resumed:
 * it counts the other events one at a time with its progress, the list staying usable and
 * nothing on it moving (layout shifts no input caused, on a phone), until every card shows its
 * figures. en/fr, 1366×900 desktop and 390×844 phone, axe clean.
 * Expected figures are recounted from the demo API's JSON with plain loops. Screenshots
 * `event-figures-<lang>-<desktop|phone>.png`, `event-figures-syncing.png`.
 */

const COUNTED = 1003; // past, 45 registrations
const UPCOMING_COUNTED = 1005; // upcoming, 420 registrations
const NEVER_OPENED = 1001;

/** The figures' texts (figures.json). */
function figuresText(lang: Lang) {
  return {
    registrations: (count: string) =>
      t(lang, 'figures:registrations', { count: parseCount(count), formatted: count }),
    paid: (share: string) => t(lang, 'figures:paidShare', { share }),
    notCounted: t(lang, 'figures:notCounted'),
    upcomingLabel: t(lang, 'figures:upcoming.label'),
    totals: (count: string, share: string) =>
      t(lang, 'figures:upcoming.totals', { count: parseCount(count), registrations: count, paid: share }),
    partial: (known: number, total: number) =>
      t(lang, 'figures:upcoming.partial', {
        known: formatCount(known, lang),
        total: formatCount(total, lang),
      }),
    complete: (total: number) =>
      t(lang, 'figures:upcoming.complete', { count: total, formatted: formatCount(total, lang) }),
    paused: (total: number) =>
      t(lang, 'figures:sync.paused', { done: formatCount(0, lang), total: formatCount(total, lang) }),
    syncLabel: t(lang, 'figures:sync.label'),
    syncing: (total: number) =>
      textPattern(lang, 'figures:sync.syncing', {
        groups: { current: '\\d+', total: escapeRegExp(formatCount(total, lang)) },
      }),
    progressLabel: t(lang, 'figures:sync.progressLabel'),
    pause: t(lang, 'figures:sync.pause'),
    resume: t(lang, 'figures:sync.resume'),
  };
}
const TEXT = { en: figuresText('en'), fr: figuresText('fr') };

const percent = (share: number, lang: Lang) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(share);
const count = formatCount;

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
/** Per event: its registrations and those paid, counted with plain loops from the API's JSON. */
const expected = new Map<number, { total: number; paid: number }>();

/** The event's registrations from the demo API, counted with a plain loop. */
async function countFigures(eventId: number): Promise<void> {
  let total = 0;
  let paid = 0;
  for (const registration of await allRegistrations(eventId)) {
    total++;
    if (registration.payment_status === 'paid') paid++;
  }
  expected.set(eventId, { total, paid });
}

const card = (eventId: number): Locator => eventCard(page, eventId);

/**
 * Starts adding up the page's layout shifts that no input caused (the promoter's own typing or
 * clicking moves things on purpose); the function returned stops and gives the sum, in
 * Cumulative Layout Shift's units (0.1 is where Lighthouse stops calling it good).
 */
async function watchLayoutShifts(): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const shifts: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    });
    observer.observe({ type: 'layout-shift' });
    Object.assign(window, {
      stopLayoutShifts: () => (observer.disconnect(), shifts.reduce((a, b) => a + b, 0)),
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { stopLayoutShifts: () => number }).stopLayoutShifts());
}

/** Opens an event's registrations until all are loaded (which counts them on the device). */
function openOnce(eventId: number): Promise<void> {
  return openRegistrations(page, eventId, { total: expected.get(eventId)!.total });
}

beforeAll(async () => {
  await Promise.all([countFigures(COUNTED), countFigures(UPCOMING_COUNTED)]);
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  // As a promoter who paused the background sync in this tab: only what they open is counted.
  await signInAlpine(page, undefined, { syncPaused: true });
  await openOnce(COUNTED);
  await openOnce(UPCOMING_COUNTED);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('the events list with the figures counted on this device', () => {
  for (const lang of LANGS) {
    for (const viewport of ['desktop', 'phone'] as const) {
      it(`shows them, links them to their rows and adds them up (${lang}, ${viewport})`, async () => {
        await page.setViewportSize(VIEWPORTS[viewport]);
        // A reload: the figures come from the encrypted copy, not from memory.
        await page.goto(at('/events'));
        await switchLanguage(page, lang);
        await waitForEvents(page, lang);
        const text = TEXT[lang];

        const counted = expected.get(COUNTED)!;
        const countedCard = card(COUNTED);
        const total = countedCard.getByRole('link', {
          name: text.registrations(count(counted.total, lang)),
          exact: true,
        });
        await total.waitFor();
        expect(await total.getAttribute('href')).toBe(`/events/${COUNTED}/registrations`);
        const paid = countedCard.getByRole('link', {
          name: text.paid(percent(counted.paid / counted.total, lang)),
          exact: true,
        });
        expect(await paid.getAttribute('href')).toBe(`/events/${COUNTED}/registrations?status=paid`);

        await expect.poll(() => card(NEVER_OPENED).textContent()).toContain(text.notCounted);
        expect(await card(NEVER_OPENED).getByRole('link').count()).toBe(1); // its name only

        const upcoming = expected.get(UPCOMING_COUNTED)!;
        const header = page.getByRole('region', { name: text.upcomingLabel, exact: true });
        await expect
          .poll(() => header.textContent())
          .toContain(text.totals(count(upcoming.total, lang), percent(upcoming.paid / upcoming.total, lang)));
        expect(await header.textContent()).toContain(text.partial(1, 5));
        // The sync, paused, says what it has left: every event but the two opened.
        const cards = await eventCardNames(page).count();
        await page.getByText(text.paused(cards - 2)).waitFor();

        // Nothing runs off a phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS[viewport].width,
        );
        await countedCard.scrollIntoViewIfNeeded();
        await shoot(page, `event-figures-${lang}-${viewport}`, { fullPage: true, pointerAway: false });
        await expectNoAxeViolations(page, `events list with figures (${lang}, ${viewport})`);

        // The share paid opens exactly the paid registrations.
        await paid.click();
        await page.waitForURL((url) => url.pathname === `/events/${COUNTED}/registrations`);
        await expectCountLine(page, lang, { shown: counted.paid, total: counted.total });
      });
    }
  }

  it('resumes the sync: it counts the other events one at a time, the list stays usable and still, and every card then shows its figures', async () => {
    // A phone: where the figures' lines wrap and a card's growth would move the most.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(at('/events'));
    await switchLanguage(page, 'en');
    await waitForEvents(page, 'en');
    const eventIds = await eventCards(page)
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => link.getAttribute('href') ?? '').filter((href) => /^\/events\/\d+$/.test(href)),
      )
      .then((hrefs) => [...new Set(hrefs)].map((href) => Number(href.slice('/events/'.length))));
    expect(eventIds.length).toBeGreaterThan(2);
    await Promise.all(eventIds.filter((id) => !expected.has(id)).map((id) => countFigures(id)));

    // Nothing moves while the sync counts: not the cards (each keeps its figures' two lines),
    // not the header's line (it stays once all are counted), not the list below the sync's
    // bar (which comes after the lists and stays at the bottom of the screen).
    let stopWatching = await watchLayoutShifts();
    let shifts = 0;
    const text = TEXT.en;
    await page.getByRole('button', { name: text.resume, exact: true }).click();
    const sync = page.getByRole('region', { name: text.syncLabel, exact: true });
    await sync.getByText(text.syncing(eventIds.length - 2)).waitFor();
    expect(await sync.getByRole('progressbar', { name: text.progressLabel }).count()).toBe(1);
    expect(await sync.getByRole('button', { name: text.pause, exact: true }).count()).toBe(1);
    await shoot(page, 'event-figures-syncing', { fullPage: true, pointerAway: false });
    await expectNoAxeViolations(page, 'events list while syncing');

    // The list stays usable: its search answers while the events are being synced.
    shifts += await stopWatching();
    const search = page.getByRole('searchbox', { name: EVENTS_TEXT.en.search });
    await search.fill('Trail');
    await expect.poll(async () => (await eventNames(page)).length).toBeLessThan(eventIds.length);
    expect((await eventNames(page)).every((name) => name.includes('Trail'))).toBe(true);
    await search.fill('');
    await expect.poll(async () => (await eventNames(page)).length).toBe(eventIds.length);
    stopWatching = await watchLayoutShifts();

    // Every event counted: the sync's bar goes, and each card shows its own recount.
    await sync.waitFor({ state: 'detached', timeout: 120_000 });
    shifts += await stopWatching();
    expect(shifts).toBeLessThan(0.01);
    for (const eventId of eventIds) {
      const { total } = expected.get(eventId)!;
      await card(eventId)
        .getByRole('link', { name: TEXT.en.registrations(count(total, 'en')), exact: true })
        .waitFor();
    }
    const header = page.getByRole('region', { name: TEXT.en.upcomingLabel, exact: true });
    // Its line stays, now for all five upcoming events.
    expect(await header.textContent()).toContain(TEXT.en.complete(5));
  });

  it('shows no console error or failed request', () => {
    problems.expectNone();
  });
});
