import type { XlsxWorkbookInput } from './xlsx-table';
import type { XlsxWorkerRequest, XlsxWorkerResponse } from './xlsx-worker-protocol';

export interface ExportXlsxOptions {
  /** Aborting terminates the worker and rejects with an AbortError DOMException. */
  readonly signal?: AbortSignal;
}

let nextRequestId = 1;

/** A worker started ahead of the export it will serve. */
let spare: Worker | null = null;

function startWorker(): Worker {
  // Vite bundles xlsx-worker.ts (and write-excel-file with it) as a separate module worker
  // because the `new URL(..., import.meta.url)` sits literally inside `new Worker(...)`.
  return new Worker(new URL('./xlsx-worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Start the worker when the export menu opens, so downloading and compiling the library is
 * not part of the time to the file. Like prepareCsvExport().
 */
export function prepareXlsxExport(): void {
  if (typeof Worker !== 'undefined' && !spare) spare = startWorker();
}

function abortError(): DOMException {
  return new DOMException('The Excel export was aborted.', 'AbortError');
}

/**
 * Build the .xlsx file for a table, off the main thread when the browser has workers.
 *
 * Without `Worker` (jsdom in unit tests, some embedded web views) the library is loaded with
 * a dynamic import and the file is built on the main thread: same bytes, only the UI may
 * pause on a very big table. An abort issued right after the call still wins.
 */
export function exportXlsx(input: XlsxWorkbookInput, { signal }: ExportXlsxOptions = {}): Promise<Blob> {
  if (signal?.aborted) return Promise.reject(abortError());
  if (typeof Worker === 'undefined') return buildOnMainThread(input, signal);
  return buildInWorker(input, signal);
}

async function buildOnMainThread(input: XlsxWorkbookInput, signal: AbortSignal | undefined): Promise<Blob> {
  const { buildXlsx } = await import('./build-xlsx');
  if (signal?.aborted) throw abortError();
  const blob = await buildXlsx(input);
  if (signal?.aborted) throw abortError();
  return blob;
}

function buildInWorker(input: XlsxWorkbookInput, signal: AbortSignal | undefined): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) => {
    const worker = spare ?? startWorker();
    spare = null;
    const id = nextRequestId++;

    // One worker per export: terminating is the only way to stop a build already running.
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(abortError());
    };

    worker.onmessage = (event: MessageEvent<XlsxWorkerResponse>) => {
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
      reject(new Error(`The Excel worker failed: ${event.message || 'unknown error'}`));
    };
    worker.onmessageerror = () => {
      finish();
      reject(new Error('The Excel worker sent a message that could not be read.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    const request: XlsxWorkerRequest = { id, workbook: input };
    worker.postMessage(request);
  });
}
