import { paymentStatusKey } from '../api/payment-status';

/** How many registrations have one payment status. `''` stands for "no status". */
export interface StatusCount {
  /**
   * The status as its first registration sent it (trimmed), `''` when none: statuses are counted
   * by their key (payment-status), so "Cancelled" and "cancelled" are one count.
   */
  readonly status: string;
  readonly count: number;
}

/** Payment statuses counted by their key, each named as first sent. */
export class StatusCounter {
  private readonly counts = new Map<string, { status: string; count: number }>();

  add(status: string | null | undefined): void {
    const key = paymentStatusKey(status);
    const known = this.counts.get(key);
    if (known) known.count += 1;
    else this.counts.set(key, { status: (status ?? '').trim(), count: 1 });
  }

  /** How many have this status, however it is written. */
  count(status: string): number {
    return this.counts.get(paymentStatusKey(status))?.count ?? 0;
  }

  /**
   * The counts, most frequent first; equal counts keep the order in which the statuses were
   * first seen (a Map iterates in insertion order), so the result is stable.
   */
  sorted(): StatusCount[] {
    return [...this.counts.values()]
      .map(({ status, count }) => ({ status, count }))
      .sort((a, b) => b.count - a.count);
  }
}

/** Add one to a counter in a Map, creating it at 0. */
export function increment<K>(counts: Map<K, number>, key: K, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}
