import type { RegistrationRow } from './registration-rows';

export interface TableExport {
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
    headers: visibleColumnIds.map(titleOf),
    rows: rows.map((row) => visibleColumnIds.map((id) => row.cells[id] ?? '')),
  };
}
