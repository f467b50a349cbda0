import { vi } from 'vitest';

/**
 * Waits for a condition, checked every few milliseconds: the tests' one way to wait on what
 * the code does in its own time (a worker's answer, a load's last page). Bounded by the test's
 * timeout, not by a guess of how long it takes: on a busy machine the same work takes longer,
 * and a test that gave up after one second would fail for nothing.
 */
export function waitUntil<T>(condition: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(condition, { timeout: WAIT_BOUND_MS, interval: 5 });
}

/** Longer than any test takes on a quiet machine; the test's own timeout ends it first. */
const WAIT_BOUND_MS = 120_000;
