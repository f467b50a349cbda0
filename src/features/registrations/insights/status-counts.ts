/** How many registrations have one payment status. `''` stands for "no status". */
export interface StatusCount {
  /** The status exactly as the API sent it (the values are undocumented), `''` when none. */
  readonly status: string;
  readonly count: number;
}

/** The status key of a registration: the raw value, `''` for null or absent. */
export function statusKey(status: string | null | undefined): string {
  return status ?? '';
}

/** Add one to a counter in a Map, creating it at 0. */
export function increment<K>(counts: Map<K, number>, key: K, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/**
 * Counts as a list, most frequent first; equal counts keep the order in which the
 * statuses were first seen (a Map iterates in insertion order), so the result is stable.
 */
export function sortedStatusCounts(counts: ReadonlyMap<string, number>): StatusCount[] {
  return [...counts].map(([status, count]) => ({ status, count })).sort((a, b) => b.count - a.count);
}
