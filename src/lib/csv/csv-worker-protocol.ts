import { buildCsv, type BuildCsvInput } from './build-csv';

/** What export-csv posts to the worker. Plain data, so structured clone can copy it. */
export interface CsvWorkerRequest extends BuildCsvInput {
  readonly id: number;
}

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
 * The worker's whole job, kept out of csv-worker.ts so tests can call it without a worker.
 * An error travels as its message: a string clones everywhere, an Error object only in recent
 * browsers and without its subclass.
 */
export function handleCsvWorkerRequest({ id, headers, rows, preset }: CsvWorkerRequest): CsvWorkerResponse {
  try {
    return { id, blob: buildCsvBlob({ headers, rows, preset }) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}
