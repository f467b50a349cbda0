import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawCategory, RawRegistration } from '@/mocks/data/types';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  DEMO_KEYS,
  PRINT_TEXT,
  REGISTRATIONS_TEXT,
  SCREENSHOT_DIR,
  VIEWPORTS,
  formatCount,
  localized,
  signInAlpine,
  type Lang,
  NGINX,
} from './app';
import { PRINTABLE_EVENT, printedSize, readPrintableEvent, type TshirtQuestion } from './printable-event';
import { pdfLayoutPages, pdfPageCount, pdfToPngs, printToPdf } from './pdf';
import { LEFT_OUT_STATUSES, menuButton, openRegistrations, printedList, shoot } from './steps';
import { t } from './texts';

/**
 * The race-day check-in list of the 137-registration event, chosen in its dialog and printed
 * to PDF by Chromium, read back with pdftotext: every registration still paid for exactly
 * once with the T-shirt size the desk hands out, the cancelled and refunded ones left out
 * and said so on every page, in 5 pages or fewer by default; then balanced desks, each
 * starting a new page. The dialog is used with the keyboard and checked with axe, on a
 * laptop and a phone, in English and French.
 */
const EVENT = PRINTABLE_EVENT;
const OUT_DIR = join(process.cwd(), 'test-results');
const LEFT_OUT = LEFT_OUT_STATUSES;

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
let registrations: RawRegistration[];
let categories: RawCategory[];
/** The T-shirt question of the event, found in the API's answers. */
let tshirt: TshirtQuestion;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  ({ registrations, categories, tshirt } = await readPrintableEvent());
  // The real print dialog would block the page: count the calls instead; the document stays
  // in the page until an `afterprint`, which the test sends.
  await page.addInitScript(() => {
    const counted = window as Window & { printCalls?: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls = (counted.printCalls ?? 0) + 1;
    };
  });
  await signInAlpine(page, DEMO_KEYS.metropole, { syncPaused: true });
});
afterAll(async () => {
  await browser?.close();
});

const printCalls = () => page.evaluate(() => (window as Window & { printCalls?: number }).printCalls ?? 0);
const dialog = (lang: Lang) => page.getByRole('dialog', { name: PRINT_TEXT[lang].checkInTitle });

/** The registrations screen in `lang`, the whole list loaded and its categories named. */
async function openEventRegistrations(lang: Lang): Promise<void> {
  await openRegistrations(page, EVENT.id, { lang, total: EVENT.total });
  // The categories' names, not "Unknown category": the list prints them.
  await page
    .getByRole('grid')
    .getByText(localized(categories[0]!, 'epr_nom', lang), { exact: true })
    .first()
    .waitFor();
}

/** Opens the check-in list's dialog from the Export menu with the mouse. */
async function openDialog(lang: Lang): Promise<void> {
  await menuButton(page, REGISTRATIONS_TEXT[lang].exportMenu).click();
  await page.getByRole('button', { name: new RegExp(`^${REGISTRATIONS_TEXT[lang].printList}`) }).click();
  await dialog(lang).waitFor();
}

/** Prints what the dialog is set to, and the PDF's pages as text. */
async function printPdf(lang: Lang, name: string): Promise<{ file: string; pages: string[] }> {
  const before = await printCalls();
  await dialog(lang).getByRole('button', { name: PRINT_TEXT[lang].print, exact: true }).click();
  await dialog(lang).waitFor({ state: 'detached' });
  await printedList(page).getByRole('table', { includeHidden: true }).first().waitFor({ state: 'attached' });
  expect(await printCalls()).toBe(before + 1);
  const file = join(OUT_DIR, `check-in-list-${EVENT.id}-${name}.pdf`);
  await printToPdf(page, file);
  // The browser's print dialog "closes": the list leaves the page.
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await printedList(page).waitFor({ state: 'detached' });
  const pages = pdfLayoutPages(file);
  expect(pages).toHaveLength(pdfPageCount(file));
  return { file, pages };
}

/**
 * A printed line's cells: pdftotext -layout puts two spaces or more between columns, and
 * wraps right-to-left text in bidi embedding marks, which are not part of the name.
 */
const cellsOf = (line: string) =>
  line
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .split(/\s{2,}/);

/** How many printed lines hold exactly these cells, each one a whole cell. */
function linesWith(lines: readonly string[][], cells: readonly string[]): number {
  return lines.filter((line) => cells.every((cell) => line.includes(cell))).length;
}

