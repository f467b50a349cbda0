import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRegistration } from '@/mocks/data/types';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { DEMO_KEYS, REGISTRATIONS_TEXT, apiGet, at, signInAlpine, switchLanguage, type Lang } from './app';

/**
 * The race-day check-in list, printed to PDF by Chromium and read back with pdftotext
 * (Debian's poppler-utils): every registration of the 137-row event is on paper, every page
 * has the event's name, its date and "page / pages", and nothing of the app is printed.
 */
const EVENT = { id: 1030, name: 'Foulées des Traboules', total: 137 } as const;
const OUT_DIR = join(process.cwd(), 'test-results');

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
let registrations: RawRegistration[];

beforeAll(async () => {
  await mkdir(OUT_DIR, { recursive: true });
  browser = await launchBrowser({ locale: 'en-US' });
  page = await browser.newPage();
  problems = watchPage(page);
  ({ registrations } = await apiGet<{ registrations: RawRegistration[] }>(
    `/v1/events/${EVENT.id}/registrations?page=1&per_page=1000`,
    DEMO_KEYS.metropole,
  ));
  expect(registrations).toHaveLength(EVENT.total);
  await signInAlpine(page, DEMO_KEYS.metropole);
});
afterAll(async () => {
  await browser?.close();
});

async function printToText(lang: Lang): Promise<string[]> {
  const text = REGISTRATIONS_TEXT[lang];
  await page.goto(at(`/events/${EVENT.id}/registrations`));
  await switchLanguage(page, lang);
  await page.getByText(text.loaded(String(EVENT.total)), { exact: true }).waitFor();
  // The real print dialog would block the page; the list stays mounted until it "closes".
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await page.locator('button.menu__button', { hasText: text.exportMenu }).click();
  await page.getByRole('button', { name: new RegExp(`^${text.printList}`) }).click();
  await page.locator('.print-list table').first().waitFor({ state: 'attached' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const file = join(OUT_DIR, `check-in-list-${EVENT.id}-${lang}.pdf`);
  await writeFile(file, pdf);
  const body = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return body.split('\f').filter((sheet) => sheet.trim() !== '');
}

describe(`the check-in list of event ${EVENT.id} (${EVENT.total} registrations)`, () => {
  it.each(['en', 'fr'] as const)(
    'prints every registration, with a header and a page number on every page (%s)',
    async (lang) => {
      const pages = await printToText(lang);
      expect(pages.length).toBeGreaterThan(1);
      pages.forEach((sheet, index) => {
        expect(sheet, `page ${index + 1}: event name`).toContain(EVENT.name);
        expect(sheet.trimEnd(), `page ${index + 1}: page number`).toMatch(
          new RegExp(`(^|\\s)${index + 1} / ${pages.length}$`),
        );
        expect(sheet, `page ${index + 1}: nothing of the app`).not.toContain(REGISTRATIONS_TEXT[lang].search);
      });
      // Every registration on its own line: last name, first name and order together.
      const lines = pages.join('\n').split('\n');
      const missing = registrations.filter(
        (r) =>
          !lines.some(
            (line) => line.includes(r.last_name) && line.includes(r.first_name) && line.includes(r.order_id),
          ),
      );
      expect(missing.map((r) => `${r.registration_id} ${r.first_name} ${r.last_name}`)).toEqual([]);
      problems.expectNone();
    },
  );
});
