/**
 * A tiny seeded PRNG so the demo dataset is identical on every run and every machine.
 * Math.random() would make screenshots, tests and bug reports impossible to reproduce.
 */
export type Rng = () => number;

/** mulberry32: 32-bit state, fast, good enough spread for fake data. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max], both inclusive. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  // Only reachable with an empty list, which is a bug in the static tables.
  if (item === undefined) throw new Error('pick() on an empty list');
  return item;
}

export interface Weighted<T> {
  readonly value: T;
  readonly weight: number;
}

export function pickWeighted<T>(rng: Rng, items: readonly Weighted<T>[]): T {
  let total = 0;
  for (const item of items) total += item.weight;
  let roll = rng() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item.value;
  }
  const last = items[items.length - 1];
  if (last === undefined) throw new Error('pickWeighted() on an empty list');
  return last.value;
}
