interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task so input and paint get their turn, and goes on in a new one: the pause
 * between the slices of long work on the main thread (building 100,000 rows, sending them to a
 * worker, writing an export). `scheduler.yield()` (Chromium 129+, Firefox 142+) goes on ahead of
 * other queued work and is never clamped; a chain of `setTimeout(0)` is clamped to 4 ms after
 * five links, which costs 200 ms over the 50 slices of a 100,000-row list. Elsewhere (and in
 * tests, whose fake timers drive it) a plain `setTimeout`.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve));
}
