import { delay } from 'msw';

/** Simulated network time, so loading states and request races show up in the demo. */
export async function simulateLatency(ms: number): Promise<void> {
  if (ms > 0) await delay(ms);
}
