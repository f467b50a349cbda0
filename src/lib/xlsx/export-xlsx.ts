import { exportAborted, workerJobs } from '@/lib/worker-job';
import type { XlsxWorkbookInput } from './xlsx-table';
import type { XlsxWorkerRequest } from './xlsx-worker-protocol';

export interface ExportXlsxOptions {
  /** Aborting terminates the worker and rejects with an AbortError DOMException. */
  readonly signal?: AbortSignal;
}

// Vite bundles xlsx-worker.ts (and write-excel-file with it) as a separate module worker
// because the `new URL(..., import.meta.url)` sits literally inside `new Worker(...)`.
const jobs = workerJobs(
  'Excel',
  () => new Worker(new URL('./xlsx-worker.ts', import.meta.url), { type: 'module' }),
);

/**
 * Start the worker when the export menu opens, so downloading and compiling the library is
 * not part of the time to the file. Like prepareCsvExport().
 */
export const prepareXlsxExport = jobs.prepare;

/**
 * Build the .xlsx file for a table, off the main thread when the browser has workers.
 *
 * Without `Worker` (jsdom in unit tests, some embedded web views) the library is loaded with
 * a dynamic import and the file is built on the main thread: same bytes, only the UI may
 * pause on a very big table. An abort issued right after the call still wins.
 */
export function exportXlsx(input: XlsxWorkbookInput, { signal }: ExportXlsxOptions = {}): Promise<Blob> {
  if (signal?.aborted) return Promise.reject(exportAborted('Excel'));
  if (typeof Worker === 'undefined') return buildOnMainThread(input, signal);
  return jobs.run((post, id) => postInChunks(post, id, input, signal), signal);
}

/** Rows per message: copying 5,000 rows of a dozen cells takes a few milliseconds. */
const ROWS_PER_MESSAGE = 5000;

/** Lets the page handle input and paint between two chunks. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function postInChunks(
  post: (message: XlsxWorkerRequest) => void,
  id: number,
  workbook: XlsxWorkbookInput,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { rows } = workbook.table;
  post({ id, kind: 'begin', workbook: { ...workbook, table: { ...workbook.table, rows: [] } } });
  for (let start = 0; start < rows.length; start += ROWS_PER_MESSAGE) {
    await nextTask();
    if (signal?.aborted) return;
    post({ id, kind: 'rows', rows: rows.slice(start, start + ROWS_PER_MESSAGE) });
  }
  post({ id, kind: 'end' });
}

async function buildOnMainThread(input: XlsxWorkbookInput, signal: AbortSignal | undefined): Promise<Blob> {
  const { buildXlsx } = await import('./build-xlsx');
  if (signal?.aborted) throw exportAborted('Excel');
  const blob = await buildXlsx(input);
  if (signal?.aborted) throw exportAborted('Excel');
  return blob;
}
