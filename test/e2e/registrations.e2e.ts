import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardFormula, unguardFormula } from '@/lib/csv/formula-guard';
import { searchKey, searchTerms, sortKey } from '@/lib/text-keys';
import { TRICKY_ANSWERS } from '@/mocks/data/tricky-answers';
import type { RawCategory, RawRegistration } from '@/mocks/data/types';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  REGISTRATIONS_TEXT,
  apiGet,
  at,
  localized,
  formatCount,
  parseCount,
  DEMO_KEYS,
  signInAlpine,
  switchLanguage,
  type Lang,
  SCREENSHOT_DIR,
} from './app';

/**
 * Issue "Registrations: a fast, complete table and an Excel-correct CSV export".
 * The 25,000-row event is loaded once (one tab for the whole file, in-app state only) and
 * every test after the first works on it; the 45-row event with every tricky answer comes
 * last. Expectations are computed from the demo API's raw JSON, fetched from Node.
 */

const LARGE = { id: 1001, total: 25_000, slug: 'marathon-du-lac-leman' } as const;
const TRICKY = { id: 1003, total: 45, slug: 'course-de-l-escalade' } as const;
const HUGE = { id: 1020, total: 100_000 } as const;
const PRESETS = {
  'excel-fr': { delimiter: ';', bom: true },
  'excel-en': { delimiter: ',', bom: true },
  utf8: { delimiter: ',', bom: false },
} as const;
type PresetId = keyof typeof PRESETS;
/** First characters a spreadsheet reads as a formula (src/lib/csv/formula-guard.ts). */
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\n']);
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
let large: EventData;
/** alert(), confirm()… the page opened: none expected. */
const browserDialogs: string[] = [];

interface EventData {
  registrations: RawRegistration[];
  categories: RawCategory[];
}

/** Every registration of an event, straight from the API (1,000 per page, pages from 1). */
async function fetchEventData(eventId: number, apiKey?: string): Promise<EventData> {
  const { categories } = await apiGet<{ categories: RawCategory[] }>(
    `/v1/events/${eventId}/categories`,
    apiKey,
  );
  const registrations: RawRegistration[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const { registrations: rows } = await apiGet<{ registrations: RawRegistration[] }>(
      `/v1/events/${eventId}/registrations?page=${pageNumber}&per_page=1000`,
      apiKey,
    );
    if (rows.length === 0) break;
    registrations.push(...rows);
  }
  return { registrations, categories };
}

