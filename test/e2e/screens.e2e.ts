import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  DEMO_KEYS,
  PROXY_BASE,
  TEXT,
  at,
  signIn,
  switchLanguage,
  waitForEvents,
  waitForSignedOut,
  type Lang,
  SCREENSHOT_DIR,
} from './app';

/** PNGs for a human to look at (gitignored). */
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SCHEMES = ['light', 'dark'] as const;
const LANGS: Lang[] = ['en', 'fr'];

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * For each language and colour scheme: axe on the desktop layout (contrast differs per
 * scheme), then a full-page screenshot at desktop and phone sizes.
 */
async function checkScreen(
  screen: string,
  waitForScreen: (lang: Lang) => Promise<void>,
  options: { axe?: boolean } = {},
): Promise<void> {
  const overflows: string[] = [];
  for (const lang of LANGS) {
    await switchLanguage(page, lang);
    await waitForScreen(lang);
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(VIEWPORTS.desktop);
      // The pointer stays where the last click was; keep hover styles out of axe and the PNGs.
      await page.mouse.move(VIEWPORTS.phone.width - 1, VIEWPORTS.phone.height - 1);
      if (options.axe !== false) await expectNoAxeViolations(page, `${screen} (${lang}, ${colorScheme})`);
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `${screen}-${lang}-${colorScheme}-${name}.png`),
          fullPage: true,
          animations: 'disabled',
        });
        // Nothing may scroll sideways, least of all on a phone (reported after all screenshots).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) overflows.push(`${screen} ${lang} ${colorScheme} ${name}: ${overflow}px too wide`);
      }
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWPORTS.desktop);
  expect(overflows, 'horizontal overflow').toEqual([]);
}

describe('screens: accessibility and screenshots', () => {
  it('sign-in screen', async () => {
    await page.goto(at('/sign-in'));
    await checkScreen('sign-in', (lang) =>
      page.getByRole('heading', { level: 1, name: TEXT[lang].signInTitle }).waitFor(),
    );
    problems.expectNone();
  });

  it('events screen', async () => {
    await switchLanguage(page, 'en');
    await signIn(page, PROXY_BASE, DEMO_KEYS.alpine);
    await waitForEvents(page);
    await checkScreen('events', (lang) => waitForEvents(page, lang));
    await page.getByRole('button', { name: TEXT.fr.signOut, exact: true }).click();
    await waitForSignedOut(page, 'fr');
    problems.expectNone();
  });

  it('demo session (the header carries the demo badge)', async () => {
    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: TEXT.en.tryDemo, exact: true }).click();
    await waitForEvents(page);
    await page.getByText(TEXT.en.demoBadge, { exact: true }).waitFor();
    // Same screen and data as above: only the header differs, so screenshots and overflow only.
    await checkScreen('events-demo', (lang) => waitForEvents(page, lang), { axe: false });
    await expectNoAxeViolations(page, 'events-demo (fr, light)');
    await page.getByRole('button', { name: TEXT.fr.signOut, exact: true }).click();
    await waitForSignedOut(page, 'fr');
    problems.expectNone();
  });
});
