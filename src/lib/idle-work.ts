/** What an idle callback may still use, in milliseconds (see requestIdleCallback). */
export type IdleTime = () => number;

/**
 * Runs `step` in the browser's idle time, one call per idle period, until it returns true
 * (done), then calls `onDone`. Each step gets the time left in its idle period and should
 * stay within it: this is work the promoter did not ask for yet (preparing search and sort
 * data after a load), which must not hold up a keystroke, a click or a frame. Returns a
 * function that stops the work.
 */
export function runWhenIdle(step: (timeLeft: IdleTime) => boolean, onDone?: () => void): () => void {
  const idle =
    globalThis.requestIdleCallback ??
    ((run: (deadline: { timeRemaining: IdleTime }) => void) =>
      setTimeout(() => {
        // Without requestIdleCallback (Safari), a 50 ms slice measured by the clock.
        const end = performance.now() + 50;
        run({ timeRemaining: () => Math.max(0, end - performance.now()) });
      }, 1));
  const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout;
  let handle: number | ReturnType<typeof setTimeout> = 0;
  const run = (deadline: { timeRemaining: IdleTime }) => {
    if (step(() => deadline.timeRemaining())) onDone?.();
    else handle = idle(run);
  };
  handle = idle(run);
  return () => cancelIdle(handle as number);
}
