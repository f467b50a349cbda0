import type { Sleep } from './load-types';

/** setTimeout as a promise that resolves early (never rejects) on abort: callers check the signal. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

export interface LinkedController {
  controller: AbortController;
  /** Stop following the parent (call when the child's work is over, to free the listener). */
  release: () => void;
}

/**
 * A controller that also aborts when `parent` does. Written by hand rather than with
 * AbortSignal.any so it works with whichever AbortSignal the runtime (or jsdom) provides.
 */
export function linkedController(parent: AbortSignal | undefined): LinkedController {
  const controller = new AbortController();
  if (!parent) return { controller, release: () => undefined };
  const forward = () => controller.abort(parent.reason);
  if (parent.aborted) forward();
  else parent.addEventListener('abort', forward, { once: true });
  return { controller, release: () => parent.removeEventListener('abort', forward) };
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The load was cancelled.', 'AbortError');
}
