import { getSession, type Session } from '@/lib/session';

/**
 * How fast the app may ask the API for registrations, shared by every load of the session:
 * the event on screen, the events synced in the background, a check for changes. The API
 * sees one client, never one per event.
 *
 * - **Slots:** at most `limit` page requests in flight across all loads (browsers open about
 *   6 connections per origin anyway; more would only queue there).
 * - **429 back-off:** a 429 halves the limit (min 1) for every load, and its Retry-After
 *   pauses every load's new requests, not only the one that was told. A burst of 429s from
 *   requests sent at the same limit counts once (the ticket is the limit's generation), so six
 *   simultaneous 429s halve 6 → 3, not 6 → 1. The limit comes back to the full size once
 *   {@link RECOVER_AFTER_MS} pass without a 429: the server was busy, not hostile.
 */
export class SharedPace {
  private currentLimit: number;
  private generation = 0;
  private limitedAt: number | null = null;
  private pause: Promise<unknown> | null = null;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly maxConcurrency = DEFAULT_CONCURRENCY,
    private readonly now: () => number = Date.now,
  ) {
    this.currentLimit = maxConcurrency;
  }

  /** Requests in flight at most, across every load. */
  get limit(): number {
    if (this.limitedAt !== null && this.now() - this.limitedAt >= RECOVER_AFTER_MS) {
      this.limitedAt = null;
      this.currentLimit = this.maxConcurrency;
    }
    return this.currentLimit;
  }

  /** Taken just before a request; handed back with its 429. */
  ticket(): number {
    return this.generation;
  }

  /**
   * The server answered 429 to a request sent under `ticket`: halve the limit (once per
   * generation) and hold back every new request until `wait` settles. `wait` must not end
   * early when the load that got the 429 is cancelled: the other loads still owe the pause.
   */
  rateLimited(ticket: number, wait: Promise<void>): void {
    if (ticket === this.generation) {
      this.currentLimit = Math.max(1, Math.floor(this.limit / 2));
      this.generation += 1;
    }
    this.limitedAt = this.now();
    // Overlapping 429s: wait until the later of the two deadlines, without needing a clock.
    const combined = this.pause ? Promise.all([this.pause, wait]) : wait;
    this.pause = combined;
    void combined.then(() => {
      if (this.pause === combined) this.pause = null;
    });
  }

  get paused(): boolean {
    return this.pause !== null;
  }

  /** Resolves when no Retry-After pause is running, or when `signal` aborts. */
  async ready(signal: AbortSignal): Promise<void> {
    for (let pause = this.pause; pause && !signal.aborted; pause = this.pause)
      await wakeOrAbort(signal, (wake) => void pause.then(wake));
  }

  /**
   * Waits for a free slot, first come first served. Resolves with the function that hands it
   * back (call it exactly once), or with null when `signal` aborts first.
   */
  async slot(signal: AbortSignal): Promise<(() => void) | null> {
    while (this.inFlight >= this.limit) {
      if (signal.aborted) return null;
      await wakeOrAbort(signal, (wake) => this.waiting.push(wake));
    }
    if (signal.aborted) return null;
    this.inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      // Wake every waiter: each checks the limit again, and the aborted ones leave.
      for (const wake of this.waiting.splice(0)) wake();
    };
  }
}

/** Browsers open about 6 connections per origin. */
export const DEFAULT_CONCURRENCY = 6;

/** A minute without a 429 and the pool is back to full size. */
export const RECOVER_AFTER_MS = 60_000;

/** Resolves when `register`'s callback is called or `signal` aborts, leaving no listener behind. */
const wakeOrAbort = (signal: AbortSignal, register: (wake: () => void) => void) =>
  new Promise<void>((resolve) => {
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    register(done);
  });

/** One pace per signed-in session: a new sign-in (another key, another API) starts afresh. */
const paces = new WeakMap<Session, SharedPace>();
/** Loads with no session (tests that pass their own fetchPage). */
let sessionless: SharedPace | null = null;

/** The pace every load of the signed-in session shares. */
export function sessionPace(): SharedPace {
  const session = getSession();
  if (!session) return (sessionless ??= new SharedPace());
  let pace = paces.get(session);
  if (!pace) {
    pace = new SharedPace();
    paces.set(session, pace);
  }
  return pace;
}
