import type { Sleep } from './load-types';

/**
 * Shared by every request of one load: how many may be in flight, and a pause the server
 * asked for with 429 + Retry-After.
 *
 * On a 429 the limit halves (min 1) and stays there for the rest of the load: the server told
 * us we were too fast, and creeping back up would only find the limit again. A burst of 429s
 * from requests launched at the same limit counts once (the "ticket" is the limit's
 * generation), so six simultaneous 429s halve 6 -> 3, not 6 -> 1.
 */
export class RateThrottle {
  private currentLimit: number;
  private generation = 0;
  private pause: Promise<unknown> | null = null;

  constructor(
    maxConcurrency: number,
    private readonly sleep: Sleep,
    private readonly signal: AbortSignal,
  ) {
    this.currentLimit = Math.max(1, Math.floor(maxConcurrency));
  }

  get limit(): number {
    return this.currentLimit;
  }

  /** Taken just before a request; handed back with its 429. */
  ticket(): number {
    return this.generation;
  }

  rateLimited(ticket: number, waitSeconds: number): void {
    if (ticket === this.generation) {
      this.currentLimit = Math.max(1, Math.floor(this.currentLimit / 2));
      this.generation += 1;
    }
    const wait = this.sleep(waitSeconds * 1000, this.signal);
    // Overlapping 429s: wait until the later of the two deadlines, without needing a clock.
    const combined = this.pause ? Promise.all([this.pause, wait]) : wait;
    this.pause = combined;
    void combined.then(() => {
      if (this.pause === combined) this.pause = null;
    });
  }

  /** Resolves when no Retry-After pause is running (or the load was aborted). */
  async ready(): Promise<void> {
    while (this.pause && !this.signal.aborted) await this.pause;
  }
}
