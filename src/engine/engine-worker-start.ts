/**
 * Starts the engine worker. Part of the page's entry (main.tsx), which starts it as soon as it
 * runs on the screens whose first data come from the engine: the worker's code then loads and
 * compiles beside the app's own instead of after it, and the engine is ready when the screen
 * first asks. The page's one connection to the engine (engine.ts) takes that worker, or starts
 * one itself when none was started early (or it failed to load, or after a crash).
 *
 * This module imports nothing, so the entry stays a few kB.
 */

/** A worker started early and not taken yet, with whether it failed before it was taken. */
let started: { worker: Worker; failed: boolean } | null = null;

/** A new engine worker. */
export function newEngineWorker(): Worker {
  // Vite bundles the worker because `new URL(..., import.meta.url)` sits inside `new Worker(...)`.
  return new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' });
}

/** Starts the engine worker now, for the page's connection to take later (once per page). */
export function startEngineWorkerEarly(): void {
  if (started || typeof Worker === 'undefined') return;
  const early = { worker: newEngineWorker(), failed: false };
  // Until the connection takes it, a failure to load would reach no listener: noted here, the
  // connection starts another worker instead of waiting on this one for ever.
  early.worker.onerror = (event) => {
    event.preventDefault();
    early.failed = true;
  };
  started = early;
}

/** The worker started early, once, if it has not failed; null otherwise. */
export function takeEarlyEngineWorker(): Worker | null {
  const early = started;
  started = null;
  if (!early) return null;
  early.worker.onerror = null;
  if (!early.failed) return early.worker;
  early.worker.terminate();
  return null;
}
