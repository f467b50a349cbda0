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

/**
 * Some rows as a table to export: the given columns in order, titled by `titleOf`, each cell
 * the displayed text.
 */
export function tableExport(
  rows: readonly RegistrationRow[],
  visibleColumnIds: readonly string[],
  titleOf: (columnId: string) => string,
): TableExport {
  return {
    columnIds: visibleColumnIds,
    headers: visibleColumnIds.map(titleOf),
    rows: rows.map((row) => visibleColumnIds.map((id) => row.cells[id] ?? '')),
  };
}

/**
 * Exactly what a view of the model shows: every row that matches its search and filters, in
 * its order, and its visible columns in order, titled in the model's language. A pure
 * function of the data and the view: an export started while a load runs waits for the load,
 * then calls this on the final data, never on what a render last showed.
 */
export function viewExport(model: RegistrationsModel, view: RegistrationsView): TableExport {
  const { rows, visibleColumnIds } = viewRows(model, view);
  return tableExport(rows, visibleColumnIds, (id) => model.titles.get(id)?.text ?? id);
}
