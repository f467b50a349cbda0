/**
 * A set of keys a promoter marked by hand (a duplicate group dismissed, a finding marked fine),
 * as kept in the device copy: a version, so a later format can tell an old record from its own,
 * and the keys.
 */
export interface KeptKeysRecord {
  readonly version: 1;
  readonly keys: readonly string[];
}

/**
 * The keys in whatever was read back (any value: an older format, a damaged record). Never
 * throws; keeps the keys `isKey` accepts, once each, at most `max` of them (a damaged record
 * cannot grow the page's memory), and drops the rest.
 */
export function parseKeptKeys(
  value: unknown,
  isKey: (key: unknown) => key is string,
  max: number,
): ReadonlySet<string> {
  const keys = new Set<string>();
  if (typeof value !== 'object' || value === null) return keys;
  const { version, keys: found } = value as { version?: unknown; keys?: unknown };
  if (version !== 1 || !Array.isArray(found)) return keys;
  for (const key of found as unknown[]) {
    if (keys.size >= max) break;
    if (isKey(key)) keys.add(key);
  }
  return keys;
}

/**
 * The record kept for a set of keys (parseKeptKeys reads it back): the `max` most recent, in the
 * order they were added, so a new mark is never the one left out.
 */
export function keptKeysRecord(keys: ReadonlySet<string>, max: number): KeptKeysRecord {
  return { version: 1, keys: [...keys].slice(-max) };
}
