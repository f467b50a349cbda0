/**
 * What the Excel export writes: plain data that a Web Worker can receive (structured clone),
 * with no trace of the library that writes the file.
 */

/** A cell as the table shows it; null, undefined and '' are empty cells. */
export type XlsxCell = string | number | null | undefined;

/**
 * How a column's cells are typed in the file.
 * - 'number': identifiers and counts, written as numbers so Excel sorts and sums them. A cell
 *   that is not a plain number (or would lose something as one: "007") stays text.
 * - 'text': everything else, names and answers included. Written as text cells, which Excel
 *   never evaluates: "=1+2", "+41 79…" or "@club" show as typed, with no apostrophe added.
 */
export type XlsxColumnType = 'text' | 'number';

export interface XlsxColumn {
  /** The column title in the interface language. */
  readonly header: string;
  readonly type: XlsxColumnType;
}

/** The main sheet: the table as displayed, with a frozen header row and an autofilter. */
export interface XlsxTableSheet {
  /** Sheet tab name; cleaned up to what Excel accepts (31 characters, no []:*?/\). */
  readonly name: string;
  /** At least one column. */
  readonly columns: readonly XlsxColumn[];
  /** Each row exactly as wide as `columns`. */
  readonly rows: readonly (readonly XlsxCell[])[];
}

/** One line of a figures sheet: a label and its number (null: a heading line without one). */
export interface XlsxFigure {
  readonly label: string;
  readonly value: number | null;
}

/** An optional second sheet of label/number lines, such as the overview's figures. */
export interface XlsxFiguresSheet {
  readonly name: string;
  /** Titles of the label and the number columns. */
  readonly headers: readonly [string, string];
  readonly rows: readonly XlsxFigure[];
}

export interface XlsxWorkbookInput {
  readonly table: XlsxTableSheet;
  readonly figures?: XlsxFiguresSheet;
}

/** The MIME type of .xlsx files. */
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
