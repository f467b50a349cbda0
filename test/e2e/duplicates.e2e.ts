import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { z } from '@/lib/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countDuplicates,
  DUPLICATE_KINDS,
  type DuplicateCounts,
  duplicateGroups,
} from '@/features/registrations/insights/duplicate-groups';
import { registrationSchema } from '@/features/registrations/loader/schemas';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  SECTIONS_TEXT,
  apiGet,
  at,
  parseCount,
  signInAlpine,
  switchLanguage,
  type Lang,
  SCREENSHOT_DIR,
  VIEWPORTS,
} from './app';

/**
 * The event page's possible duplicates (`#duplicates`) of events 1001 (25,000 registrations)
 * and 1008 (650): the count of each kind the section shows is the one duplicateGroups finds in
 * the demo API's JSON, likely duplicates come first, the tab counts the likely ones, a row
 * opens its registration, and a dismissed group stays hidden after a reload. en/fr,
 * 1366×900 desktop and 390 px phone, axe, screenshots `duplicates-<event>-<lang>-<viewport>.png`.
 */

type Viewport = keyof typeof VIEWPORTS;
const EVENTS = [1008, 1001] as const;

const TEXT = {
  en: {
    kinds: {
      likely: 'Likely duplicates',
      possible: 'Namesakes to check',
      'shared-email': 'Shared e-mail addresses',
    },
    dismiss: 'Not a duplicate',
    restore: 'Restore',
    showDismissed: 'Show 1 dismissed group',
    open: /open the details$/,
  },
  fr: {
    kinds: {
      likely: 'Doublons probables',
      possible: 'Homonymes à vérifier',
      'shared-email': 'Adresses e-mail partagées',
    },
    dismiss: 'Pas un doublon',
    restore: 'Rétablir',
    showDismissed: 'Afficher le groupe écarté (1)',
    open: /ouvrir le détail$/,
  },
} as const satisfies Record<Lang, unknown>;

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
const expected = new Map<number, DuplicateCounts>();

/** Every registration of an event, page by page, as the app parses them. */
async function registrationsOf(eventId: number) {
  const all: unknown[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const { registrations } = await apiGet<{ registrations: unknown[] }>(
      `/v1/events/${eventId}/registrations?page=${pageNumber}&per_page=1000`,
    );
    all.push(...registrations);
    if (registrations.length < 1000) return z.array(registrationSchema).parse(all);
  }
}

beforeAll(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const eventId of EVENTS)
    expected.set(eventId, countDuplicates(duplicateGroups(await registrationsOf(eventId))));
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  await signInAlpine(page);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const region = (lang: Lang) =>
  page.getByRole('region', { name: SECTIONS_TEXT[lang].headings.duplicates, exact: true });

/** Opens the event's duplicates section and waits for its groups. */
async function openDuplicates(eventId: number): Promise<void> {
  await page.goto(at(`/events/${eventId}#duplicates`));
  // The final figures: every registration loaded and counted.
  await page.locator('section.overview[aria-busy="false"]').waitFor({ timeout: 90_000 });
  await page.locator('.overview-duplicates__counts').waitFor({ timeout: 60_000 });
  await page.locator('.overview-duplicates > li').first().waitFor({ timeout: 30_000 });
}

async function shoot(name: string, from = page.getByRole('tablist')): Promise<void> {
  await page.mouse.move(1, 1);
  // The tabs and the top of the section: the whole list of 25,000 registrations' groups
  // would be one tall blur.
  const box = await from.boundingBox();
  // The box is where it is in the window; the clip of a full-page picture is in the page.
  const scrolled = await page.evaluate(() => window.scrollY);
  const { width, height } = page.viewportSize() ?? VIEWPORTS.desktop;
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: true,
    clip: { x: 0, y: (box?.y ?? 0) + scrolled, width, height: height * 2 },
    animations: 'disabled',
  });
}

