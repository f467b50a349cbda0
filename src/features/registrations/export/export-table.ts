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
): Promise<TableExport> {
  const { rows, visibleColumnIds } = viewRows(model, view, history);
  return tableExport(rows, visibleColumnIds, (id) => model.titles.get(id)?.text ?? id);
}
