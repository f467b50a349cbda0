import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import {
  launchBrowser,
  waitForShellWorker,
  watchPage,
  type BrowserHandle,
  type PageProblems,
} from './browser';
import { copyState } from './device-copy-state';
import {
  DEMO_KEYS,
  PRINT_TEXT,
  PROXY_BASE,
  REGISTRATIONS_TEXT,
  SECTIONS_TEXT,
  TEXT,
  at,
  eventCardNames,
  signIn,
  signInAlpine,
  switchLanguage,
  type Lang,
} from './app';
import {
  countLine,
  countLineText,
  loadedText,
  menuButton,
  printedList,
  registrationCardList,
  registrationCards,
  settled,
  shoot,
  tableRows,
} from './steps';
import { LANGS, escapeRegExp, t, textPattern } from './texts';

/**
 * Race morning without a signal (README "Offline use on race morning"): on one Chromium
 * profile kept across launches, a promoter loads an event online and closes the laptop
 * (no sign-out: it wipes the copy). The next morning, offline, the app shell loads from the
 * service worker, sign-in checks the key against the encrypted copy on this device, and the
 * screens show the copy read only under the offline banner. A wrong key offline says so,
 * shows nothing and leaves the copy as it was.
 */

/** alpine, 45 registrations (src/mocks/data/catalog.ts: trickySmall). */
const EVENT = 1003;
const ROWS = 45;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The time of day as each language writes it: 9:05 AM, 09:05. */
const TIME = { en: '\\d{1,2}:\\d{2}(\\s?[AP]M)?', fr: '\\d{2}:\\d{2}' } as const;
const OFFLINE_TEXT = Object.fromEntries(
  LANGS.map((lang) => [
    lang,
    {
      wrongKey: t(lang, 'session:offline.wrongKey.title'),
      wrongKeyHelp: t(lang, 'session:offline.wrongKey.description'),
      /** "Offline — data as of 9:05 AM": the banner of data saved today. */
      banner: textPattern(lang, 'common:offline.asOfTime', { groups: { time: TIME[lang] } }),
      count: countLineText(lang, ROWS, ROWS),
    },
  ]),
) as Record<Lang, { wrongKey: string; wrongKeyHelp: string; banner: RegExp; count: string }>;
/** The offline banner's line in any language, as of a time or a day. */
const ANY_BANNER = new RegExp(
  LANGS.flatMap((lang) =>
    ['common:offline.asOfTime', 'common:offline.asOfDate'].map(
      (key) => `^${escapeRegExp(t(lang, key, { time: '', date: '' }))}`,
    ),
  ).join('|'),
);

/** Requests that cannot succeed offline: Chromium reports them as failed. */
const OFFLINE_FAILURES = [/net::ERR_INTERNET_DISCONNECTED/, /Failed to load resource/];

let profileDir: string;
let browser: BrowserHandle | undefined;
let page: Page;
let problems: PageProblems;

async function openBrowser(): Promise<void> {
  browser = await launchBrowser({ locale: 'en-US', userDataDir: profileDir });
  page = await browser.newPage();
  problems = watchPage(page);
}

/** Closed the way a promoter closes the laptop: no sign-out, the profile stays. */
async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/** The count line saying all 45 registrations are shown. */
function allShown(lang: Lang) {
  return countLine(page).filter({ hasText: OFFLINE_TEXT[lang].count });
}

/** The rows shown: the table's on a desktop, the cards on a phone. */
const rows = () => tableRows(page).or(registrationCards(page));

/** The offline banner: a live status under the header. */
function banner() {
  return page.getByRole('status').filter({ hasText: ANY_BANNER });
}

async function screenshot(name: string, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  // The layout at the new width: on the registrations screen, the table becomes cards on a phone.
  if ((await countLine(page).count()) > 0)
    await (viewport.width < 600 ? registrationCardList(page) : page.getByRole('grid')).waitFor();
  await settled(page);
  await shoot(page, name, { pointerAway: false });
}

/** Offline, at the sign-in form: the base URL is typed (config.json cannot be fetched offline). */
async function signInOffline(apiKey: string, lang: Lang): Promise<void> {
  await signIn(page, PROXY_BASE, apiKey, lang);
}

beforeAll(async () => {
  profileDir = await mkdtemp(join(tmpdir(), 'e2e-offline-sign-in-'));
});
afterEach(() => {
  problems?.expectNone(OFFLINE_FAILURES);
  problems?.clear();
});
afterAll(async () => {
  await closeBrowser();
  await rm(profileDir, { recursive: true, force: true });
});