describe('possible duplicates', () => {
  for (const lang of ['en', 'fr'] as const) {
    for (const viewport of ['desktop', 'phone'] as const satisfies readonly Viewport[]) {
      it(`shows the counts of each kind, likely first (${lang}, ${viewport})`, async () => {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await page.goto(at('/events'));
        await switchLanguage(page, lang);
        for (const eventId of EVENTS) {
          await openDuplicates(eventId);
          const counts = expected.get(eventId)!;
          const section = region(lang);
          for (const kind of DUPLICATE_KINDS) {
            const figure = section.locator(`.overview-duplicates__count--${kind}`);
            expect(await figure.locator('dt').innerText(), `${eventId} ${kind}`).toBe(TEXT[lang].kinds[kind]);
            expect(parseCount(await figure.locator('dd').innerText()), `${eventId} ${kind}`).toBe(
              counts[kind],
            );
          }
          // The kinds' headings, in rank order: likely first (each shown when it has groups).
          const headings = await section.getByRole('heading', { level: 3 }).allInnerTexts();
          expect(headings).toEqual(
            DUPLICATE_KINDS.filter((kind) => counts[kind] > 0).map((kind) => TEXT[lang].kinds[kind]),
          );
          expect(counts.likely).toBeGreaterThan(0);
          // The tab counts the likely duplicates.
          const tab = page.getByRole('tab', { name: new RegExp(`^${SECTIONS_TEXT[lang].tabs.duplicates}`) });
          expect(parseCount(await tab.locator('.badge').innerText())).toBe(counts.likely);
          await expectNoAxeViolations(page, `duplicates of ${eventId} (${lang}, ${viewport})`);
          await shoot(`duplicates-${eventId}-${lang}-${viewport}`);
        }
        problems.expectNone();
      }, 240_000);
    }
  }

  it('opens a registration from its row, and keeps a dismissed group hidden after a reload', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(at('/events'));
    await switchLanguage(page, 'en');
    const eventId = 1008;
    await openDuplicates(eventId);
    const section = region('en');

    const link = section.getByRole('link', { name: TEXT.en.open }).first();
    const href = (await link.getAttribute('href')) ?? '';
    const id = /[?&]open=(\d+)/.exec(href)?.[1];
    expect(id, href).toBeDefined();
    // What the registrations screen says on the way: its 650 rows are built a moment after the
    // list is there, and meanwhile the registration is not missing.
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => {
        const text = document.body.textContent ?? '';
        if (text.includes('is not in this event’s list')) said.push('not in the list');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await link.click();
    await page.waitForURL(
      (url) => url.pathname === `/events/${eventId}/registrations` && url.searchParams.get('open') === id,
    );
    await page.getByRole('dialog', { name: `Registration ${id}`, exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([]);

    await openDuplicates(eventId);
    const firstGroup = section.locator('.overview-duplicates > li').first();
    const caption = (await firstGroup.locator('caption').innerText()).trim();
    const groupsBefore = await section.locator('.overview-duplicates > li').count();
    await firstGroup.getByRole('button', { name: new RegExp(`^${TEXT.en.dismiss}`) }).click();
    await expect.poll(() => section.locator('caption', { hasText: caption }).count()).toBe(0);

    await page.reload();
    await openDuplicates(eventId);
    expect(await section.locator('caption', { hasText: caption }).count()).toBe(0);
    const show = section.getByRole('button', { name: TEXT.en.showDismissed, exact: true });
    await show.click();
    expect(await section.locator('caption', { hasText: caption }).count()).toBe(1);
    await expectNoAxeViolations(page, 'a dismissed group shown');
    await shoot('duplicates-dismissed-en-desktop', section.getByRole('button', { name: /dismissed group/ }));
    await section.getByRole('button', { name: new RegExp(`^${TEXT.en.restore}`) }).click();
    await expect.poll(() => section.locator('.overview-duplicates > li').count()).toBe(groupsBefore);
    problems.expectNone();
  }, 120_000);
});
