import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { readGarmentSize } from '@/lib/clean-answers/garment-sizes';
import { searchKey, searchTerms } from '@/lib/text-keys';
import { REGISTRATIONS_TEXT, localized } from './app';
import { visibleRows, type EventData } from './steps';
import { t, type Lang } from './texts';

/**
 * What the registrations screen should show, computed from the demo API's JSON (the
 * registrations-*.e2e.ts files): the whole table in a language, the rows a search or a status
 * filter keeps, and the window of rows on screen.
 */

/** alpine's 25,000-registration event, its 45 with every tricky answer, metropole's 100,000. */
export const LARGE = { id: 1001, total: 25_000, slug: 'marathon-du-lac-leman' } as const;
export const TRICKY = { id: 1003, total: 45, slug: 'course-de-l-escalade' } as const;
export const HUGE = { id: 1020, total: 100_000 } as const;
/** The viewports of these files (the table's window is measured on this desktop). */
export const REGISTRATIONS_VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export interface ExpectedRow {
  id: number;
  status: string;
  cells: string[];
}
export interface ExpectedTable {
  headers: string[];
  rows: ExpectedRow[];
}

/** The whole table in one language: fixed columns, then one column per question (first seen first). */
export function expectedTable(data: EventData, lang: Lang): ExpectedTable {
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
  const headers = [
    ...Object.values(text.columns),
    ...[...questions].map(
      ([id, question]) =>
        localized({ q_fr: question.fr, q_en: question.en }, 'q', lang) ||
        t(lang, 'registrations:questionFallback', { id }),
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
          : t(lang, 'common:category.unknown', { id: registration.category_id }),
        registration.order_id,
        text.status[registration.payment_status],
        ...[...questions.keys()].map((id) => answers.get(id) ?? ''),
      ],
    };
  });
  return { headers, rows };
}

/**
 * The table as a file holds it: the demo's one question read as sizes, the T-shirt's, gets a
 * column of clean sizes beside it (the demo's sizes are letters: the clean value is the letter).
 */
export function withCleanSizes(table: ExpectedTable, lang: Lang): ExpectedTable {
  const title = tshirtTitle(lang);
  const at = table.headers.indexOf(title);
  if (at < 0) return table;
  const insert = <T>(cells: readonly T[], cell: T) => [
    ...cells.slice(0, at + 1),
    cell,
    ...cells.slice(at + 1),
  ];
  return {
    headers: insert(table.headers, t(lang, 'common:cleanAnswer.column', { title })),
    rows: table.rows.map((row) => ({
      ...row,
      cells: insert(row.cells, readGarmentSize(row.cells[at] ?? '') ?? ''),
    })),
  };
}

/** The demo's T-shirt question, as its column is titled. */
const tshirtTitle = (lang: Lang) => (lang === 'fr' ? 'Taille de t-shirt' : 'T-shirt size');

/** The rows the screen should keep: the app's search (every word, any visible column) and status filter. */
export function filterExpected(
  table: ExpectedTable,
  filters: { q?: string; status?: string },
): ExpectedTable {
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

/** The window holds the first rows of `expected`, in order: as many as fit, never all 25,000. */
export async function expectWindowOf(page: Page, expected: ExpectedTable): Promise<string[][]> {
  const rows = await visibleRows(page);
  expect(rows.length).toBeGreaterThan(Math.min(10, expected.rows.length) - 1);
  expect(rows.length).toBeLessThan(80);
  expect(rows).toEqual(expected.rows.slice(0, rows.length).map((row) => row.cells));
  return rows;
}

/** The columns' titles, as the header's sort buttons show them (without the sort arrow). */
export function headerTitles(page: Page): Promise<string[]> {
  return page
    .getByRole('grid')
    .getByRole('columnheader')
    .evaluateAll((headers) =>
      headers.flatMap((header) => {
        const title = header.querySelector('button > span:first-child');
        return title ? [title.textContent ?? ''] : [];
      }),
    );
}

/** Clicks a checkbox in the page and reads whether it shows ticked on the very next frame. */
export function clickAndReadNextFrame(box: Locator): Promise<boolean> {
  return box.evaluate(
    (input: HTMLInputElement) =>
      new Promise<boolean>((resolve) => {
        input.click();
        requestAnimationFrame(() => resolve(input.checked));
      }),
  );
}
