import type { RateThrottle } from './rate-throttle';

export interface PagePoolOptions {
  /** The next page to request, or null when nothing is left to ask for right now. */
  next: () => number | null;
  /** Loads one page and records the outcome. Must not reject: errors are the caller's to record. */
  run: (page: number, signal: AbortSignal) => Promise<void>;
  throttle: RateThrottle;
  signal: AbortSignal;
}

/**
 * A bounded pool of page requests. It keeps `throttle.limit` pages in flight and asks for the
 * next page as soon as a slot frees, without waiting for earlier pages, so N pages take about
 * ceil(N / limit) round trips. Scheduling is speculative: `next()` keeps handing out pages
 * until the tracker knows where the list ends, and pages found to lie past the end are
 * aborted (`abortAbove`) instead of waited for.
 */
export class PagePool {
  private readonly inFlight = new Map<number, AbortController>();

  constructor(private readonly options: PagePoolOptions) {}

  async run(): Promise<void> {
    const { next, throttle, signal } = this.options;
    const running = new Set<Promise<void>>();
    for (;;) {
      // A Retry-After pause holds back new requests, not only the page that got the 429.
      await throttle.ready();
      if (signal.aborted) break;
      while (running.size < throttle.limit) {
        const page = next();
        if (page === null) break;
        const task = this.start(page).finally(() => running.delete(task));
        running.add(task);
      }
      if (running.size === 0) break;
      await Promise.race(running);
    }
    await Promise.allSettled(running);
  }

  /** Aborts requests for pages after `lastPage` (the list turned out to end before them). */
  abortAbove(lastPage: number | null): void {
    if (lastPage === null) return;
    for (const [page, controller] of this.inFlight) if (page > lastPage) controller.abort();
  }

  private async start(page: number): Promise<void> {
    const controller = new AbortController();
    this.inFlight.set(page, controller);
    try {
      await this.options.run(page, AbortSignal.any([this.options.signal, controller.signal]));
    } finally {
      this.inFlight.delete(page);
    }
  }
}
