import { asIs, done, isId, isRecord, method, type Parser } from '@/engine/rpc/contract';
import type { CsvCell } from '@/lib/csv/build-csv';
import { CSV_PRESET_IDS, type CsvPresetId } from '@/lib/csv/csv-presets';
import type { XlsxCell, XlsxFigure, XlsxWorkbookInput } from '@/lib/xlsx/xlsx-table';

/**
 * The engine's export methods: the CSV file and the Excel workbook of a table, built in the
 * engine (export-handler.ts). A table of 100,000 rows is too big for one message (copying it
 * would hold the page for a tenth of a second), so an export goes in three steps:
 * - `export.csv` or `export.xlsx` opens the export: the table without its rows, and how many
 *   rows will follow. It answers the file once they all came;
 * - `export.rows` brings the rows, a slice at a time, in order, the page yielding between
 *   slices. It answers false when the export is no longer open (cancelled, failed, or the
 *   engine restarted): the page stops sending;
 * - cancelling the call that opened the export drops its rows; an export whose rows stop
 *   coming is dropped after a while (export-handler.ts).
 * The tables are the page's own making, relayed: their shape is checked, not every text.
 */

export type ExportFormat = 'csv' | 'xlsx';

/** One row of a table, as wide as its columns (the builders check the width). */
export type ExportRow = readonly XlsxCell[];

interface ExportOpening {
  /** The page's number for this export: its `export.rows` slices carry it. */
  readonly exportId: number;
  /** How many rows the `export.rows` slices will bring. */
  readonly rows: number;
}

export interface CsvExportJob extends ExportOpening {
  readonly headers: readonly string[];
  readonly preset: CsvPresetId;
}

export interface XlsxExportJob extends ExportOpening {
  /** The workbook; its table's rows come in `export.rows` slices (any given here go first). */
  readonly workbook: XlsxWorkbookInput;
}

export interface ExportRows {
  readonly exportId: number;
  readonly rows: readonly ExportRow[];
}

const isText = (value: unknown): value is string => typeof value === 'string';
const PRESETS: ReadonlySet<unknown> = new Set(CSV_PRESET_IDS);

/** A CSV cell: text, or nothing (an empty cell). */
export const isCsvCell = (value: unknown): value is CsvCell =>
  value === null || value === undefined || isText(value);
const isCell = (value: unknown): value is XlsxCell => isCsvCell(value) || typeof value === 'number';
const isRow = (value: unknown): value is ExportRow => Array.isArray(value) && value.every(isCell);
const isRows = (value: unknown): value is ExportRow[] => Array.isArray(value) && value.every(isRow);

const isColumn = (value: unknown) =>
  isRecord(value) && isText(value.header) && (value.type === 'text' || value.type === 'number');
const isFigure = (value: unknown): value is XlsxFigure =>
  isRecord(value) && isText(value.label) && (value.value === null || typeof value.value === 'number');
const isWorkbook = (value: unknown): value is XlsxWorkbookInput => {
  if (!isRecord(value) || !isRecord(value.table)) return false;
  const { table, figures } = value;
  return (
    isText(table.name) &&
    Array.isArray(table.columns) &&
    table.columns.every(isColumn) &&
    isRows(table.rows) &&
    (figures === undefined ||
      (isRecord(figures) &&
        isText(figures.name) &&
        Array.isArray(figures.headers) &&
        figures.headers.length === 2 &&
        figures.headers.every(isText) &&
        Array.isArray(figures.rows) &&
        figures.rows.every(isFigure)))
  );
};

/** A Blob, whatever realm made it (a structured clone comes from the worker's). */
const isBlob = (value: unknown): value is Blob => Object.prototype.toString.call(value) === '[object Blob]';
const file: Parser<Blob> = asIs(isBlob);

const opening = (p: Record<string, unknown>) => isId(p.exportId) && isId(p.rows);

export const exportContract = {
  /** Opens a CSV export; answers the file once its rows came. */
  'export.csv': method<CsvExportJob, Blob>({
    params: asIs(
      (p) =>
        isRecord(p) &&
        opening(p) &&
        Array.isArray(p.headers) &&
        p.headers.every(isText) &&
        PRESETS.has(p.preset),
    ),
    result: file,
  }),
  /** Opens an Excel export; answers the workbook once its table's rows came. */
  'export.xlsx': method<XlsxExportJob, Blob>({
    params: asIs((p) => isRecord(p) && opening(p) && isWorkbook(p.workbook)),
    result: file,
  }),
  /** A slice of an open export's rows; false: that export is no longer open, send no more. */
  'export.rows': method<ExportRows, boolean>({
    params: asIs((p) => isRecord(p) && isId(p.exportId) && isRows(p.rows)),
    result: asIs((r) => typeof r === 'boolean'),
  }),
  /** Loads the code that builds a format ahead of the export (when the export menu opens). */
  'export.prepare': method<{ format: ExportFormat }, true>({
    params: asIs((p) => isRecord(p) && (p.format === 'csv' || p.format === 'xlsx')),
    result: done,
  }),
};
