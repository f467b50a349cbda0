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
  localized,
  signInAlpine,
  type Lang,
} from './app';
import { PRINTABLE_EVENT, printedSize, readPrintableEvent, type TshirtQuestion } from './printable-event';
import { pdfPageCount, pdfPageSizes, pdfToPngs, pdfWords, printToPdf, type PdfPage } from './pdf';
import {
  LEFT_OUT_STATUSES,
  menuButton,
  openRegistrations,
  printedLabels,
  registrationCardList,
  shoot,
} from './steps';

/**
 * Label sheets of the 137-registration event, printed to PDF by Chromium and read back word
 * by word with their positions (pdftotext -bbox-layout): each word is placed in the label of
 * the maker's specification it falls in, so the test reads each label as a person would. Every
 * registration still paid for is on exactly one label with its name, category, order and
 * T-shirt size, in the check-in list's order; the labels before "start at" are blank; the
 * sheets are as many as ceil((n + start − 1) / labels per sheet). Two very long names, sent
 * by the API over HTTP, shrink and wrap without overflowing their label.
 */
const EVENT = PRINTABLE_EVENT;
const OUT_DIR = join(process.cwd(), 'test-results');
const LEFT_OUT = LEFT_OUT_STATUSES;
const INCH = 25.4;
const MM_PER_PT = INCH / 72;

/** The sheets as their makers specify them (Avery 3475, L7163, 5160), in mm: the test's own figures. */
const SHEETS = {
  'a4-3x8': { page: [210, 297], columns: 3, rows: 8, label: [70, 37], top: 0.5, left: 0, gapX: 0 },
  'a4-2x7': { page: [210, 297], columns: 2, rows: 7, label: [99.1, 38.1], top: 15.15, left: 4.65, gapX: 2.5 },
  'letter-3x10': {
    page: [8.5 * INCH, 11 * INCH],
    columns: 3,
    rows: 10,
    label: [2.625 * INCH, INCH],
    top: 0.5 * INCH,
    left: 0.1875 * INCH,
    gapX: 0.125 * INCH,
  },
} as const;
type SheetId = keyof typeof SHEETS;