beforeAll(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  // An alert() from an answer rendered as HTML would be a script injection.
  page.on('dialog', (dialog) => {
    browserDialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  [large] = await Promise.all([fetchEventData(LARGE.id), signInAlpine(page)]);
  expect(large.registrations).toHaveLength(LARGE.total);
});
afterAll(async () => {
  await browser?.close();
});

// ---------------------------------------------------------------------------------------------
// What the table and the CSV should hold, computed from the API's JSON.

interface ExpectedRow {
  id: number;
  status: string;
  cells: string[];
}
interface ExpectedTable {
  headers: string[];
  rows: ExpectedRow[];
}

/** The whole table in one language: fixed columns, then one column per question (first seen first). */
function expectedTable(data: EventData, lang: Lang): ExpectedTable {
  const text = REGISTRATIONS_TEXT[lang];
  const questions = new Map<number, { fr: string; en: string }>();
  for (const registration of data.registrations) {
    for (const answer of registration.custom_questions) {
      const question = questions.get(answer.que_id) ?? { fr: '', en: '' };
      question.fr ||= answer.que_question_fr;
      question.en ||= answer.que_question_en;
      questions.set(answer.que_id, question);
    }
  }
  const categories = new Map(data.categories.map((category) => [category.category_id, category]));
  const fixed = Object.values(text.columns);
  const headers = [
    ...fixed,
    ...[...questions].map(
      ([id, question]) => localized({ q_fr: question.fr, q_en: question.en }, 'q', lang) || `Question ${id}`,
    ),
  ];
  const rows = data.registrations.map((registration) => {
    const category = categories.get(registration.category_id);
    const answers = new Map(registration.custom_questions.map((answer) => [answer.que_id, answer.reponse]));
    return {
      id: registration.registration_id,
      status: registration.payment_status,
      cells: [
        String(registration.registration_id),
        registration.first_name,
        registration.last_name,
        registration.email,
        category
          ? localized(category, 'epr_nom', lang)
          : lang === 'fr'
            ? `Catégorie inconnue (n° ${registration.category_id})`
            : `Unknown category (#${registration.category_id})`,
        registration.order_id,
        text.status[registration.payment_status],
        ...[...questions.keys()].map((id) => answers.get(id) ?? ''),
      ],
    };
  });
  return { headers, rows };
}

/** The rows the screen should keep: the app's search (every word, any visible column) and status filter. */
function filterExpected(table: ExpectedTable, filters: { q?: string; status?: string }): ExpectedTable {
  const terms = searchTerms(filters.q ?? '');
  return {
    headers: table.headers,
    rows: table.rows.filter(
      (row) =>
        (!filters.status || row.status === filters.status) &&
        terms.every((term) => row.cells.some((cell) => searchKey(cell).includes(term))),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Screen helpers.

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const NUMBER = '([\\d,\\u202f]+)';
const COUNT_LINE = {
  en: {
    all: new RegExp(`^${NUMBER} registrations?$`),
    filtered: new RegExp(`^${NUMBER} of ${NUMBER} registrations match(?:es)?$`),
  },
  fr: {
    all: new RegExp(`^${NUMBER} inscriptions?$`),
    filtered: new RegExp(`^${NUMBER} inscriptions? sur ${NUMBER} correspond(?:ent)?$`),
  },
} as const;

/** The "12,571 of 25,000 registrations match" line, read once it reads `expected`. */
async function expectCountLine(lang: Lang, expected: { shown: number; total: number; filtered: boolean }) {
  const line = page.locator('.registrations-count');
  const read = async () => {
    const text = await line.innerText();
    const match = (expected.filtered ? COUNT_LINE[lang].filtered : COUNT_LINE[lang].all).exec(text);
    if (!match) return { text };
    const shown = parseCount(match[1]!);
    return { shown, total: expected.filtered ? parseCount(match[2]!) : shown };
  };
  await expect.poll(read).toEqual({ shown: expected.shown, total: expected.total });
  const text = await line.innerText();
  // Counts are formatted for the language (25,000 / 25 000 with a narrow no-break space).
  expect(text).toContain(formatCount(expected.shown, lang));
}

async function headerTitles(): Promise<string[]> {
  return page.locator('.registrations-table thead th button > span:first-child').allTextContents();
}

/** The rows in the table's window (the top of the scroll): each row's cell texts, exactly as rendered. */
async function visibleRows(): Promise<string[][]> {
  return page
    .locator('.registrations-table tbody tr[aria-rowindex]')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

/** The window holds the first rows of `expected`, in order: as many as fit, never all 25,000. */
async function expectWindowOf(expected: ExpectedTable): Promise<string[][]> {
  const rows = await visibleRows();
  expect(rows.length).toBeGreaterThan(Math.min(10, expected.rows.length) - 1);
  expect(rows.length).toBeLessThan(80);
  expect(rows).toEqual(expected.rows.slice(0, rows.length).map((row) => row.cells));
  return rows;
}

async function searchFor(lang: Lang, q: string): Promise<void> {
  await page.getByLabel(REGISTRATIONS_TEXT[lang].search, { exact: true }).fill(q);
}

/** Types like a fast typist (no pause between keys) and reads back what the box holds. */
async function typeSearch(lang: Lang, q: string): Promise<string> {
  const box = page.getByLabel(REGISTRATIONS_TEXT[lang].search, { exact: true });
  await box.fill('');
  await box.pressSequentially(q, { delay: 0 });
  return box.inputValue();
}

/** The button of one of the toolbar's menus. */
function menuButton(label: string) {
  return page.locator('button.menu__button', { hasText: label });
}

/** Opens or closes one of the toolbar's popover menus (no-op when it already is). */
async function setMenu(label: string, open: boolean): Promise<void> {
  const button = menuButton(label);
  if ((await button.getAttribute('aria-expanded')) !== String(open)) await button.click();
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe(String(open));
}

/** Clicks a checkbox in the page and reads whether it shows ticked on the very next frame. */
function clickAndReadNextFrame(box: Locator): Promise<boolean> {
  return box.evaluate(
    (input: HTMLInputElement) =>
      new Promise<boolean>((resolve) => {
        input.click();
        requestAnimationFrame(() => resolve(input.checked));
      }),
  );
}

interface CsvDownload {
  fileName: string;
  bytes: Buffer;
}

/** Clicks a preset in the "Export" menu and reads the file the browser saved. */
async function exportCsv(lang: Lang, preset: PresetId): Promise<CsvDownload> {
  const text = REGISTRATIONS_TEXT[lang];
  await setMenu(text.exportMenu, true);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: new RegExp(`^${escapeRegExp(text.presets[preset])}`) }).click(),
  ]);
  const path = await download.path();
  return { fileName: download.suggestedFilename(), bytes: await readFile(path) };
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/**
 * Checks a downloaded CSV byte by byte against its preset, then parses it with papaparse and
 * compares every cell with the expected table after the documented formula guard.
 * Returns the decoded text and parsed rows for further checks.
 */
function checkCsv(file: CsvDownload, preset: PresetId, expected: ExpectedTable, slug: string, lang: Lang) {
  const { delimiter, bom } = PRESETS[preset];
  expect(file.fileName).toMatch(/\.csv$/);
  expect(file.fileName).toContain(slug);
  expect(file.fileName).toContain(REGISTRATIONS_TEXT[lang].fileLabel);

  const hasBom = file.bytes[0] === 0xef && file.bytes[1] === 0xbb && file.bytes[2] === 0xbf;
  expect(hasBom, `${preset}: UTF-8 BOM`).toBe(bom);
  // fatal: invalid UTF-8 throws instead of turning into U+FFFD.
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
    hasBom ? file.bytes.subarray(3) : file.bytes,
  );
  expect(text.startsWith('\uFEFF')).toBe(false);

  // papaparse's own guess agrees on the delimiter and the line break.
  const guessed = Papa.parse<string[]>(text, { preview: 3 });
  expect(guessed.meta.delimiter, `${preset}: delimiter`).toBe(delimiter);
  expect(guessed.meta.linebreak, `${preset}: line break`).toBe('\r\n');

  const parsed = Papa.parse<string[]>(text, { delimiter, newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  const rows = parsed.data;
  // Header + one line per matching row, nothing after the last one.
  expect(rows.length, `${preset}: rows`).toBe(1 + expected.rows.length);

  // Every line break between records is CRLF; a bare LF or a CRLF only ever sits inside a cell.
  const cells = rows.flat().join('\u0000');
  expect(count(text, /\r\n/g)).toBe(rows.length - 1 + count(cells, /\r\n/g));
  expect(count(text, /(?<!\r)\n/g)).toBe(count(cells, /(?<!\r)\n/g));
  expect(count(text, /\r(?!\n)/g)).toBe(count(cells, /\r(?!\n)/g));

  // No cell starts with a formula trigger; the guarded ones start with a quote.
  const unguarded = rows.flat().filter((cell) => TRIGGERS.has(cell.charAt(0)));
  expect(unguarded, `${preset}: cells a spreadsheet would run`).toEqual([]);

  expect(rows[0]).toEqual(expected.headers.map(guardFormula));
  const wanted = expected.rows.map((row) => row.cells.map(guardFormula));
  const firstMismatch = wanted.findIndex(
    (row, index) => JSON.stringify(row) !== JSON.stringify(rows[index + 1]),
  );
  if (firstMismatch !== -1) {
    expect(rows[firstMismatch + 1], `${preset}: data row ${firstMismatch + 1}`).toEqual(
      wanted[firstMismatch],
    );
  }
  return { text, rows };
}

/**
 * The Excel workbook of the table shown, with the overview's numbers: ids as numbers, every
 * other cell the exact text (no apostrophe, nothing evaluated), headers in the language.
 */
async function checkWorkbook(lang: Lang, expected: ExpectedTable): Promise<void> {
  const text = REGISTRATIONS_TEXT[lang];
  await setMenu(text.exportMenu, true);
  await page.getByLabel(text.withFigures, { exact: true }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: new RegExp(`^${escapeRegExp(text.presets.xlsx)}`) }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${LARGE.slug}-${text.fileLabel}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
  );
  const workbook = await readFile(await download.path());
  const sheet = (await readSheet(workbook, { trim: false })) as unknown[][];
  expect(sheet[0]).toEqual(expected.headers);
  expect(sheet.length - 1).toBe(expected.rows.length);
  const cellsOf = (row: unknown[]) => row.map((cell) => (cell === null ? '' : cell));
  const wanted = (row: ExpectedRow) => [Number(row.cells[0]), ...row.cells.slice(1)];
  const mismatch = expected.rows.findIndex(
    (row, index) => JSON.stringify(cellsOf(sheet[index + 1]!)) !== JSON.stringify(wanted(row)),
  );
  if (mismatch !== -1) expect(cellsOf(sheet[mismatch + 1]!)).toEqual(wanted(expected.rows[mismatch]!));
  const overview = (await readSheet(workbook, 2)) as unknown[][];
  expect(overview).toContainEqual([text.figuresTotal, expected.rows.length]);
  await setMenu(text.exportMenu, true);
  await page.getByLabel(text.withFigures, { exact: true }).uncheck();
  await setMenu(text.exportMenu, false);
}

// ---------------------------------------------------------------------------------------------

declare global {
  interface Window {
    /** Written by the init script: the load status at the moment the first table row appeared. */
    __firstRows?: { status: string; at: number };
  }
}

describe(`registrations of event ${LARGE.id} (25,000 rows, loaded once)`, () => {
  const en = REGISTRATIONS_TEXT.en;
  let tableEn: ExpectedTable;
  let paidCount = 0;

  it('shows the first rows while loading, then all 25,000', async () => {
    tableEn = expectedTable(large, 'en');
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (window.__firstRows || !document.querySelector('.registrations-table tbody tr')) return;
        window.__firstRows = {
          status: document.querySelector('.load-status')?.textContent ?? '',
          at: performance.now(),
        };
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const started = performance.now();
    await page.goto(at(`/events/${LARGE.id}/registrations`));
    await page.getByRole('heading', { level: 1, name: en.title }).waitFor();
    await page
      .getByText(en.loaded(formatCount(LARGE.total, 'en')), { exact: true })
      .waitFor({ timeout: 45_000 });
    const loadedAfter = performance.now() - started;
    const firstRows = await page.evaluate(() => window.__firstRows);
    const completeAt = await page.evaluate(() => performance.now());
    console.info(
      `[registrations] first rows after ~${Math.round(firstRows?.at ?? NaN)} ms of page life, ` +
        `all ${LARGE.total} loaded ${Math.round(loadedAfter)} ms after navigation (page life ${Math.round(completeAt)} ms)`,
    );
    // The first rows were on screen while the status still said "Loading…".
    expect(firstRows?.status).toMatch(en.loading);

    await expectCountLine('en', { shown: LARGE.total, total: LARGE.total, filtered: false });
    expect(await page.locator('.registrations-count').innerText()).toBe('25,000 registrations');
    expect(await headerTitles()).toEqual(tableEn.headers);
    expect(await page.locator('.registrations-table table').getAttribute('aria-rowcount')).toBe('25001');
    // The top of the one scroll: the first registrations in the API's order, every cell as sent.
    await expectWindowOf(tableEn);
    problems.expectNone();
  });

  it('keeps every keystroke of a fast typist, and shows exactly the rows that match', async () => {
    // Two words, each in a different column, typed with no pause between keys.
    const target = large.registrations[123]!;
    const query = `${target.first_name} ${target.last_name}`.toLowerCase();
    expect(await typeSearch('en', query)).toBe(query);
    const expected = filterExpected(tableEn, { q: query });
    expect(expected.rows.length).toBeGreaterThan(0);
    await expectCountLine('en', { shown: expected.rows.length, total: LARGE.total, filtered: true });
    await expectWindowOf(expected);
    // The URL follows the box a moment later, in one history entry.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query);

    // Deleting back to nothing, again at full speed.
    const box = page.getByLabel(en.search, { exact: true });
    for (let i = 0; i < query.length; i += 1) await box.press('Backspace', { delay: 0 });
    expect(await box.inputValue()).toBe('');
    await expectCountLine('en', { shown: LARGE.total, total: LARGE.total, filtered: false });
    problems.expectNone();
  });

  it('moves through 25,000 rows with the keyboard: arrows, End, Home, Enter', async () => {
    // From the search box, the rows are one Tab stop after the menus and the column headers.
    await page.getByLabel(en.search, { exact: true }).focus();
    let presses = 0;
    while (presses < 40 && !(await page.evaluate(() => document.activeElement?.tagName === 'TR'))) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(presses).toBeLessThanOrEqual(20);
    const rows = page.locator('.registrations-table tbody tr[aria-rowindex]');
    await rows.first().focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex'))).toBe('3');
    await page.keyboard.press('End');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex')))
      .toBe(String(LARGE.total + 1));
    const last = large.registrations.at(-1)!;
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(last.email);
    // The sticky header is still there above the last row.
    const header = await page.locator('.registrations-table thead th').first().boundingBox();
    const table = await page.locator('.registrations-table').boundingBox();
    expect(Math.round(header!.y)).toBe(Math.round(table!.y) + 1);
    await page.keyboard.press('Home');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex')))
      .toBe('2');
    // The page itself never scrolls: the table is the one scroll.
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeLessThanOrEqual(0);
    problems.expectNone();
  });

  it('menus: arrow keys move, Escape and a click outside close them, Tab out closes, focus returns', async () => {
    const button = menuButton(en.statusMenu);
    await button.click();
    const panel = page.locator('.menu__panel:popover-open');
    await panel.waitFor();
    // Focus starts on the first option; the arrows move between options and wrap.
    const focusedLabel = () =>
      page.evaluate(() => document.activeElement?.closest('label')?.textContent ?? '');
    await expect.poll(focusedLabel).not.toBe('');
    const first = await focusedLabel();
    expect(first).not.toBe('');
    await page.keyboard.press('ArrowDown');
    expect(await focusedLabel()).not.toBe(first);
    await page.keyboard.press('ArrowUp');
    expect(await focusedLabel()).toBe(first);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(en.statusMenu);

    await button.click();
    await panel.waitFor();
    await page.mouse.click(5, 400); // outside, on the page
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');

    await button.click();
    await panel.waitFor();
    // The menu moves focus to its first option once the browser has shown it.
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.menu__panel'))))
      .toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await panel.waitFor({ state: 'detached' });
    problems.expectNone();
  });

  it('details: a modal dialog that keeps focus inside, closed by Escape or the backdrop', async () => {
    const row = page.locator('.registrations-table tbody tr[aria-rowindex]').nth(2);
    await row.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Tab stays in the dialog: it never reaches the page behind (the browser's own UI may
    // take a turn between the last and the first control, which shows as the body).
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        () => document.activeElement === document.body || Boolean(document.activeElement?.closest('dialog')),
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await row.click();
    await dialog.waitFor();
    await page.mouse.click(10, 300); // the backdrop, left of the side sheet
    await dialog.waitFor({ state: 'detached' });
    problems.expectNone();
  });

  it('narrows the rows to a last name typed in the search, with the "matching" count', async () => {
    const lastName = (await visibleRows())[0]![2]!;
    expect(lastName).not.toBe('');
    await searchFor('en', lastName);
    const expected = filterExpected(tableEn, { q: lastName });
    expect(expected.rows.length).toBeGreaterThan(0);
    expect(expected.rows.length).toBeLessThan(LARGE.total);
    await expectCountLine('en', { shown: expected.rows.length, total: LARGE.total, filtered: true });
    const rows = await expectWindowOf(expected);
    const term = searchKey(lastName);
    for (const row of rows) expect(row.some((cell) => searchKey(cell).includes(term))).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(lastName);

    await searchFor('en', '');
    await expectCountLine('en', { shown: LARGE.total, total: LARGE.total, filtered: false });
    problems.expectNone();
  });

  it('filters by payment status "Paid" from the "Payment status" menu', async () => {
    const expected = filterExpected(tableEn, { status: 'paid' });
    paidCount = expected.rows.length;
    await setMenu(en.statusMenu, true);
    const paid = page.locator('.menu__option', { hasText: en.status.paid }).getByRole('checkbox');
    // The option shows how many rows it would keep.
    expect(await page.locator('.menu__option', { hasText: en.status.paid }).innerText()).toContain(
      formatCount(paidCount, 'en'),
    );
    // The tick shows on the very next frame after the click, not after the URL or the filter.
    const tickedNextFrame = await clickAndReadNextFrame(paid);
    expect(tickedNextFrame).toBe(true);
    await setMenu(en.statusMenu, false);
    await expectCountLine('en', { shown: paidCount, total: LARGE.total, filtered: true });
    await expectWindowOf(expected);
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('paid');
    problems.expectNone();
  });

  it('exports the filtered rows in the three presets, byte-exact and Excel-safe', async () => {
    const expected = filterExpected(tableEn, { status: 'paid' });
    // N in "Showing 1–50 of N matching registrations" is what the file must hold.
    await expectCountLine('en', { shown: paidCount, total: LARGE.total, filtered: true });
    for (const preset of Object.keys(PRESETS) as PresetId[]) {
      const started = performance.now();
      const file = await exportCsv('en', preset);
      const { text, rows } = checkCsv(file, preset, expected, LARGE.slug, 'en');
      console.info(
        `[registrations] ${preset}: ${file.fileName}, ${rows.length - 1} rows, ${file.bytes.length} bytes in ${Math.round(performance.now() - started)} ms`,
      );
      // Accents intact (decoded as UTF-8), guards applied where the data needs them.
      expect(text).toContain('Genève');
      expect(rows.flat().some((cell) => cell.startsWith("'") && TRIGGERS.has(cell.charAt(1)))).toBe(true);
      const guarded = rows.flat().filter((cell) => cell === "'=1+2");
      expect(guarded.length).toBe(expected.rows.filter((row) => row.cells.includes('=1+2')).length);
      await page
        .getByRole('alert')
        .filter({ hasText: `Exported ${formatCount(paidCount, 'en')} rows to ${file.fileName}.` })
        .waitFor();
    }
    await checkWorkbook('en', expected);
    problems.expectNone();
  });

  it('switches to French: headers, counts and a French export', async () => {
    const fr = REGISTRATIONS_TEXT.fr;
    await switchLanguage(page, 'fr');
    await page.getByRole('heading', { level: 1, name: fr.title }).waitFor();
    // "Les 25 000 inscriptions sont chargées", with U+202F as the thousands separator.
    await page.getByText(/Les 25\u202f000 inscriptions sont chargées/).waitFor();
    const tableFr = expectedTable(large, 'fr');
    expect(await headerTitles()).toEqual(tableFr.headers);
    expect(tableFr.headers).toEqual(expect.arrayContaining(['Prénom', 'Paiement']));
    const expected = filterExpected(tableFr, { status: 'paid' });
    await expectCountLine('fr', { shown: paidCount, total: LARGE.total, filtered: true });
    await expectWindowOf(expected);

    const file = await exportCsv('fr', 'excel-fr');
    const { rows } = checkCsv(file, 'excel-fr', expected, LARGE.slug, 'fr');
    expect(rows[0]!.slice(0, 7)).toEqual([
      'N°',
      'Prénom',
      'Nom',
      'E-mail',
      'Catégorie',
      'Commande',
      'Paiement',
    ]);
    expect(new Set(rows.slice(1).map((row) => row[6]))).toEqual(new Set([fr.status.paid]));

    await checkWorkbook('fr', expected);

    // Back to English and to the unfiltered table for the next tests.
    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: en.clearFilters, exact: true }).first().click();
    await expectCountLine('en', { shown: LARGE.total, total: LARGE.total, filtered: false });
    problems.expectNone();
  });

  it('opens a registration’s answers in a details panel from the id button; Escape closes it', async () => {
    const first = large.registrations[0]!;
    const idButton = page.locator('.registrations-table tbody tr[aria-rowindex]').first().getByRole('button');
    expect(await idButton.getAttribute('aria-label')).toBe(
      `${en.openDetails(first.registration_id)}${first.first_name} ${first.last_name}`,
    );
    await idButton.click();
    const dialog = page.getByRole('dialog', { name: en.detailsTitle(first.registration_id), exact: true });
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: en.detailsAnswers, exact: true }).waitFor();
    // The answers list follows its heading (the API's extra fields come after, in their own list).
    const answers = await dialog
      .getByRole('heading', { name: en.detailsAnswers, exact: true })
      .locator('xpath=following-sibling::dl[1]//dd')
      .allTextContents();
    expect(answers).toEqual(first.custom_questions.map((answer) => answer.reponse || '—'));
    const details = await dialog.innerText();
    for (const answer of first.custom_questions) expect(details).toContain(answer.que_question_en);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      await idButton.getAttribute('aria-label'),
    );
    problems.expectNone();
  });

  it('has no axe violations in English and French, with menus open and with the details panel open', async () => {
    for (const lang of ['en', 'fr'] as const) {
      const text = REGISTRATIONS_TEXT[lang];
      await switchLanguage(page, lang);
      await page.getByRole('heading', { level: 1, name: text.title }).waitFor();
      // Open menus only add to the page: this run covers the closed state too.
      await setMenu(text.exportMenu, true);
      await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(text.presets.utf8)}`) }).waitFor();
      await setMenu(text.statusMenu, true);
      await page.locator('.menu__option', { hasText: text.status.paid }).waitFor();
      await expectNoAxeViolations(page, `registrations, export and status menus open (${lang})`);
      await setMenu(text.statusMenu, false);
      await setMenu(text.exportMenu, false);

      await page.locator('.registrations-table tbody tr[aria-rowindex]').nth(1).getByRole('button').click();
      await page.getByRole('dialog').waitFor();
      await expectNoAxeViolations(page, `registrations, details panel open (${lang})`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await switchLanguage(page, 'en');
    problems.expectNone();
  });

  it('screenshots: desktop and phone, en/fr, light/dark (axe in dark too)', async () => {
    const overflows: string[] = [];
    // The "Exported … rows" message of the export tests: dismissed, to show the usual screen.
    const dismiss = page.getByRole('button', { name: 'Dismiss', exact: true });
    if (await dismiss.isVisible()) await dismiss.click();
    // Full-page shots are taken from the top: a scrolled page would paint the sticky header mid-page.
    const shoot = async (file: string, fullPage = true) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SCREENSHOT_DIR, file), fullPage, animations: 'disabled' });
    };
    for (const lang of ['en', 'fr'] as const) {
      await switchLanguage(page, lang);
      await page.getByRole('heading', { level: 1, name: REGISTRATIONS_TEXT[lang].title }).waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize(VIEWPORTS.desktop);
        await page.mouse.move(VIEWPORTS.phone.width - 1, VIEWPORTS.phone.height - 1);
        if (colorScheme === 'dark') await expectNoAxeViolations(page, `registrations (${lang}, dark)`);
        for (const [name, viewport] of Object.entries(VIEWPORTS)) {
          await page.setViewportSize(viewport);
          // A phone scrolls the page through 25,000 cards: the shot is the screen, not the whole page.
          await shoot(`registrations-${lang}-${colorScheme}-${name}.png`, name === 'desktop');
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          if (overflow > 0)
            overflows.push(`registrations ${lang} ${colorScheme} ${name}: ${overflow}px too wide`);
        }
      }
    }
    // The details panel and the export menu, once each (desktop and phone, English, light).
    await switchLanguage(page, 'en');
    await page.emulateMedia({ colorScheme: 'light' });
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      const opener =
        name === 'phone'
          ? page.locator('.registration-card button').first()
          : page.locator('.registrations-table tbody tr[aria-rowindex]').first().getByRole('button');
      await opener.click();
      await page.getByRole('dialog').waitFor();
      await shoot(`registrations-details-en-light-${name}.png`, false);
      await page.keyboard.press('Escape');
      await setMenu(REGISTRATIONS_TEXT.en.exportMenu, true);
      await shoot(`registrations-export-menu-en-light-${name}.png`, false);
      await setMenu(REGISTRATIONS_TEXT.en.exportMenu, false);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(overflows, 'horizontal overflow').toEqual([]);
    problems.expectNone();
  });
  it('on a phone: cards in the page scroll, sorted from a menu, opening the details (en, fr)', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    try {
      for (const lang of ['en', 'fr'] as const) {
        await switchLanguage(page, lang);
        const cards = page.locator('.registration-card');
        await cards.first().waitFor();
        expect(await page.locator('.registrations-table').count()).toBe(0);
        const shown = await cards.count();
        expect(shown).toBeGreaterThan(3);
        expect(shown).toBeLessThan(40);
        expect(await cards.first().getAttribute('aria-setsize')).toBe(String(LARGE.total));
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await expectNoAxeViolations(page, `registrations cards (${lang}, phone)`);
      }
      await switchLanguage(page, 'en');
      await page.getByLabel('Sort', { exact: true }).selectOption('last_name:desc');
      const names = await page.locator('.registration-card__name').allTextContents();
      const lastNames = names.slice(0, 3).map((name) => name.split(' ').at(-1)!);
      expect(lastNames.map((name) => sortKey(name))).toEqual(
        [...lastNames]
          .map((name) => sortKey(name))
          .sort()
          .reverse(),
      );
      await page.getByLabel('Sort', { exact: true }).selectOption('');
      // Scrolling the page brings later cards in, still 25,000 in all.
      await page.mouse.wheel(0, 20_000);
      await expect
        .poll(async () =>
          Number(await page.locator('.registration-card').first().getAttribute('aria-posinset')),
        )
        .toBeGreaterThan(50);
      await page.locator('.registration-card button').first().click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.evaluate(() => window.scrollTo(0, 0));
    } finally {
      await page.setViewportSize(VIEWPORTS.desktop);
    }
    problems.expectNone();
  });

  it('opens every toolbar menu inside a phone screen (en, fr)', async () => {
    const offscreen: string[] = [];
    await page.setViewportSize(VIEWPORTS.phone);
    try {
      for (const lang of ['en', 'fr'] as const) {
        const text = REGISTRATIONS_TEXT[lang];
        await switchLanguage(page, lang);
        for (const label of [text.categoryMenu, text.statusMenu, text.columnsMenu, text.exportMenu]) {
          await setMenu(label, true);
          const panel = page.locator('.menu__panel:popover-open');
          const box = await panel.boundingBox();
          if (!box) throw new Error(`no open panel for ${label}`);
          if (box.x < 0 || box.x + box.width > VIEWPORTS.phone.width) {
            offscreen.push(
              `${label} (${lang}): panel spans x ${Math.round(box.x)}..${Math.round(box.x + box.width)} of ${VIEWPORTS.phone.width}`,
            );
            await page.evaluate(() => window.scrollTo(0, 0));
            await page.screenshot({
              path: join(
                SCREENSHOT_DIR,
                `registrations-menu-offscreen-${lang}-${offscreen.length}-phone.png`,
              ),
              animations: 'disabled',
            });
          }
          await setMenu(label, false);
        }
      }
    } finally {
      await switchLanguage(page, 'en');
      await page.setViewportSize(VIEWPORTS.desktop);
    }
    // A panel cut off at the screen's edge hides its options: nothing scrolls it back into view.
    expect(offscreen, 'menu panels outside the phone screen').toEqual([]);
    problems.expectNone();
  });
});

describe(`registrations of event ${TRICKY.id} (45 rows, every tricky answer)`, () => {
  const en = REGISTRATIONS_TEXT.en;
  let data: EventData;

  it('exports exactly 45 rows where every tricky answer survives a papaparse round trip', async () => {
    data = await fetchEventData(TRICKY.id);
    expect(data.registrations).toHaveLength(TRICKY.total);
    const table = expectedTable(data, 'en');
    await page.goto(at(`/events/${TRICKY.id}/registrations`));
    await page.getByText(en.loaded(String(TRICKY.total)), { exact: true }).waitFor();
    await expectCountLine('en', { shown: TRICKY.total, total: TRICKY.total, filtered: false });

    // On screen, every answer is the exact text (tabs, line breaks and markup included): a
    // window tall enough for all 45 rows shows them at once.
    await page.setViewportSize({ width: 1280, height: 2600 });
    await expect.poll(async () => (await visibleRows()).length).toBe(TRICKY.total);
    const shown = (await visibleRows()).flat();
    await page.setViewportSize(VIEWPORTS.desktop);
    for (const answer of TRICKY_ANSWERS) expect(shown, JSON.stringify(answer)).toContain(answer);

    const file = await exportCsv('en', 'utf8');
    const { rows } = checkCsv(file, 'utf8', table, TRICKY.slug, 'en');
    expect(rows.length - 1).toBe(45);
    const cells = rows.slice(1).flat();
    for (const answer of TRICKY_ANSWERS) {
      expect(cells, JSON.stringify(answer)).toContain(guardFormula(answer));
      // The guard is the only change, and it can be undone.
      expect(unguardFormula(guardFormula(answer))).toBe(answer);
    }
    expect(cells).toContain("'=1+2");
    expect(cells).not.toContain('=1+2');
    problems.expectNone();
  });

  it('shows an HTML answer as text, in the table and in the details panel', async () => {
    const html = '<img src=x onerror=alert(1)>';
    await searchFor('en', 'onerror');
    const owners = data.registrations.filter((registration) =>
      registration.custom_questions.some((answer) => answer.reponse === html),
    );
    expect(owners.length).toBeGreaterThan(0);
    await expectCountLine('en', { shown: owners.length, total: TRICKY.total, filtered: true });
    const cells = (await visibleRows()).flat();
    expect(cells).toContain(html);
    expect(await page.locator('main img').count()).toBe(0);

    await page.locator('.registrations-table tbody tr[aria-rowindex]').first().getByRole('button').click();
    const dialog = page.getByRole('dialog', {
      name: en.detailsTitle(owners[0]!.registration_id),
      exact: true,
    });
    await dialog.waitFor();
    expect(await dialog.locator('.registration-details__answer').allTextContents()).toContain(html);
    expect(await page.locator('img').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(browserDialogs).toEqual([]);
    problems.expectNone();
  });
});

describe(`registrations of event ${HUGE.id} (100,000 rows)`, () => {
  it('loads 100,000 rows, keeps every keystroke of a fast typist and ticks a filter at once', async () => {
    const en = REGISTRATIONS_TEXT.en;
    const huge = await fetchEventData(HUGE.id, DEMO_KEYS.metropole);
    expect(huge.registrations).toHaveLength(HUGE.total);
    const table = expectedTable(huge, 'en');
    // Its own browser: a new tab of the same one would be handed the alpine session.
    const other = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
    const previous = page;
    const previousProblems = problems;
    page = await other.newPage();
    problems = watchPage(page);
    try {
      await signInAlpine(page, DEMO_KEYS.metropole);
      await page.goto(at(`/events/${HUGE.id}/registrations`));
      await page
        .getByText(en.loaded(formatCount(HUGE.total, 'en')), { exact: true })
        .waitFor({ timeout: 90_000 });
      await expectCountLine('en', { shown: HUGE.total, total: HUGE.total, filtered: false });
      await expectWindowOf(table);

      for (const query of ['martin', 'marie dupont', 'genève']) {
        expect(await typeSearch('en', query)).toBe(query);
        const expected = filterExpected(table, { q: query });
        await expectCountLine('en', { shown: expected.rows.length, total: HUGE.total, filtered: true });
        await expectWindowOf(expected);
      }
      await searchFor('en', '');

      await setMenu(en.statusMenu, true);
      const paid = page.locator('.menu__option', { hasText: en.status.paid }).getByRole('checkbox');
      const tickedNextFrame = await clickAndReadNextFrame(paid);
      expect(tickedNextFrame).toBe(true);
      const paidRows = filterExpected(table, { status: 'paid' });
      await expectCountLine('en', { shown: paidRows.rows.length, total: HUGE.total, filtered: true });
      problems.expectNone();
    } finally {
      page = previous;
      problems = previousProblems;
      await other.close();
    }
  }, 240_000);
});
