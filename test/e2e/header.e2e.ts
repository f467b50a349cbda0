import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { TEXT, at, signInAlpine, switchLanguage, waitForEvents } from './app';
import { shoot } from './steps';
import { LANGS } from './texts';

/**
 * The sticky header on a phone: one line in both languages (it stays on screen while the
 * promoter scrolls, so every pixel of it is taken from the list), with sign-out still
 * reachable by name. PNGs go to test-results/screenshots/ for a human to look at.
 */

const PHONE = { width: 360, height: 740 } as const;
/** One line of controls: the 2.25 rem language buttons plus the header's padding and border. */
const ONE_LINE_MAX_PX = 60;

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US', viewport: PHONE });
  page = await browser.newPage();
  problems = watchPage(page);
});
afterAll(async () => {
  await browser?.close();
});

async function headerHeight(target: Page): Promise<number> {
  return target.getByRole('banner').evaluate((header) => header.getBoundingClientRect().height);
}

/** Top edges of the header's visible controls: all equal when they sit on one line. */
async function rowsOfControls(target: Page): Promise<number> {
  // Its links and buttons, and the demo's badge (a word, no role of its own).
  const tops = await target
    .getByRole('banner')
    .locator('a, button, .badge')
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.getBoundingClientRect().width > 0)
        .map((element) => {
          const box = element.getBoundingClientRect();
          return Math.round(box.top + box.height / 2);
        }),
    );
  return new Set(tops.map((middle) => Math.round(middle / 8))).size;
}

describe('header on a 360 px phone', () => {
  it('fits on one line, signed out and signed in, in English and French', async () => {
    const heights: Record<string, number> = {};
    await page.goto(at('/sign-in'));
    for (const lang of LANGS) {
      await switchLanguage(page, lang);
      await page.getByRole('heading', { level: 1, name: TEXT[lang].signInTitle }).waitFor();
      heights[`sign-in ${lang}`] = await headerHeight(page);
      expect(await rowsOfControls(page), `sign-in ${lang}`).toBe(1);
      await shoot(page, `header-sign-in-${lang}-360`, { pointerAway: false });
    }

    await switchLanguage(page, 'en');
    await signInAlpine(page);
    for (const lang of LANGS) {
      await switchLanguage(page, lang);
      await waitForEvents(page, lang);
      heights[`events ${lang}`] = await headerHeight(page);
      expect(await rowsOfControls(page), `events ${lang}`).toBe(1);
      // Sign-out is an icon on a phone, still named for screen readers and voice control.
      await page.getByRole('button', { name: TEXT[lang].signOut, exact: true }).waitFor();
      await shoot(page, `header-events-${lang}-360`, { pointerAway: false });
      await expectNoAxeViolations(page, `events at 360 px (${lang})`);
    }
    // The demo adds its badge: still one line, in the longer language.
    await page.getByRole('button', { name: TEXT.fr.signOut, exact: true }).click();
    await page.getByRole('button', { name: TEXT.fr.tryDemo, exact: true }).click();
    await waitForEvents(page, 'fr');
    await page.getByText(TEXT.fr.demoBadge, { exact: true }).waitFor({ state: 'attached' });
    heights['events fr, demo'] = await headerHeight(page);
    expect(await rowsOfControls(page), 'events fr, demo').toBe(1);
    await shoot(page, 'header-events-demo-fr-360', { pointerAway: false });
    await expectNoAxeViolations(page, 'events at 360 px (fr, demo)');

    // Desktop keeps the words.
    await page.setViewportSize({ width: 1280, height: 800 });
    const signOut = page.getByRole('button', { name: TEXT.fr.signOut, exact: true });
    expect(await signOut.getByText(TEXT.fr.signOut, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(TEXT.fr.demoBadge, { exact: true }).isVisible()).toBe(true);
    await shoot(page, 'header-events-demo-fr-1280', { pointerAway: false });
    await signOut.click();
    await page.getByRole('heading', { level: 1, name: TEXT.fr.signInTitle }).waitFor();

    console.log('header heights at 360 px:', heights);
    for (const [screen, height] of Object.entries(heights)) {
      expect(height, screen).toBeLessThanOrEqual(ONE_LINE_MAX_PX);
    }
    await switchLanguage(page, 'en');
    problems.expectNone();
  });
});
