import type { BuildCsvInput } from './build-csv';
import type { CsvWorkerRequest, CsvWorkerResponse } from './csv-worker-protocol';

export interface ExportCsvOptions {
  /** Aborting terminates the worker and rejects with an AbortError DOMException. */
  readonly signal?: AbortSignal;
}

let nextRequestId = 1;

/** A worker started ahead of the export it will serve. */
let spare: Worker | null = null;

function startWorker(): Worker {
  // Vite's documented pattern: it bundles csv-worker.ts as a module worker because the
  // `new URL(..., import.meta.url)` sits literally inside `new Worker(...)`.
  return new Worker(new URL('./csv-worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Start the worker before the export is asked for (when the export menu opens), so loading
 * and compiling its script is not part of the time to the file.
 */
export function prepareCsvExport(): void {
  if (typeof Worker !== 'undefined' && !spare) spare = startWorker();
}

function abortError(): DOMException {
  return new DOMException('The CSV export was aborted.', 'AbortError');
}

/**
 * Build the CSV file for a table, off the main thread when the browser has workers.
 *
 * Where `Worker` is undefined (jsdom in unit tests, some embedded web views) the file is built
 * on the main thread instead: same function, same bytes, only the UI may pause on a very big
 * table. The fallback runs in a microtask, so an abort issued right after the call still wins.
 */
export function exportCsv(input: BuildCsvInput, { signal }: ExportCsvOptions = {}): Promise<Blob> {
  if (signal?.aborted) return Promise.reject(abortError());
  if (typeof Worker === 'undefined') return buildOnMainThread(input, signal);
  return buildInWorker(input, signal);
}

async function buildOnMainThread(input: BuildCsvInput, signal: AbortSignal | undefined): Promise<Blob> {
  // Loaded only here: papaparse stays in the worker's bundle, not in the screen's.
  const { buildCsvBlob } = await import('./csv-worker-protocol');
  if (signal?.aborted) throw abortError();
  return buildCsvBlob(input);
}

function buildInWorker(input: BuildCsvInput, signal: AbortSignal | undefined): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) => {
    const worker = spare ?? startWorker();
    spare = null;
    const id = nextRequestId++;

    // One worker per export: nothing to share between exports, and terminating is the only
    // way to stop a build that is already running.
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(abortError());
    };

    worker.onmessage = (event: MessageEvent<CsvWorkerResponse>) => {
      const response = event.data;
      if (response.id !== id) return;
      finish();
      if ('error' in response) reject(new Error(response.error));
      else resolve(response.blob);
    };
    worker.onerror = (event: ErrorEvent) => {
      // The script failed to load or the worker crashed; our own errors arrive as messages.
      event.preventDefault();
      finish();
      reject(new Error(`The CSV worker failed: ${event.message || 'unknown error'}`));
    };
    worker.onmessageerror = () => {
      finish();
      reject(new Error('The CSV worker sent a message that could not be read.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    void postInChunks(worker, id, input, signal);
  });
}

/** Rows per message: copying 5,000 rows of a dozen cells takes a few milliseconds. */
const ROWS_PER_MESSAGE = 5000;

/** Lets the page handle input and paint between two chunks. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function postInChunks(
  worker: Worker,
  id: number,
  { headers, rows, preset }: BuildCsvInput,
  signal: AbortSignal | undefined,
): Promise<void> {
  const post = (request: CsvWorkerRequest) => worker.postMessage(request);
  post({ id, kind: 'begin', headers, preset });
  for (let start = 0; start < rows.length; start += ROWS_PER_MESSAGE) {
    if (start > 0) await nextTask();
    if (signal?.aborted) return;
    post({ id, kind: 'rows', rows: rows.slice(start, start + ROWS_PER_MESSAGE) });
  }
  post({ id, kind: 'end' });
}
