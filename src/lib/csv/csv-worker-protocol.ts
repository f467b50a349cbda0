import { buildCsv, type BuildCsvInput } from './build-csv';

/**
 * What export-csv posts to the worker, plain data that structured clone can copy: the headers
 * and preset, then the rows a few thousand at a time, then the end. Copying 100,000 rows in
 * one message would hold the main thread for a tenth of a second; chunks keep every task short.
 */
export type CsvWorkerRequest =
  | {
      readonly id: number;
      readonly kind: 'begin';
      readonly headers: BuildCsvInput['headers'];
      readonly preset: BuildCsvInput['preset'];
    }
  | { readonly id: number; readonly kind: 'rows'; readonly rows: BuildCsvInput['rows'] }
  | { readonly id: number; readonly kind: 'end' };

/** What the worker posts back: the file, or why it could not be built. */
export type CsvWorkerResponse =
  { readonly id: number; readonly blob: Blob } | { readonly id: number; readonly error: string };

/** The MIME type browsers and Excel associate with CSV; the charset matches the encoding. */
export const CSV_MIME_TYPE = 'text/csv;charset=utf-8';

/** Build the CSV file as a Blob (the Blob constructor encodes the text as UTF-8). */
export function buildCsvBlob(input: BuildCsvInput): Blob {
  return new Blob([buildCsv(input)], { type: CSV_MIME_TYPE });
}

/**
 * The worker's whole job, kept out of csv-worker.ts so tests can run it without a worker:
 * gathers the rows of each request and answers at its end. An error travels as its message:
 * a string clones everywhere, an Error object only in recent browsers and without its subclass.
 */
export function createCsvWorkerHandler(): (request: CsvWorkerRequest) => CsvWorkerResponse | null {
  const open = new Map<
    number,
    {
      headers: BuildCsvInput['headers'];
      preset: BuildCsvInput['preset'];
      rows: BuildCsvInput['rows'][number][];
    }
  >();
  return (request) => {
    if (request.kind === 'begin') {
      open.set(request.id, { headers: request.headers, preset: request.preset, rows: [] });
      return null;
    }
    const table = open.get(request.id);
    if (!table) return { id: request.id, error: 'The export was not started.' };
    if (request.kind === 'rows') {
      for (const row of request.rows) table.rows.push(row);
      return null;
    }
    open.delete(request.id);
    try {
      return { id: request.id, blob: buildCsvBlob(table) };
    } catch (error) {
      return { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
  };
}
