import { SLICE_BUDGET_MS } from './main-thread-budget';

/** What an idle callback may still use, in milliseconds (see requestIdleCallback). */
export type IdleTime = () => number;

/**
 * Runs `step` in the browser's idle time, one call per idle period, until it returns true
 * (done), then calls `onDone`. Each step gets the time left, its idle period's or the
 * main-thread slice budget's, whichever ends first (an idle period can last 50 ms, and a
 * keystroke arriving meanwhile would wait for all of it), and should stay within it: this is
 * work the promoter did not ask for yet (preparing search and sort data after a load), which
 * must not hold up a keystroke, a click or a frame. Returns a function that stops the work.
 */
export function runWhenIdle(step: (timeLeft: IdleTime) => boolean, onDone?: () => void): () => void {
  const idle =
    globalThis.requestIdleCallback ??
    ((run: (deadline: { timeRemaining: IdleTime }) => void) =>
      setTimeout(() => {
        // Without requestIdleCallback (Safari): the budget alone.
        run({ timeRemaining: () => SLICE_BUDGET_MS });
      }, 1));
  const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout;
  let handle: number | ReturnType<typeof setTimeout> = 0;
  const run = (deadline: { timeRemaining: IdleTime }) => {
    const end = performance.now() + SLICE_BUDGET_MS;
    const timeLeft = () => Math.max(0, Math.min(deadline.timeRemaining(), end - performance.now()));
    if (step(timeLeft)) onDone?.();
    else handle = idle(run);
  };
  handle = idle(run);
  return () => cancelIdle(handle as number);
}