/** The T-shirt answer as the printed cell shows it: the clean size, or as typed. */
const answerOf = (r: RawRegistration) =>
  printedSize(r.custom_questions.find((answer) => answer.que_id === tshirt.que_id)?.reponse);

describe(`the check-in list of event ${EVENT.id} (${EVENT.total} registrations)`, () => {
  it.each(['en', 'fr'] as const)(
    'by default: every registration still paid for exactly once, with the chosen T-shirt column, in 5 pages or fewer (%s)',
    NGINX,
    async (lang) => {
      const text = PRINT_TEXT[lang];
      await page.setViewportSize(VIEWPORTS.desktop);
      // A new session's choices: the defaults (the tab keeps the last ones until sign-out).
      await page.evaluate(() => sessionStorage.removeItem('promoter-dashboard.print-choices'));
      await openEventRegistrations(lang);
      await openDialog(lang);
      const box = dialog(lang);
      // The defaults: without the cancelled and refunded, the usual ranges, desks one after another.
      expect(await box.getByLabel(text.leaveOut).isChecked()).toBe(true);
      expect(await box.getByLabel(text.usualRanges).isChecked()).toBe(true);
      expect(await box.getByLabel(text.pagePerDesk).isChecked()).toBe(false);
      await expectNoAxeViolations(page, `check-in dialog (${lang}, desktop)`);
      await shoot(page, `print-dialog-${lang}-desktop`, { pointerAway: false });
      const column = localized(tshirt, 'que_question', lang);
      await box.getByLabel(column, { exact: true }).check();

      const { file, pages } = await printPdf(lang, `${lang}-default`);
      pdfToPngs(file, join(SCREENSHOT_DIR, `print-check-in-${lang}-page`), 2);
      expect(pages.length).toBeLessThanOrEqual(5);
      const kept = registrations.filter((r) => !LEFT_OUT.has(r.payment_status));
      const leftOut = registrations.length - kept.length;
      expect(leftOut).toBeGreaterThan(0);
      pages.forEach((sheet, index) => {
        const where = `page ${index + 1} of ${pages.length}`;
        expect(sheet, `${where}: event name`).toContain(EVENT.name);
        expect(sheet.trimEnd(), `${where}: page number`).toMatch(
          new RegExp(`(^|\\s)${index + 1} ?/ ?${pages.length}$`),
        );
        expect(sheet.replace(/\s+/g, ' '), `${where}: what is left out`).toContain(
          text.leftOut(formatCount(leftOut, lang)),
        );
        expect(sheet, `${where}: nothing of the app`).not.toContain(REGISTRATIONS_TEXT[lang].search);
      });
      const printed = pages.join('\n').split('\n').map(cellsOf);
      expect(
        printed.some((cells) => cells.includes(column)),
        'the T-shirt column’s title',
      ).toBe(true);
      // Each person on their own line: last name, first name, category, order and T-shirt
      // size, as many times as the API lists them (namesakes in one order are two people).
      const wrong = kept.flatMap((r) => {
        const cells = [
          r.last_name,
          r.first_name,
          r.order_id,
          localized(
            categories.find((c) => c.category_id === r.category_id)!,
            'epr_nom',
            lang,
          ),
          answerOf(r),
        ].filter((cell) => cell !== '');
        const expected = kept.filter(
          (other) =>
            other.last_name === r.last_name &&
            other.first_name === r.first_name &&
            other.order_id === r.order_id,
        ).length;
        const found = linesWith(printed, cells);
        return found === expected
          ? []
          : [`${r.registration_id} ${r.first_name} ${r.last_name}: ${found} lines`];
      });
      expect(wrong).toEqual([]);
      // The cancelled and refunded are not on paper (unless a namesake in the same order is).
      const printedLeftOut = registrations
        .filter((r) => LEFT_OUT.has(r.payment_status))
        .filter(
          (r) =>
            linesWith(printed, [r.last_name, r.first_name, r.order_id]) >
            kept.filter(
              (k) =>
                k.last_name === r.last_name && k.first_name === r.first_name && k.order_id === r.order_id,
            ).length,
        );
      expect(printedLeftOut.map((r) => r.registration_id)).toEqual([]);
      const status = REGISTRATIONS_TEXT[lang].status;
      expect(
        printed.some((cells) => cells.includes(status.cancelled) || cells.includes(status.refunded)),
      ).toBe(false);

      // Asked for, all 137 are printed, the cancelled and refunded with their status, still in 5 pages.
      await openDialog(lang);
      await dialog(lang).getByLabel(text.leaveOut).uncheck();
      const all = await printPdf(lang, `${lang}-all`);
      expect(all.pages.length).toBeLessThanOrEqual(5);
      const allLines = all.pages.join('\n').split('\n').map(cellsOf);
      const missing = registrations.filter(
        (r) =>
          linesWith(allLines, [
            r.last_name,
            r.first_name,
            r.order_id,
            REGISTRATIONS_TEXT[lang].status[r.payment_status],
          ]) === 0,
      );
      expect(missing.map((r) => r.registration_id)).toEqual([]);
      expect(all.pages.join('\n')).not.toContain(text.leftOut(formatCount(leftOut, lang)));
      problems.expectNone();
    },
  );

  it.each(['en', 'fr'] as const)(
    'by keyboard: three desks balanced by people, each on new pages, remembered after a reload (%s)',
    // It goes on from the choices the test before printed with: tagged as it is, so the two
    // always run together (CI runs the tagged tests only through nginx).
    NGINX,
    async (lang) => {
      const text = PRINT_TEXT[lang];
      await page.setViewportSize(VIEWPORTS.desktop);
      await openEventRegistrations(lang);
      // Escape cancels: nothing printed, focus back on the Export button.
      const exportButton = menuButton(page, REGISTRATIONS_TEXT[lang].exportMenu);
      await exportButton.focus();
      const openByKeyboard = async () => {
        await page.keyboard.press('Enter');
        // The menu moves the focus to its first item once the browser has shown it.
        await expect
          .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest(':popover-open'))))
          .toBe(true);
        for (let presses = 0; presses < 12; presses++) {
          const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
          if (focused.startsWith(REGISTRATIONS_TEXT[lang].printList)) break;
          await page.keyboard.press('ArrowDown');
        }
        await page.keyboard.press('Enter');
        await dialog(lang).waitFor();
      };
      await openByKeyboard();
      const before = await printCalls();
      await page.keyboard.press('Escape');
      await dialog(lang).waitFor({ state: 'detached' });
      expect(await exportButton.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await printCalls()).toBe(before);
      expect(await printedList(page).count()).toBe(0);

      await openByKeyboard();
      const box = dialog(lang);
      // The T-shirt column chosen in the last print is still ticked.
      expect(await box.getByLabel(localized(tshirt, 'que_question', lang), { exact: true }).isChecked()).toBe(
        true,
      );
      // The last print kept everyone (the test before): leave the cancelled and refunded out again.
      await box.getByLabel(text.leaveOut).check();
      // Tab to the desks' radio buttons (one Tab stop), the arrow key to "balanced", Tab to the number.
      const onRadio = () =>
        page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio');
      for (let presses = 0; presses < 20 && !(await onRadio()); presses++) await page.keyboard.press('Tab');
      if (!(await box.getByLabel(text.balanced).isChecked())) await page.keyboard.press('ArrowDown');
      expect(await box.getByLabel(text.balanced).isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      const count = box.getByLabel(text.deskCount);
      expect(await count.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('3');
      await page.keyboard.press('Tab');
      if (!(await box.getByLabel(text.pagePerDesk).isChecked())) await page.keyboard.press('Space');
      expect(await box.getByLabel(text.pagePerDesk).isChecked()).toBe(true);
      // The dialog shows each desk's people as the count changes.
      const desks = box.getByRole('list', { name: t(lang, 'registrations:printDialog.checkIn.deskLoads') });
      const preview = (await desks.getByRole('listitem').allInnerTexts()).flatMap((item) => {
        // "A–H: 45 people"; the names without a Latin initial have a desk of their own.
        const [, from, to, people] = /^([A-Z])–([A-Z]) ?: (\d[\d\s\u202f]*)/u.exec(item) ?? [];
        return from && to && people ? [{ from, to, people: Number(people.replace(/\D/g, '')) }] : [];
      });
      const kept = registrations.filter((r) => !LEFT_OUT.has(r.payment_status));
      expect(preview).toHaveLength(3);
      expect(preview[0]!.from).toBe('A');
      expect(preview[2]!.to).toBe('Z');
      // The test's own reading of a name's initial: its first letter without accent.
      const initial = (name: string) =>
        (/\p{L}/u.exec(name)?.[0] ?? '').normalize('NFD').charAt(0).toUpperCase();
      const latin = kept.filter((r) => /^[A-Z]$/.test(initial(r.last_name)));
      for (const desk of preview) {
        expect(desk.people, `${desk.from}–${desk.to}`).toBe(
          latin.filter((r) => desk.from <= initial(r.last_name) && initial(r.last_name) <= desk.to).length,
        );
      }
      // Balanced: no desk has twice another's people (the usual ranges give one desk 15 times another's).
      const loads = preview.map((desk) => desk.people);
      expect(Math.max(...loads)).toBeLessThan(2 * Math.min(...loads));
      await shoot(page, `print-dialog-balanced-${lang}-desktop`, { pointerAway: false });
      // Tab to "Print" and press Enter.
      const printButton = box.getByRole('button', { name: text.print, exact: true });
      for (
        let presses = 0;
        presses < 5 && !(await printButton.evaluate((b) => b === document.activeElement));
        presses++
      ) {
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Enter');
      await box.waitFor({ state: 'detached' });
      await printedList(page)
        .getByRole('table', { includeHidden: true })
        .first()
        .waitFor({ state: 'attached' });
      const file = join(OUT_DIR, `check-in-list-${EVENT.id}-${lang}-3-desks.pdf`);
      await printToPdf(page, file);
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      const pages = pdfLayoutPages(file);
      pdfToPngs(file, join(SCREENSHOT_DIR, `print-check-in-desks-${lang}-page`), 1);
      // Every page belongs to one desk of one category, named at its top: the desks' ranges
      // are the dialog's, and their people add up to the dialog's counts.
      const perDesk = new Map<string, number>();
      const sections = new Set<string>();
      pages.forEach((sheet, index) => {
        const ranges = new Set([...sheet.matchAll(text.letters)].map((match) => `${match[1]}–${match[2]}`));
        if (sheet.includes(text.otherLetters)) ranges.add('other');
        expect([...ranges], `page ${index + 1}`).toHaveLength(1);
        const range = [...ranges][0]!;
        const category = categories.find((c) => sheet.includes(localized(c, 'epr_nom', lang)));
        const section = `${category?.category_id} ${range}`;
        if (sections.has(section)) return; // the section goes on: counted on its first page
        sections.add(section);
        const people = Number(text.sectionCount.exec(sheet.replace(/\s+/g, ' '))?.[1] ?? Number.NaN);
        perDesk.set(range, (perDesk.get(range) ?? 0) + people);
      });
      perDesk.delete('other');
      expect(Object.fromEntries(perDesk)).toEqual(
        Object.fromEntries(preview.map((desk) => [`${desk.from}–${desk.to}`, desk.people])),
      );
      expect(pages.length).toBeGreaterThanOrEqual(sections.size);

      // The choices outlive a reload of the tab.
      await openEventRegistrations(lang);
      await openDialog(lang);
      expect(await box.getByLabel(text.balanced).isChecked()).toBe(true);
      expect(await box.getByLabel(text.deskCount).inputValue()).toBe('3');
      expect(await box.getByLabel(text.pagePerDesk).isChecked()).toBe(true);
      await box.getByRole('button', { name: text.cancel, exact: true }).click();
      await box.waitFor({ state: 'detached' });
      problems.expectNone();
    },
  );

  it.each(['en', 'fr'] as const)(
    'the dialog on a 390 px phone: whole, every choice in reach, axe (%s)',
    async (lang) => {
      await openRegistrations(page, EVENT.id, { lang, total: EVENT.total, viewport: VIEWPORTS.phone });
      await openDialog(lang);
      const box = dialog(lang);
      const size = await box.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      expect(size.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      expect(size.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
      // The fields scroll between the title and the buttons: the last choice and Print are reachable.
      const printButton = box.getByRole('button', { name: PRINT_TEXT[lang].print, exact: true });
      expect(await printButton.isVisible()).toBe(true);
      const last = box.getByLabel(PRINT_TEXT[lang].pagePerDesk);
      await last.scrollIntoViewIfNeeded();
      const lastBox = await last.boundingBox();
      const buttonBox = await printButton.boundingBox();
      expect(lastBox && buttonBox && lastBox.y + lastBox.height <= buttonBox.y).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.phone.width,
      );
      await box.evaluate((element) => element.querySelector('.form-dialog__body')?.scrollTo(0, 0));
      await expectNoAxeViolations(page, `check-in dialog (${lang}, phone)`);
      await shoot(page, `print-dialog-${lang}-phone`, { pointerAway: false });
      await box.getByRole('button', { name: PRINT_TEXT[lang].cancel, exact: true }).click();
      problems.expectNone();
    },
  );
});
