import type { XlsxColumnType, XlsxFigure, XlsxWorkbookInput } from '@/lib/xlsx';

/** Columns whose cells are numbers in Excel; every other column is text (answers included). */
const NUMBER_COLUMNS: ReadonlySet<string> = new Set(['registration_id']);

export function xlsxColumnType(columnId: string): XlsxColumnType {
  return NUMBER_COLUMNS.has(columnId) ? 'number' : 'text';
}

export interface RegistrationsWorkbookInput {
  /** The visible columns' ids, in display order (`q:<que_id>` for questions). */
  readonly columnIds: readonly string[];
  /** What the table shows (the CSV export's table): titles and cell text, same order. */
  readonly table: { readonly headers: readonly string[]; readonly rows: readonly (readonly string[])[] };
  readonly sheetName: string;
  /** The overview sheet, when the promoter wants it (see overviewFigures). */
  readonly figures?: {
    readonly sheetName: string;
    readonly headers: readonly [string, string];
    readonly rows: readonly XlsxFigure[];
  };
}

/**
 * The Excel file of the registrations table: the displayed table with its columns typed
 * (the id as a number, everything else as text), and optionally the overview's figures.
 */
export function registrationsWorkbook({
  columnIds,
  table,
  sheetName,
  figures,
}: RegistrationsWorkbookInput): XlsxWorkbookInput {
  if (columnIds.length !== table.headers.length) {
    throw new RangeError(`${columnIds.length} column ids for ${table.headers.length} headers.`);
  }
  return {
    table: {
      name: sheetName,
      columns: columnIds.map((id, i) => ({ header: table.headers[i] ?? '', type: xlsxColumnType(id) })),
      rows: table.rows,
    },
    ...(figures
      ? { figures: { name: figures.sheetName, headers: figures.headers, rows: figures.rows } }
      : {}),
  };
}
