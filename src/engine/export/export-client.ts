import type { BuildCsvInput } from '@/lib/csv/build-csv';
import type { XlsxWorkbookInput } from '@/lib/xlsx/xlsx-table';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { theEngine } from '../engine';
import type { EngineClient } from '../rpc/client';
import type { ExportFormat, ExportRow, exportContract } from './export-contract';

/**
 * The page's side of the engine's exports (export-contract.ts): the CSV file and the Excel
 * workbook of a table, built in the engine worker, so exporting 100,000 registrations never
 * freezes the table. The rows go ROWS_PER_SLICE at a time, the page yielding between slices;
 * the engine answers the file. Where there is no Worker (jsdom in unit tests, some embedded
 * web views) the engine runs in the page (engine.ts) and builds the same bytes there, the
 * builders' libraries loaded by a dynamic import; only the page may then pause on a very big
 * table.
 *
 * Aborting rejects at once with an AbortError DOMException (exportAborted) and cancels the
 * export in the engine, which drops its rows. A build that fails rejects with an EngineError
 * (`failed`, the builder's message: a row not as wide as the columns, say); an engine that
 * stopped, with an EngineError (`crashed`), and the next export starts a new engine.
 */

export interface ExportOptions {
  /** Aborting rejects with an AbortError DOMException and cancels the export in the engine. */
  readonly signal?: AbortSignal;
}

/** Rows per message: copying 2,500 rows of a dozen cells takes a few milliseconds. */
export const ROWS_PER_SLICE = 2500;

/** The error an aborted export rejects with ('CSV', 'Excel'). */
export function exportAborted(what: string): DOMException {
  return new DOMException(`The ${what} export was aborted.`, 'AbortError');
}

/** What the exports need of an engine: the app's, or one made in a test. */
type ExportEngine = Pick<EngineClient<typeof exportContract>, 'call'>;

export interface ExportClient {
  readonly exportCsv: (input: BuildCsvInput, options?: ExportOptions) => Promise<Blob>;
  readonly exportXlsx: (input: XlsxWorkbookInput, options?: ExportOptions) => Promise<Blob>;
  /** Has the engine load the code that builds `format`, so the export does not wait for it. */
  readonly prepare: (format: ExportFormat) => void;
}

/** The exports through the given engine (tests: one in the page, or one that fails). */
export function exportClientOf(engine: ExportEngine): ExportClient {
  let nextExportId = 1;

  /**
   * Opens the export with `open` (the engine's call that answers the file), then sends `rows`
   * in slices, yielding between them, until they are all sent or the export is over.
   */
  const send = async (
    what: string,
    rows: readonly ExportRow[],
    open: (exportId: number, signal: AbortSignal) => Promise<Blob>,
    signal: AbortSignal | undefined,
  ): Promise<Blob> => {
    if (signal?.aborted) throw exportAborted(what);
    const exportId = nextExportId++;
    // Ends the export: the caller's abort, or a failure of the page's own while sending.
    const stop = new AbortController();
    const onAbort = () => stop.abort(exportAborted(what));
    signal?.addEventListener('abort', onAbort, { once: true });
    let over = false;
    const file = open(exportId, stop.signal);
    // Handled here too: it may fail while the slices are still being sent.
    file.then(
      () => (over = true),
      () => (over = true),
    );
    try {
      for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
        if (start > 0) await yieldToBrowser();
        if (over || stop.signal.aborted) break;
        // Its answer says nothing the file's does not: the file's call ends the export.
        engine
          .call('export.rows', { exportId, rows: rows.slice(start, start + ROWS_PER_SLICE) })
          .catch(() => false);
      }
    } catch (error) {
      stop.abort(error);
    }
    try {
      return await file;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };

  return {
    exportCsv: ({ headers, rows, preset }, { signal } = {}) =>
      send(
        'CSV',
        rows,
        (exportId, stopped) =>
          engine.call('export.csv', { exportId, rows: rows.length, headers, preset }, { signal: stopped }),
        signal,
      ),
    exportXlsx: (workbook, { signal } = {}) => {
      const { rows } = workbook.table;
      return send(
        'Excel',
        rows,
        (exportId, stopped) =>
          engine.call(
            'export.xlsx',
            {
              exportId,
              rows: rows.length,
              workbook: { ...workbook, table: { ...workbook.table, rows: [] } },
            },
            { signal: stopped },
          ),
        signal,
      );
    },
    prepare: (format) => void engine.call('export.prepare', { format }).catch(() => undefined),
  };
}

let client: ExportClient | null = null;
const theClient = () => (client ??= exportClientOf(theEngine()));

/**
 * Builds the CSV file of a table in the engine (see above); same bytes as buildCsv's text in
 * UTF-8. Rejects with an AbortError DOMException when aborted.
 */
export const exportCsv = (input: BuildCsvInput, options?: ExportOptions): Promise<Blob> =>
  theClient().exportCsv(input, options);

/** Builds the .xlsx workbook in the engine (see above). Rejects with an AbortError DOMException when aborted. */
export const exportXlsx = (input: XlsxWorkbookInput, options?: ExportOptions): Promise<Blob> =>
  theClient().exportXlsx(input, options);

/**
 * When the export menu opens: has the engine worker load the CSV builder (papaparse), so the
 * click does not wait for it. Nothing where there is no Worker: the page would load it on its
 * own thread for nothing.
 */
export function prepareCsvExport(): void {
  if (typeof Worker !== 'undefined') theClient().prepare('csv');
}

/** Like prepareCsvExport, for the Excel builder (write-excel-file, about 75 kB). */
export function prepareXlsxExport(): void {
  if (typeof Worker !== 'undefined') theClient().prepare('xlsx');
}
