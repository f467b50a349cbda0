import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { guardFormula } from '@/lib/csv/formula-guard';
import { REGISTRATIONS_TEXT } from './app';
import type { ExpectedRow, ExpectedTable } from './registrations-expected';
import { setMenu } from './steps';
import { escapeRegExp, type Lang } from './texts';

/**
 * The registrations screen's exports, downloaded from the "Export" menu and read back: each
 * CSV preset byte by byte and parsed with papaparse, the Excel workbook with read-excel-file.
 */

export const PRESETS = {
  'excel-fr': { delimiter: ';', bom: true },
  'excel-en': { delimiter: ',', bom: true },
  utf8: { delimiter: ',', bom: false },
} as const;
export type PresetId = keyof typeof PRESETS;
/** First characters a spreadsheet reads as a formula (src/lib/csv/formula-guard.ts). */
export const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\n']);

export interface Download {
  fileName: string;
  bytes: Buffer;
}

/** Clicks an item of the "Export" menu (its name starts with `label`) and reads the file saved. */
async function download(page: Page, lang: Lang, label: string): Promise<Download> {
  await setMenu(page, REGISTRATIONS_TEXT[lang].exportMenu, true);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: new RegExp(`^${escapeRegExp(label)}`) }).click(),
  ]);
  return { fileName: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** Clicks a CSV preset in the "Export" menu and reads the file the browser saved. */
export function exportCsv(page: Page, lang: Lang, preset: PresetId): Promise<Download> {
  return download(page, lang, REGISTRATIONS_TEXT[lang].presets[preset]);
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/**
 * Checks a downloaded CSV byte by byte against its preset, then parses it with papaparse and
 * compares every cell with the expected table after the documented formula guard.
 * Returns the decoded text and parsed rows for further checks.
 */
export function checkCsv(
  file: Download,
  preset: PresetId,
  expected: ExpectedTable,
  slug: string,
  lang: Lang,
) {
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
export async function checkWorkbook(
  page: Page,
  lang: Lang,
  expected: ExpectedTable,
  slug: string,
): Promise<void> {
  const text = REGISTRATIONS_TEXT[lang];
  await setMenu(page, text.exportMenu, true);
  await page.getByLabel(text.withFigures, { exact: true }).check();
  const file = await download(page, lang, text.presets.xlsx);
  expect(file.fileName).toMatch(new RegExp(`^${slug}-${text.fileLabel}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  const sheet = (await readSheet(file.bytes, { trim: false })) as unknown[][];
  expect(sheet[0]).toEqual(expected.headers);
  expect(sheet.length - 1).toBe(expected.rows.length);
  const cellsOf = (row: unknown[]) => row.map((cell) => (cell === null ? '' : cell));
  const wanted = (row: ExpectedRow) => [Number(row.cells[0]), ...row.cells.slice(1)];
  const mismatch = expected.rows.findIndex(
    (row, index) => JSON.stringify(cellsOf(sheet[index + 1]!)) !== JSON.stringify(wanted(row)),
  );
  if (mismatch !== -1) expect(cellsOf(sheet[mismatch + 1]!)).toEqual(wanted(expected.rows[mismatch]!));
  const overview = (await readSheet(file.bytes, 2)) as unknown[][];
  expect(overview).toContainEqual([text.figuresTotal, expected.rows.length]);
  await setMenu(page, text.exportMenu, true);
  await page.getByLabel(text.withFigures, { exact: true }).uncheck();
  await setMenu(page, text.exportMenu, false);
}
