/**
 * The plumbing shared by the exports that build a file in a Web Worker (CSV, Excel): a worker
 * started ahead of time when the export menu opens, one worker per file (terminating it is
 * the only way to stop a build already running), answers matched by request id, and every
 * failure turned into a rejection: an abort, a script that failed to load, an unreadable
 * message, or the worker's own error message.
 */
export interface WorkerJobs {
  /** Start a worker before it is needed (when the export menu opens). */
  prepare: () => void;
  /**
   * Run one job: `send` posts the request (in one message or several) under `id`; resolves
   * with the Blob the worker answers for that id.
   */
  run: (
    send: (post: (message: unknown) => void, id: number) => void | Promise<void>,
    signal: AbortSignal | undefined,
  ) => Promise<Blob>;
}

/** What a worker answers: the file, or why it could not be built. */
export type WorkerJobResponse =
  { readonly id: number; readonly blob: Blob } | { readonly id: number; readonly error: string };

/** The error an aborted export rejects with. */
export function exportAborted(what: string): DOMException {
  return new DOMException(`The ${what} export was aborted.`, 'AbortError');
}

/**
 * @param what names the export in error messages ('CSV', 'Excel').
 * @param startWorker must call `new Worker(new URL('./x-worker.ts', import.meta.url), …)` itself:
 *   Vite bundles a worker only where that expression is written literally.
 */
export function workerJobs(what: string, startWorker: () => Worker): WorkerJobs {
  let spare: Worker | null = null;
  let nextId = 1;
  return {
    prepare: () => {
      if (typeof Worker !== 'undefined' && !spare) spare = startWorker();
    },
    run: (send, signal) =>
      new Promise<Blob>((resolve, reject) => {
        const worker = spare ?? startWorker();
        spare = null;
        const id = nextId++;
        const finish = () => {
          worker.terminate();
          signal?.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          finish();
          reject(exportAborted(what));
        };
        worker.onmessage = (event: MessageEvent<WorkerJobResponse>) => {
          const response = event.data;
          if (response.id !== id) return;
          finish();
          if ('error' in response) reject(new Error(response.error));
          else resolve(response.blob);
        };
        worker.onerror = (event: ErrorEvent) => {
          // The script failed to load or the worker crashed; the worker's own errors arrive as messages.
          event.preventDefault();
          finish();
          reject(new Error(`The ${what} worker failed: ${event.message || 'unknown error'}`));
        };
        worker.onmessageerror = () => {
          finish();
          reject(new Error(`The ${what} worker sent a message that could not be read.`));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        void send((message) => worker.postMessage(message), id);
      }),
  };
}
