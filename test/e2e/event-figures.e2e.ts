import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRegistration } from '@/mocks/data/types';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  EVENTS_TEXT,
  REGISTRATIONS_TEXT,
  apiGet,
  eventNames,
  at,
  signInAlpine,
  switchLanguage,
  waitForEvents,
  type Lang,
  SCREENSHOT_DIR,
  VIEWPORTS,
} from './app';

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

/** The figures' texts (src/i18n/locales/{en,fr}/figures.json). */
const TEXT = {
  en: {
    registrations: (count: string) => `${count} registrations`,
    paid: (share: string) => `${share} paid`,
    notCounted: 'Registrations not counted on this device yet.',
    upcomingLabel: 'Upcoming events',
    totals: (count: string, share: string) => `${count} registrations, ${share} paid`,
    partial: (known: number, total: number) => `In ${known} of the ${total} upcoming events below.`,
    complete: (total: number) => `In the ${total} upcoming events below.`,
    paused: (total: number) => `Sync paused: 0 of ${total} events counted.`,
  },
  fr: {
    registrations: (count: string) => `${count} inscriptions`,
    paid: (share: string) => `${share} payées`,
    notCounted: 'Inscriptions pas encore comptées sur cet appareil.',
    upcomingLabel: 'Événements à venir',
    totals: (count: string, share: string) => `${count} inscriptions, ${share} payées`,
    partial: (known: number, total: number) => `Dans ${known} des ${total} événements à venir ci-dessous.`,
    complete: (total: number) => `Dans les ${total} événements à venir ci-dessous.`,
    paused: (total: number) => `Synchronisation en pause : 0 événements sur ${total} comptés.`,
  },
} as const satisfies Record<Lang, unknown>;

const percent = (share: number, lang: Lang) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(share);
const count = (value: number, lang: Lang) => new Intl.NumberFormat(lang).format(value);

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
/** Per event: its registrations and those paid, counted with plain loops from the API's JSON. */
const expected = new Map<number, { total: number; paid: number }>();

/** Every page of the event's registrations from the demo API, counted with plain loops. */
async function recount(eventId: number): Promise<void> {
  let total = 0;
  let paid = 0;
  for (let pageNumber = 1; ; pageNumber++) {
    const { registrations } = await apiGet<{ registrations: RawRegistration[] }>(
      `/v1/events/${eventId}/registrations?page=${pageNumber}&per_page=500`,
    );
    if (registrations.length === 0) break;
    total += registrations.length;
    for (const registration of registrations) if (registration.payment_status === 'paid') paid++;
  }
  expected.set(eventId, { total, paid });
}

const card = (eventId: number): Locator =>
  page.locator('.event-card').filter({ has: page.locator(`a[href="/events/${eventId}"]`) });

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
async function openOnce(eventId: number): Promise<void> {
  const { total } = expected.get(eventId)!;
  await page.goto(at(`/events/${eventId}/registrations`));
  await page.getByText(REGISTRATIONS_TEXT.en.loaded(count(total, 'en'))).waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await Promise.all([recount(COUNTED), recount(UPCOMING_COUNTED)]);
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
  for (const lang of ['en', 'fr'] as const) {
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
        const cards = await page.locator('.event-card__name').count();
        await page.getByText(text.paused(cards - 2)).waitFor();

        // Nothing runs off a phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS[viewport].width,
        );
        await countedCard.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `event-figures-${lang}-${viewport}.png`),
          fullPage: true,
        });
        await expectNoAxeViolations(page, `events list with figures (${lang}, ${viewport})`);

        // The share paid opens exactly the paid registrations.
        await paid.click();
        await page.waitForURL((url) => url.pathname === `/events/${COUNTED}/registrations`);
        const shownText = page.getByText(
          lang === 'en'
            ? `${counted.paid} of ${counted.total} registrations match`
            : `${counted.paid} inscriptions sur ${counted.total} correspondent`,
        );
        await shownText.first().waitFor();
      });
    }
  }

  it('resumes the sync: it counts the other events one at a time, the list stays usable and still, and every card then shows its figures', async () => {
    // A phone: where the figures' lines wrap and a card's growth would move the most.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(at('/events'));
    await switchLanguage(page, 'en');
    await waitForEvents(page, 'en');
    const eventIds = await page
      .locator('.event-card a[href^="/events/"]')
      .evaluateAll((links) =>
        links.map((link) => link.getAttribute('href') ?? '').filter((href) => /^\/events\/\d+$/.test(href)),
      )
      .then((hrefs) => [...new Set(hrefs)].map((href) => Number(href.slice('/events/'.length))));
    expect(eventIds.length).toBeGreaterThan(2);
    await Promise.all(eventIds.filter((id) => !expected.has(id)).map((id) => recount(id)));

    // Nothing moves while the sync counts: not the cards (each keeps its figures' two lines),
    // not the header's line (it stays once all are counted), not the list below the sync's
    // bar (which comes after the lists and stays at the bottom of the screen).
    let stopWatching = await watchLayoutShifts();
    let shifts = 0;
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    const sync = page.getByRole('region', { name: 'Sync of your events', exact: true });
    await sync.getByText(new RegExp(`^Syncing \\d+ of ${eventIds.length - 2} events…$`)).waitFor();
    expect(await sync.getByRole('progressbar', { name: 'Events synced' }).count()).toBe(1);
    expect(await sync.getByRole('button', { name: 'Pause', exact: true }).count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'event-figures-syncing.png'), fullPage: true });
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
