import { exportAborted, workerJobs } from '@/lib/worker-job';
import type { BuildCsvInput } from './build-csv';
import type { CsvWorkerRequest } from './csv-worker-protocol';

export interface ExportCsvOptions {
  /** Aborting terminates the worker and rejects with an AbortError DOMException. */
  readonly signal?: AbortSignal;
}

// Vite's documented pattern: it bundles csv-worker.ts as a module worker because the
// `new URL(..., import.meta.url)` sits literally inside `new Worker(...)`.
const jobs = workerJobs(
  'CSV',
  () => new Worker(new URL('./csv-worker.ts', import.meta.url), { type: 'module' }),
);

/**
 * Start the worker before the export is asked for (when the export menu opens), so loading
 * and compiling its script is not part of the time to the file.
 */
export const prepareCsvExport = jobs.prepare;

/**
 * Build the CSV file for a table, off the main thread when the browser has workers.
 *
 * Where `Worker` is undefined (jsdom in unit tests, some embedded web views) the file is built
 * on the main thread instead: same function, same bytes, only the UI may pause on a very big
 * table. The fallback runs in a microtask, so an abort issued right after the call still wins.
 */
export function exportCsv(input: BuildCsvInput, { signal }: ExportCsvOptions = {}): Promise<Blob> {
  if (signal?.aborted) return Promise.reject(exportAborted('CSV'));
  if (typeof Worker === 'undefined') return buildOnMainThread(input, signal);
  return jobs.run((post, id) => postInChunks(post, id, input, signal), signal);
}

async function buildOnMainThread(input: BuildCsvInput, signal: AbortSignal | undefined): Promise<Blob> {
  // Loaded only here: papaparse stays in the worker's bundle, not in the screen's.
  const { buildCsvBlob } = await import('./csv-worker-protocol');
  if (signal?.aborted) throw exportAborted('CSV');
  return buildCsvBlob(input);
}

/** Rows per message: copying 5,000 rows of a dozen cells takes a few milliseconds. */
const ROWS_PER_MESSAGE = 5000;

/** Lets the page handle input and paint between two chunks. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function postInChunks(
  post: (message: CsvWorkerRequest) => void,
  id: number,
  { headers, rows, preset }: BuildCsvInput,
  signal: AbortSignal | undefined,
): Promise<void> {
  post({ id, kind: 'begin', headers, preset });
  for (let start = 0; start < rows.length; start += ROWS_PER_MESSAGE) {
    if (start > 0) await nextTask();
    if (signal?.aborted) return;
    post({ id, kind: 'rows', rows: rows.slice(start, start + ROWS_PER_MESSAGE) });
  }
  post({ id, kind: 'end' });
}
