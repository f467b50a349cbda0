import type { RegistrationRow } from './registration-rows';

export interface TableExport {
  /** The visible columns' ids, in order (an Excel file types its columns by id). */
  columnIds: readonly string[];
  headers: string[];
  rows: string[][];
}

/**
 * Exactly what the user sees: the rows after search and filters in the displayed order
 * (all pages, not just the current one) and the visible columns in the displayed order,
 * with the headers in the current language. Cells are the displayed text.
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
