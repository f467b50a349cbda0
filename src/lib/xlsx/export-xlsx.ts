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
  return jobs.run((post, id) => post({ id, workbook: input } satisfies XlsxWorkerRequest), signal);
}

async function buildOnMainThread(input: XlsxWorkbookInput, signal: AbortSignal | undefined): Promise<Blob> {
  const { buildXlsx } = await import('./build-xlsx');
  if (signal?.aborted) throw exportAborted('Excel');
  const blob = await buildXlsx(input);
  if (signal?.aborted) throw exportAborted('Excel');
  return blob;
}