/** Two real surnames of the longest kind, one with spaces and hyphens, one a single word. */
const LONG_NAMES = [
  {
    first_name: 'Marie-Ève Geneviève',
    last_name: 'Wolfeschlegelsteinhausenbergerdorff-Saint-Exupéry de la Tour',
  },
  { first_name: 'Hubert', last_name: 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft' },
] as const;

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
let registrations: RawRegistration[];
let categories: RawCategory[];
let tshirt: TshirtQuestion;
/** The registrations given a long name on their way from the API. */
let longIds: number[];

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  ({ registrations, categories, tshirt } = await readPrintableEvent());
  // Two paid registrations get the long names, in the test's list and on their way to the app.
  const paid = registrations.filter((r) => r.payment_status === 'paid');
  longIds = [paid[3]!.registration_id, paid[40]!.registration_id];
  const lengthen = <T extends { registration_id: number }>(r: T): T => {
    const index = longIds.indexOf(r.registration_id);
    return index < 0 ? r : { ...r, ...LONG_NAMES[index] };
  };
  registrations = registrations.map(lengthen);
  await page.route(`**/partner-api/v1/events/${EVENT.id}/registrations?*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { registrations: RawRegistration[] };
    await route.fulfill({ response, json: { ...body, registrations: body.registrations.map(lengthen) } });
  });
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await signInAlpine(page, DEMO_KEYS.metropole, { syncPaused: true });
});
afterAll(async () => {
  await browser?.close();
});

const dialog = (lang: Lang) => page.getByRole('dialog', { name: PRINT_TEXT[lang].labelsTitle });

async function openDialog(lang: Lang): Promise<void> {
  await openRegistrations(page, EVENT.id, { lang, total: EVENT.total });
  // The categories' names, not "Unknown category", in the table or the phone's cards.
  await page
    .getByRole('grid')
    .or(registrationCardList(page))
    .getByText(localized(categories[0]!, 'epr_nom', lang), { exact: true })
    .first()
    .waitFor();
  await menuButton(page, REGISTRATIONS_TEXT[lang].exportMenu).click();
  await page.getByRole('button', { name: new RegExp(`^${PRINT_TEXT[lang].labelsMenuItem}`) }).click();
  await dialog(lang).waitFor();
}

/** Text as compared: no spaces, no bidi marks, compatibility forms folded (Arabic presentation forms). */
const squeeze = (text: string) =>
  text.normalize('NFKC').replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
/** A label's identity whatever the order pdftotext reads its words in: its characters, sorted. */
const keyOf = (text: string) => [...squeeze(text)].sort().join('');

/** Each label of each page: its words' text in reading order, '' for a blank label. */
function readLabels(pages: readonly PdfPage[], sheet: SheetId): string[][] {
  const spec = SHEETS[sheet];
  return pages.map((pdfPage, index) => {
    const cells = Array.from({ length: spec.columns * spec.rows }, () => [] as string[]);
    for (const word of pdfPage.words) {
      const x = ((word.xMin + word.xMax) / 2) * MM_PER_PT;
      const y = ((word.yMin + word.yMax) / 2) * MM_PER_PT;
      const column = Math.floor((x - spec.left) / (spec.label[0] + spec.gapX));
      const row = Math.floor((y - spec.top) / spec.label[1]);
      const where = `page ${index + 1}, "${word.text}" at ${x.toFixed(1)}, ${y.toFixed(1)} mm`;
      // Every word lies on a label, inside its edges: none in a gap, a margin, or the next label.
      expect(column >= 0 && column < spec.columns && row >= 0 && row < spec.rows, where).toBe(true);
      const left = spec.left + column * (spec.label[0] + spec.gapX);
      const top = spec.top + row * spec.label[1];
      expect(word.xMin * MM_PER_PT, where).toBeGreaterThanOrEqual(left);
      expect(word.xMax * MM_PER_PT, where).toBeLessThanOrEqual(left + spec.label[0]);
      // Up and down, a word's box is its font's ascent and descent, taller than its letters
      // for a Chinese font: 1 mm of it may pass the edge with the ink inside.
      expect(word.yMin * MM_PER_PT, where).toBeGreaterThanOrEqual(top - 1);
      expect(word.yMax * MM_PER_PT, where).toBeLessThanOrEqual(top + spec.label[1] + 1);
      cells[row * spec.columns + column]!.push(word.text);
    }
    return cells.map((words) => words.join(' '));
  });
}

interface Case {
  lang: Lang;
  sheet: SheetId;
  startAt: number;
}

const CASES: Case[] = [
  { lang: 'en', sheet: 'a4-3x8', startAt: 5 },
  { lang: 'en', sheet: 'letter-3x10', startAt: 1 },
  { lang: 'fr', sheet: 'a4-2x7', startAt: 14 },
  { lang: 'fr', sheet: 'a4-3x8', startAt: 24 },
];

describe(`labels of event ${EVENT.id}`, () => {
  it.each(CASES)(
    '$sheet from label $startAt ($lang): each person once, in order, as many sheets as computed, nothing overflowing',
    async ({ lang, sheet, startAt }) => {
      const text = PRINT_TEXT[lang];
      const spec = SHEETS[sheet];
      const perSheet = spec.columns * spec.rows;
      await page.setViewportSize(VIEWPORTS.desktop);
      await openDialog(lang);
      const box = dialog(lang);
      expect(await box.getByLabel(text.leaveOut).isChecked()).toBe(true);
      await box.getByLabel(text.sheets[sheet], { exact: true }).check();
      for (const field of ['name', 'category', 'order'] as const) {
        await box.getByLabel(text.fields[field], { exact: true }).check();
      }
      const question = localized(tshirt, 'que_question', lang);
      await box.getByLabel(text.answer).selectOption({ label: question });
      await box.getByLabel(text.startAt).fill(String(startAt));
      const kept = registrations.filter((r) => !LEFT_OUT.has(r.payment_status));
      const sheets = Math.ceil((kept.length + startAt - 1) / perSheet);
      await box.getByText(text.labelsSummary(kept.length, sheets), { exact: true }).waitFor();
      if (startAt === 1 || sheet === 'a4-2x7') {
        await expectNoAxeViolations(page, `labels dialog (${lang}, desktop)`);
        await shoot(page, `labels-dialog-${lang}-desktop`, { pointerAway: false });
      }
      await box.getByRole('button', { name: text.print, exact: true }).click();
      await box.waitFor({ state: 'detached' });
      await printedLabels(page).locator('.label-sheet').first().waitFor({ state: 'attached' });

      // Laid out for paper: no label's content is wider or taller than the label, and no
      // name is cut; the long names are printed smaller than the others.
      await page.emulateMedia({ media: 'print' });
      const measured = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.label-sheet__label')].map((label) => {
          const name = label.querySelector<HTMLElement>('.label-sheet__name');
          // The lines from the first one's top to the last one's bottom, against the room
          // inside the padding (content pushed past the top would not count in scrollHeight).
          const lines = [...label.children].map((child) => child.getBoundingClientRect());
          const style = getComputedStyle(label);
          const room =
            label.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
          const used = lines.length === 0 ? 0 : lines.at(-1)!.bottom - lines[0]!.top;
          const top = label.getBoundingClientRect().top + Number.parseFloat(style.paddingTop);
          return {
            text: name?.textContent ?? '',
            label: [label.scrollWidth, label.clientWidth, label.scrollHeight, label.clientHeight],
            lines: [Math.ceil(used), Math.floor(room) + 1, Math.floor((lines[0]?.top ?? top) - top + 0.5)],
            name: name ? [name.scrollWidth, name.clientWidth, name.scrollHeight, name.clientHeight] : null,
            size: name ? Number.parseFloat(getComputedStyle(name).fontSize) : 0,
          };
        }),
      );
      await page.emulateMedia({ media: null });
      const overflowing = measured.filter(
        ({ label, name }) =>
          label[0]! > label[1]! ||
          label[2]! > label[3]! ||
          (name && (name[0]! > name[1]! || name[2]! > name[3]!)),
      );
      expect(overflowing).toEqual([]);
      const sizes = measured.filter((m) => m.text !== '').map((m) => m.size);
      for (const long of LONG_NAMES) {
        const label = measured.find((m) => m.text === `${long.first_name} ${long.last_name}`);
        expect(label, long.last_name).toBeDefined();
        expect(label!.size).toBeLessThan(Math.max(...sizes));
      }

      const file = join(OUT_DIR, `labels-${EVENT.id}-${sheet}-${startAt}-${lang}.pdf`);
      await printToPdf(page, file);
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await printedLabels(page).waitFor({ state: 'detached' });
      pdfToPngs(file, join(SCREENSHOT_DIR, `labels-${sheet}-${startAt}-${lang}-page`), 1, 60);
      expect(pdfPageCount(file)).toBe(sheets);
      const [width, height] = spec.page;
      for (const size of pdfPageSizes(file)) {
        expect(size.width * MM_PER_PT).toBeCloseTo(width, 0);
        expect(size.height * MM_PER_PT).toBeCloseTo(height, 0);
      }

      const cells = readLabels(pdfWords(file), sheet).flat();
      // Blank before `startAt`, then one label after another with no gap, then blank to the end.
      const filled = cells.flatMap((cell, index) => (cell === '' ? [] : [index]));
      expect(filled[0]).toBe(startAt - 1);
      expect(filled).toEqual(filled.map((_, i) => startAt - 1 + i));
      expect(filled).toHaveLength(kept.length);

      // Each label is one person's: name, category, order and T-shirt size, every person once.
      const categoryOf = (r: RawRegistration) =>
        localized(
          categories.find((c) => c.category_id === r.category_id)!,
          'epr_nom',
          lang,
        );
      const expectedText = (r: RawRegistration) => {
        const answer = printedSize(r.custom_questions.find((a) => a.que_id === tshirt.que_id)?.reponse);
        return [
          `${r.first_name} ${r.last_name}`,
          categoryOf(r),
          text.order(r.order_id),
          answer === '' ? '' : `${text.question(question)} ${answer}`,
        ].join(' ');
      };
      const byKey = new Map<string, RawRegistration[]>();
      for (const r of kept)
        byKey.set(keyOf(expectedText(r)), [...(byKey.get(keyOf(expectedText(r))) ?? []), r]);
      const printed = filled.map((index) => cells[index]!);
      const unknown = printed.filter((cell) => !byKey.has(keyOf(cell)));
      expect(unknown).toEqual([]);
      const counts = new Map<string, number>();
      for (const cell of printed) counts.set(keyOf(cell), (counts.get(keyOf(cell)) ?? 0) + 1);
      const miscounted = [...byKey].filter(([key, people]) => counts.get(key) !== people.length);
      expect(miscounted.map(([, people]) => people.map((r) => r.registration_id))).toEqual([]);
      for (const id of longIds) {
        const r = kept.find((k) => k.registration_id === id)!;
        expect(
          printed.some((cell) => squeeze(cell).includes(squeeze(r.last_name))),
          r.last_name,
        ).toBe(true);
      }

      // In the check-in list's order: categories as the event lists them, then by last name,
      // names without a Latin initial last in their category.
      const people = printed.map((cell) => byKey.get(keyOf(cell))![0]!);
      const order = people.map((r) => categories.findIndex((c) => c.category_id === r.category_id));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      const collator = new Intl.Collator(lang, {
        sensitivity: 'base',
        ignorePunctuation: true,
        numeric: true,
      });
      const latin = (name: string) =>
        /^[A-Z]$/.test((/\p{L}/u.exec(name)?.[0] ?? '').normalize('NFD').charAt(0).toUpperCase());
      for (let i = 1; i < people.length; i++) {
        const [a, b] = [people[i - 1]!, people[i]!];
        if (a.category_id !== b.category_id) continue;
        const where = `${a.last_name} before ${b.last_name}`;
        if (!latin(a.last_name)) expect(latin(b.last_name), where).toBe(false);
        else if (latin(b.last_name))
          expect(collator.compare(a.last_name, b.last_name), where).toBeLessThanOrEqual(0);
      }
      problems.expectNone();
    },
  );

  it.each(['en', 'fr'] as const)(
    'the dialog on a 390 px phone: whole, every choice in reach, axe (%s)',
    async (lang) => {
      await page.setViewportSize(VIEWPORTS.phone);
      await openDialog(lang);
      const box = dialog(lang);
      const size = await box.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      expect(size.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      expect(size.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
      const start = box.getByLabel(PRINT_TEXT[lang].startAt);
      await start.scrollIntoViewIfNeeded();
      const startBox = await start.boundingBox();
      const printBox = await box
        .getByRole('button', { name: PRINT_TEXT[lang].print, exact: true })
        .boundingBox();
      expect(startBox && printBox && startBox.y + startBox.height <= printBox.y).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.phone.width,
      );
      await box.evaluate((element) => element.querySelector('.form-dialog__body')?.scrollTo(0, 0));
      await expectNoAxeViolations(page, `labels dialog (${lang}, phone)`);
      await shoot(page, `labels-dialog-${lang}-phone`, { pointerAway: false });
      // Escape cancels and prints nothing.
      await page.keyboard.press('Escape');
      await box.waitFor({ state: 'detached' });
      expect(await printedLabels(page).count()).toBe(0);
      problems.expectNone();
    },
  );
});
