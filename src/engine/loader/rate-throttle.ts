import { sessionPace, type SharedPace } from './shared-pace';
import type { Sleep } from './load-types';

/**
 * One load's view of the session's shared pace (shared-pace.ts): how many of its pages may be
 * in flight, a slot for each request, and the pause the server asked for with 429 +
 * Retry-After. The load's own `maxConcurrency` (an option, for tests and callers that want
 * fewer) caps it further.
 */
export class RateThrottle {
  constructor(
    private readonly maxConcurrency: number,
    private readonly sleep: Sleep,
    private readonly signal: AbortSignal,
    private readonly pace: SharedPace = sessionPace(),
  ) {}

  get limit(): number {
    return Math.max(1, Math.min(Math.floor(this.maxConcurrency), this.pace.limit));
  }

  /** Taken just before a request; handed back with its 429. */
  ticket(): number {
    return this.pace.ticket();
  }

  /**
   * A 429 to a request sent under `ticket`. The pause is a sleep without this load's signal:
   * the other loads of the session still owe it when this one is cancelled.
   */
  rateLimited(ticket: number, waitSeconds: number): void {
    this.pace.rateLimited(ticket, this.sleep(waitSeconds * 1000));
  }

  /** Whether a Retry-After pause is running. */
  get paused(): boolean {
    return this.pace.paused;
  }

  /** Resolves when no Retry-After pause is running (or the load was aborted). */
  ready(): Promise<void> {
    return this.pace.ready(this.signal);
  }

  /** A slot among the session's requests in flight; null when `signal` aborts first. */
  slot(signal: AbortSignal): Promise<(() => void) | null> {
    return this.pace.slot(signal);
  }
}
