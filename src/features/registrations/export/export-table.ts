import { yieldToBrowser } from '@/lib/yield-to-browser';
import type { RegistrationHistory } from '../history/registration-history';
import type { RegistrationRow } from '../rows/registration-rows';
import type { RegistrationsModel } from '../rows/registrations-model';
import type { RegistrationsView } from '../rows/registrations-view';
import { viewRows } from '../rows/view-rows';

export interface TableExport {
  /** The visible columns' ids, in order (an Excel file types its columns by id). */
  columnIds: readonly string[];
  headers: string[];
  rows: string[][];
}

/** Rows turned into cells per slice: 5,000 rows of a dozen cells take a few milliseconds. */
const ROWS_PER_SLICE = 5000;

/**
 * Some rows as a table to export: the given columns in order, titled by `titleOf`, each cell
 * the displayed text. Built a slice at a time with a pause between slices, so 100,000 rows
 * never hold up the page in one task.
 */
export async function tableExport(
  rows: readonly RegistrationRow[],
  visibleColumnIds: readonly string[],
  titleOf: (columnId: string) => string,
): Promise<TableExport> {
  const cells: string[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
    if (start > 0) await yieldToBrowser();
    const end = Math.min(start + ROWS_PER_SLICE, rows.length);
    for (let i = start; i < end; i++) {
      const row = rows[i]!;
      cells.push(visibleColumnIds.map((id) => row.cells[id] ?? ''));
    }
  }
  return { columnIds: visibleColumnIds, headers: visibleColumnIds.map(titleOf), rows: cells };
}

/**
 * Exactly what a view of the model shows: every row that matches its search and filters, in
 * its order, and its visible columns in order, titled in the model's language. A pure
 * function of the data and the view: an export started while a load runs waits for the load,
 * then calls this on the final data, never on what a render last showed.
 */
export function viewExport(
  model: RegistrationsModel,
  view: RegistrationsView,
  history: RegistrationHistory | null,
  editionIds: ReadonlySet<number> | null = null,
): Promise<TableExport> {
  const { rows, visibleColumnIds } = viewRows(model, view, history, editionIds);
  return tableExport(rows, visibleColumnIds, (id) => model.titles.get(id)?.text ?? id);
}

/**
 * The columns a mailing tool imports (Mailchimp, Brevo, Sendinblue… map them by their
 * titles): e-mail, first name, last name and category, whatever columns the table shows. On
 * a previous edition's lapsed list the category is the one they ran last time.
 */
export const MAILING_COLUMNS = ['email', 'first_name', 'last_name', 'category'] as const;

/**
 * The rows of a view as a mailing audience: the view's rows in its order (search, filters,
 * an edition's list), in the mailing columns. The CSV's formula guard still applies to every
 * cell: an ordinary address (`jo.martin+trail@example.com`, `x-y@example.org`) is left as
 * it is; the rare address that starts with `=`, `+`, `-` or `@` (RFC 5322 allows the first
 * three) gets its `'`, as any cell would, because a spreadsheet would run it as a formula.
 */
export function mailingExport(
  model: RegistrationsModel,
  view: RegistrationsView,
  history: RegistrationHistory | null,
  editionIds: ReadonlySet<number> | null = null,
): Promise<TableExport> {
  const { rows } = viewRows(model, view, history, editionIds);
  return tableExport(rows, MAILING_COLUMNS, (id) => model.titles.get(id)?.text ?? id);
}
