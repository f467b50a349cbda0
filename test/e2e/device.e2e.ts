import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { signInAlpine, switchLanguage, type Lang } from './app';
import { copyState } from './device-copy-state';
import { loadedText, openRegistrations, pageOverflow, shoot } from './steps';
import { LANGS, escapeRegExp, t, textPattern } from './texts';

/**
 * "On this device": reached from the header with the keyboard, it lists the event whose
 * registrations were just kept on the device; "Keep for race day" says the browser's answer;
 * "Forget this device" asks, then wipes the copy. Axe in en/fr, light/dark, with the
 * confirmation open too; screenshots `device-<lang>-<scheme>-<desktop|phone>.png` (390 px
 * phone) in test-results/screenshots/.
 */

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
/** Alpine, 45 registrations. */
const EVENT = 1003;
const ROWS = 45;

const TITLE = { en: t('en', 'device:title'), fr: t('fr', 'device:title') } as const;
/** device.json's English texts. */
const device = (key: string) => t('en', `device:${key}`);

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
});
afterAll(async () => {
  await browser?.close();
});

async function screenshots(name: string, lang: Lang, colorScheme: 'light' | 'dark') {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await shoot(page, `${name}-${lang}-${colorScheme}-${size}`, { fullPage: true, pointerAway: false });
    const overflow = await pageOverflow(page);
    expect(overflow, `${name} ${lang} ${colorScheme} ${size}: sideways scroll`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe('"On this device"', () => {
  it('lists the event kept, reached from the header by keyboard; axe and screenshots in en/fr, light/dark', async () => {
    await signInAlpine(page);
    await openRegistrations(page, EVENT, { total: ROWS });
    await page.waitForFunction(
      async ([name, id]) => {
        const databases = await indexedDB.databases();
        if (!databases.some((database) => database.name === name)) return false;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(new Error('open failed'));
        });
        const found = await new Promise<unknown>((resolve) => {
          const request = db.transaction('events').objectStore('events').get(id);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(undefined);
        });
        db.close();
        return found !== undefined;
      },
      ['promoter-dashboard-device-copy', EVENT] as const,
    );

    // The header's link, with the keyboard only.
    await page.getByRole('link', { name: TITLE.en, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: TITLE.en }).waitFor();
    const table = page.getByRole('table', { name: device('events.title') });
    await table.waitFor();
    const row = table.getByRole('row').nth(1);
    expect(await row.getByRole('link').innerText()).not.toMatch(/^(Unnamed event \(#|Event #)/);
    expect(await row.innerText()).toContain(String(ROWS));
    await page
      .getByText(textPattern('en', 'device:storage.usage', { groups: { usage: '.*', quota: '.*' } }))
      .waitFor();

    for (const lang of LANGS) {
      await switchLanguage(page, lang);
      await page.getByRole('heading', { level: 1, name: TITLE[lang] }).waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.mouse.move(1, VIEWPORTS.desktop.height - 1);
        await expectNoAxeViolations(page, `on this device (${lang}, ${colorScheme})`);
        await screenshots('device', lang, colorScheme);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await switchLanguage(page, 'en');
    problems.expectNone();
  });

  it('"Keep for race day" says what the browser answered', async () => {
    const button = page.getByRole('button', { name: device('storage.keep') });
    if (await button.isVisible()) {
      await button.click();
      const answers = ['storage.granted', 'storage.declined'].map((key) => escapeRegExp(device(key)));
      await page.getByText(new RegExp(`^(${answers.join('|')})$`)).waitFor();
    } else {
      await page.getByText(device('storage.persisted'), { exact: true }).waitFor();
    }
  });

  it('"Forget this device" asks first, then wipes the copy; axe on the question', async () => {
    await page.getByRole('button', { name: device('forget.button') }).click();
    const dialog = page.getByRole('alertdialog', { name: device('forget.confirmTitle') });
    await dialog.waitFor();
    // Focus starts on "Cancel": Enter by habit does not forget.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(device('forget.cancel'));
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `forget this device? (en, ${colorScheme})`);
      await screenshots('device-forget-dialog', 'en', colorScheme);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText(device('forget.done'), { exact: true }).waitFor();
    await page.getByRole('heading', { name: device('forgotten.title') }).waitFor();
    expect((await copyState(page)).exists).toBe(false);
    await screenshots('device-forgotten', 'en', 'light');

    // The open screens keep working from memory.
    await page.getByRole('link', { name: t('en', 'common:appName') }).click();
    await page.goBack();
    await page.goBack();
    await loadedText(page, 'en', ROWS).first().waitFor();
    // This session saves nothing more, even after a reload of the tab: a save would follow the
    // load at once, so a second after it, still nothing (a wait for something not to happen).
    await page.reload();
    await loadedText(page, 'en', ROWS).first().waitFor();
    await page.waitForTimeout(1_000);
    expect((await copyState(page)).exists).toBe(false);
    problems.expectNone();
  });
});
