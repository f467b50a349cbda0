import { SLICE_BUDGET_MS } from './main-thread-budget';
import { yieldToBrowser } from './yield-to-browser';

/** What an idle callback may still use, in milliseconds (see requestIdleCallback). */
export type IdleTime = () => number;

/** An idle period with less left than this is not worth a step: the next one is awaited. */
const STEP_NEEDS_MS = 2;

/**
 * Runs `step` in the browser's idle time until it returns true (done), then calls `onDone`.
 * Each step gets the time left, its idle period's or the main-thread slice budget's, whichever
 * ends first (an idle period can last 50 ms, and a keystroke arriving meanwhile would wait for
 * all of it), and should stay within it: this is work the promoter did not ask for yet
 * (preparing search and sort data after a load), which must not hold up a keystroke, a click
 * or a frame. Steps go on within the same idle period, each in a task of its own so input and
 * paint come first: a browser with nothing to draw gives one idle period every 50 ms, and a
 * single step per period would leave most of the time unused. Returns a function that stops
 * the work.
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
  let stopped = false;
  const run = async (deadline: { timeRemaining: IdleTime }) => {
    do {
      const end = performance.now() + SLICE_BUDGET_MS;
      const timeLeft = () => Math.max(0, Math.min(deadline.timeRemaining(), end - performance.now()));
      if (step(timeLeft)) {
        onDone?.();
        return;
      }
      if (deadline.timeRemaining() < STEP_NEEDS_MS) break;
      await yieldToBrowser();
    } while (!stopped && deadline.timeRemaining() >= STEP_NEEDS_MS);
    if (!stopped) handle = idle((next) => void run(next));
  };
  handle = idle((first) => void run(first));
  return () => {
    stopped = true;
    cancelIdle(handle as number);
  };
}