describe('race morning without a signal', () => {
  it('online the day before: the event is loaded and kept on the device', async () => {
    await openBrowser();
    await signInAlpine(page);
    await waitForShellWorker(page);
    await page.goto(at(`/events/${EVENT}`));
    await page
      .getByRole('columnheader', { name: new RegExp(SECTIONS_TEXT.en.categoryColumn) })
      .first()
      .waitFor();
    await page.goto(at(`/events/${EVENT}/registrations`));
    await loadedText(page, 'en', ROWS).waitFor({ timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const state = await copyState(page);
          const kinds = state.recordKeys.map((key) => `${String(key[0])}/${String(key[1])}`);
          const saved = state.events.find((event) => event.eventId === EVENT);
          return (
            saved?.rows === ROWS && kinds.includes('all/events') && kinds.includes(`${EVENT}/categories`)
          );
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await closeBrowser();
  }, 90_000);

  it('offline: a wrong key says so and shows nothing, leaving the copy as it was', async () => {
    await openBrowser();
    await browser!.context.setOffline(true);
    await page.goto(at(`/events/${EVENT}/registrations`));
    await page.reload();
    // The shell loads from the service worker: the sign-in screen, not Chromium's offline page.
    await page.getByRole('heading', { level: 1, name: TEXT.en.signInTitle }).waitFor();
    const before = await copyState(page);
    expect(before.events.map((event) => event.eventId)).toContain(EVENT);

    for (const lang of ['en', 'fr'] as const) {
      if (lang === 'fr') await switchLanguage(page, 'fr');
      await signInOffline(`${DEMO_KEYS.alpine}-typo`, lang);
      const alert = page.getByRole('alert');
      await alert.getByText(OFFLINE_TEXT[lang].wrongKey, { exact: true }).waitFor();
      await alert.getByText(OFFLINE_TEXT[lang].wrongKeyHelp, { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/sign-in');
      expect(await rows().count()).toBe(0);
      expect(await countLine(page).count()).toBe(0);
      await expectNoAxeViolations(page, `offline wrong key (${lang})`);
      await screenshot(`offline-wrong-key-${lang}-desktop`, DESKTOP);
      await screenshot(`offline-wrong-key-${lang}-phone`, PHONE);
      await page.setViewportSize(DESKTOP);
    }
    // Nothing was discarded: the same events, the same records.
    expect(await copyState(page)).toEqual(before);
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(DEMO_KEYS.alpine);
    // The language choice is kept on the profile: back to English for the next launch.
    await switchLanguage(page, 'en');
    await closeBrowser();
  }, 90_000);

  it('offline: the right key signs in, the rows show from the copy under the offline banner', async () => {
    await openBrowser();
    await browser!.context.setOffline(true);
    await page.goto(at(`/events/${EVENT}/registrations`));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: TEXT.en.signInTitle }).waitFor();
    await signInOffline(DEMO_KEYS.alpine, 'en');

    await page.waitForURL((url) => url.pathname === `/events/${EVENT}/registrations`);
    await allShown('en').waitFor({ timeout: 30_000 });
    expect(await rows().count()).toBeGreaterThan(0);
    await banner().getByText(OFFLINE_TEXT.en.banner).waitFor();
    expect(
      await page
        .getByRole('button', { name: t('en', 'registrations:load.refresh'), exact: true })
        .isDisabled(),
    ).toBe(true);
    // Offline is not an error: no failed check for changes.
    expect(await page.getByText(t('en', 'registrations:load.refreshFailed')).count()).toBe(0);
    // The key is in sessionStorage only, as online.
    const stored = await page.evaluate(() => ({
      session: JSON.stringify({ ...sessionStorage }),
      local: JSON.stringify({ ...localStorage }),
    }));
    expect(stored.session).toContain(DEMO_KEYS.alpine);
    expect(stored.local).not.toContain(DEMO_KEYS.alpine);

    for (const lang of ['en', 'fr'] as const) {
      if (lang === 'fr') await switchLanguage(page, 'fr');
      await allShown(lang).waitFor();
      await banner().getByText(OFFLINE_TEXT[lang].banner).waitFor();
      await expectNoAxeViolations(page, `offline registrations (${lang})`);
      await screenshot(`offline-banner-registrations-${lang}-desktop`, DESKTOP);
      await screenshot(`offline-banner-registrations-${lang}-phone`, PHONE);
      await page.setViewportSize(DESKTOP);
    }
    await switchLanguage(page, 'en');

    // Exports and print work from the copy: the file is built in a worker the shell precached.
    const text = REGISTRATIONS_TEXT.en;
    const firstRow = await rows().first().innerText();
    const firstEmail = firstRow.match(/\S+@\S+/)?.[0] ?? '(no e-mail)';
    // A paid one: the check-in list leaves out the cancelled and refunded by default.
    const paidRow = await rows().filter({ hasText: text.status.paid }).first().innerText();
    const paidOrder = paidRow.match(/ORD-[\d-]+/)?.[0] ?? '(no order)';
    await menuButton(page, text.exportMenu).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: new RegExp(`^${text.presets.utf8}`) }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(csv).toContain(firstEmail);
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await menuButton(page, text.exportMenu).click();
    await page.getByRole('button', { name: new RegExp(`^${text.printList}`) }).click();
    await page.getByRole('dialog').getByRole('button', { name: PRINT_TEXT.en.print, exact: true }).click();
    const printed = printedList(page);
    await printed.getByRole('table', { includeHidden: true }).first().waitFor({ state: 'attached' });
    expect(await printed.textContent()).toContain(paidOrder);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));

    // The events list and the event page come from the copy too.
    await page.getByRole('link', { name: /^←/ }).click();
    await page
      .getByRole('columnheader', { name: new RegExp(SECTIONS_TEXT.en.categoryColumn) })
      .first()
      .waitFor();
    await page.getByRole('link', { name: /^←/ }).click();
    await eventCardNames(page).first().waitFor();
    await banner().getByText(OFFLINE_TEXT.en.banner).waitFor();

    // Back online: sync resumes by itself and the banner goes.
    await browser!.context.setOffline(false);
    await banner().waitFor({ state: 'detached' });
    await closeBrowser();
  }, 90_000);
});
