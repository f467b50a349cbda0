import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  ALPINE_EVENT,
  EVENTS_TEXT,
  TEXT,
  at,
  signInAlpine,
  switchLanguage,
  waitForEvents,
  type Lang,
} from './app';
import { LANGS, t } from './texts';

/**
 * Keyboard and screen-reader users after a navigation: focus lands on the new screen's
 * heading (so Tab continues from there, not from the top of the page), the document title
 * names the screen, and neither happens on the first load or while typing in a filter.
 */

/** What the app calls itself: the end of every title. */
const appName = (lang: Lang) => t(lang, 'common:appName');

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US' });
  page = await browser.newPage();
  problems = watchPage(page);
  await signInAlpine(page);
});
afterAll(async () => {
  await browser?.close();
});

/** What has focus: tag, text and accessible label, to compare with what a user would expect. */
function focused(target: Page) {
  return target.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return `${element.tagName.toLowerCase()}: ${(label ?? element.textContent ?? '').trim()}`;
  });
}

async function expectFocus(expected: string): Promise<void> {
  await expect.poll(() => focused(page)).toBe(expected);
}

describe('focus and title after a navigation', () => {
  for (const lang of LANGS) {
    it(`moves focus to the heading and titles the screen (${lang})`, async () => {
      const text = EVENTS_TEXT[lang];
      const title = (screen: string) => `${screen} · ${appName(lang)}`;
      await switchLanguage(page, lang);

      // First load: focus stays where the browser puts it.
      await page.goto(at('/events'));
      await waitForEvents(page, lang);
      expect(await focused(page)).toBe('body');
      expect(await page.title()).toBe(title(TEXT[lang].eventsTitle));

      await page.getByRole('link', { name: ALPINE_EVENT, exact: true }).click();
      await expectFocus(`h1: ${ALPINE_EVENT}`);
      expect(await page.title()).toBe(title(ALPINE_EVENT));
      await page.keyboard.press('Tab');
      await expectFocus(`a: ${text.viewRegistrations}`);

      await page.getByRole('link', { name: text.back }).click();
      await expectFocus(`h1: ${TEXT[lang].eventsTitle}`);
      expect(await page.title()).toBe(title(TEXT[lang].eventsTitle));
      await page.keyboard.press('Tab');
      await expectFocus(`input: ${text.search}`);

      // Typing writes the URL (search params only): focus stays in the box.
      await page.keyboard.type('lac');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('lac');
      await expectFocus(`input: ${text.search}`);

      // The browser's back button is a navigation too.
      await page.goBack();
      await expectFocus(`h1: ${ALPINE_EVENT}`);
      expect(await page.title()).toBe(title(ALPINE_EVENT));
      problems.expectNone();
    });
  }
});
