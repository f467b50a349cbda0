import { runWhenIdle } from './idle-work';

type IdleRun = IdleRequestCallback;

/** A browser whose idle periods the test hands out, each with the time it says. */
function idlePeriods() {
  const asked: (IdleRun | null)[] = [];
  const realIdle = globalThis.requestIdleCallback;
  const realCancel = globalThis.cancelIdleCallback;
  globalThis.requestIdleCallback = (run: IdleRun) => asked.push(run);
  globalThis.cancelIdleCallback = (handle: number) => {
    asked[handle - 1] = null;
  };
  onTestFinished(() => {
    if (realIdle) globalThis.requestIdleCallback = realIdle;
    else delete (globalThis as Partial<typeof globalThis>).requestIdleCallback;
    if (realCancel) globalThis.cancelIdleCallback = realCancel;
    else delete (globalThis as Partial<typeof globalThis>).cancelIdleCallback;
  });
  return {
    asked: () => asked.filter((run) => run !== null).length,
    /** Starts the last idle period asked for, lasting `ms`; its time runs out when `end()` is called. */
    give(ms: number) {
      let left = ms;
      asked.at(-1)!({ didTimeout: false, timeRemaining: () => left });
      return { end: () => (left = 0) };
    },
  };
}

describe('work done in idle time', () => {
  it('goes on step after step while the idle period lasts, then waits for the next one', async () => {
    const browser = idlePeriods();
    let steps = 0;
    runWhenIdle(() => {
      steps += 1;
      return false;
    });
    const period = browser.give(50);
    await vi.waitUntil(() => steps >= 5);
    const askedBefore = browser.asked();
    period.end();
    const stepsAtEnd = steps;
    await vi.waitUntil(() => browser.asked() > askedBefore);
    expect(steps).toBe(stepsAtEnd);
  });

  it('stops at once when it is done, and when it is stopped', async () => {
    const browser = idlePeriods();
    let steps = 0;
    const done = vi.fn();
    runWhenIdle(() => ++steps === 3, done);
    browser.give(50);
    await vi.waitUntil(() => done.mock.calls.length === 1);
    expect(steps).toBe(3);

    let stoppedSteps = 0;
    const stop = runWhenIdle(() => {
      stoppedSteps += 1;
      return false;
    });
    browser.give(50);
    await vi.waitUntil(() => stoppedSteps >= 2);
    stop();
    const atStop = stoppedSteps;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stoppedSteps).toBe(atStop);
  });
});
