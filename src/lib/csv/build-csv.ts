import Papa from 'papaparse';
import { CSV_PRESETS, UTF8_BOM, type CsvPresetId } from './csv-presets';
import { guardFormula } from './formula-guard';

/** A displayed cell; absent values export as empty cells. */
export type CsvCell = string | null | undefined;

export interface BuildCsvInput {
  /** Column titles as displayed, in display order. At least one. */
  readonly headers: readonly string[];
  /** Displayed cell text, one array per row, each exactly as wide as `headers`. */
  readonly rows: readonly (readonly CsvCell[])[];
  readonly preset: CsvPresetId;
}

/**
 * Serialise a table as CSV text for the chosen preset (BOM included when the preset has one).
 *
 * Every cell, headers included, goes through {@link guardFormula} first; papaparse's own
 * `escapeFormulae` stays off because it misses cells with line breaks (see formula-guard.ts).
 *
 * The output has no trailing line break: papaparse would read one back as an extra empty row.
 *
 * A one-column table is the only shape where a record can be an empty line (an empty cell and
 * no delimiter). Many readers skip empty lines, and Excel cannot tell a trailing empty line
 * from no row at all, so in a one-column table an empty cell is written as `""`: the row
 * survives every reader and RFC 4180 reads it as one empty field.
 *
 * @throws RangeError when there are no columns or a row is not as wide as the headers: a
 *   misaligned row would silently put values under the wrong column.
 */
export function buildCsv({ headers, rows, preset }: BuildCsvInput): string {
  const width = headers.length;
  if (width === 0) throw new RangeError('A CSV export needs at least one column.');
  const { delimiter, bom, newline } = CSV_PRESETS[preset];

  const data = rows.map((row, index) => {
    if (row.length !== width) {
      throw new RangeError(`Row ${index} has ${row.length} cells; the table has ${width} columns.`);
    }
    return row.map((cell) => guardFormula(cell ?? ''));
  });

  // Headers go in as the first plain row. papaparse's `{ fields, data }` form turns an empty
  // `data` into one empty row (5.7.1 wraps a non-array `data[0]` in an array), which would
  // append a stray line break to a header-only export.
  const csv = Papa.unparse([headers.map(guardFormula), ...data], {
    delimiter,
    newline,
    // Our guard already ran on every cell (headers included) and covers what this misses.
    escapeFormulae: false,
    // Otherwise papaparse quotes only what needs it: delimiter, quote, CR, LF, BOM, and
    // leading/trailing spaces.
    quotes: width === 1 ? (value: unknown) => value === '' : false,
  });
  return bom ? UTF8_BOM + csv : csv;
}

/** The MIME type browsers and Excel associate with CSV; the charset matches the encoding. */
export const CSV_MIME_TYPE = 'text/csv;charset=utf-8';

/** The CSV file as a Blob (the Blob constructor encodes the text as UTF-8). */
export function buildCsvBlob(input: BuildCsvInput): Blob {
  return new Blob([buildCsv(input)], { type: CSV_MIME_TYPE });
}
