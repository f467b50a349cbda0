/** A run of initials served by one check-in desk, "A" to "F" inclusive. */
export interface LetterRange {
  readonly from: string;
  readonly to: string;
}

/** Four desks, roughly even for French and English surnames. */
export const DEFAULT_LETTER_RANGES: readonly LetterRange[] = [
  { from: 'A', to: 'F' },
  { from: 'G', to: 'M' },
  { from: 'N', to: 'S' },
  { from: 'T', to: 'Z' },
];

/** The range an initial belongs to: the first one that contains it, or null. */
export function rangeOf(initial: string | null, ranges: readonly LetterRange[]): LetterRange | null {
  if (initial === null) return null;
  return ranges.find((range) => range.from <= initial && initial <= range.to) ?? null;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * `desks` runs of initials, one after the other from A to Z, with as even a number of people
 * each as the initials allow: first the busiest desk is as light as it can be, then, among
 * the splits that achieve it, the counts are as close to each other as they can be (least
 * sum of squares). Every run has someone in it, so there are fewer runs than `desks` when
 * fewer initials are present (three people named Roy make one desk). A letter nobody has
 * goes with the run after it. Initials outside A–Z (null: no Latin initial) are not counted:
 * those names get their own section.
 *
 * Both passes are dynamic programming over the 26 letters: at most 26 × 26 × desks steps.
 */
export function balancedLetterRanges(initials: Iterable<string | null>, desks: number): LetterRange[] {
  const counts = new Array<number>(ALPHABET.length).fill(0);
  for (const initial of initials) {
    const index = initial === null ? -1 : ALPHABET.indexOf(initial);
    if (index >= 0) counts[index]! += 1;
  }
  const present = counts.filter((count) => count > 0).length;
  if (present === 0) return [{ from: 'A', to: 'Z' }];
  const runs = Math.min(Math.max(1, Math.floor(Number.isFinite(desks) ? desks : 1)), present);
  const before = [0];
  for (const count of counts) before.push(before[before.length - 1]! + count);
  const load = (from: number, to: number) => before[to]! - before[from]!;
  const letters = ALPHABET.length;

  /** The least possible number of people at the busiest desk. */
  const busiest = lightestBusiest(runs, letters, load);
  /** Then the least sum of squares with no desk above it, remembering the cuts. */
  const cuts = splitCuts(runs, letters, load, busiest);
  const ranges: LetterRange[] = [];
  for (let k = 0; k < runs; k++) {
    ranges.push({ from: ALPHABET[cuts[k]!]!, to: ALPHABET[cuts[k + 1]! - 1]! });
  }
  return ranges;
}

type Load = (from: number, to: number) => number;

/** The least number of people at the busiest run, over every cut of the letters into `runs` runs. */
function lightestBusiest(runs: number, letters: number, load: Load): number {
  // best[i]: the lightest busiest run of the first i letters cut into the runs placed so far.
  let best = Array.from({ length: letters + 1 }, (_, i) => (i === 0 ? 0 : Infinity));
  for (let k = 1; k <= runs; k++) {
    const next = new Array<number>(letters + 1).fill(Infinity);
    for (let i = 1; i <= letters; i++) {
      for (let j = 0; j < i; j++) {
        const people = load(j, i);
        if (people === 0 || best[j] === Infinity) continue;
        next[i] = Math.min(next[i]!, Math.max(best[j]!, people));
      }
    }
    best = next;
  }
  return best[letters]!;
}

/** The cuts (run starts, then the end) of the least sum of squares with no run above `cap`. */
function splitCuts(runs: number, letters: number, load: Load, cap: number): number[] {
  let best = Array.from({ length: letters + 1 }, (_, i) => (i === 0 ? 0 : Infinity));
  const from: number[][] = [];
  for (let k = 1; k <= runs; k++) {
    const next = new Array<number>(letters + 1).fill(Infinity);
    const back = new Array<number>(letters + 1).fill(-1);
    for (let i = 1; i <= letters; i++) {
      for (let j = 0; j < i; j++) {
        const people = load(j, i);
        if (people === 0 || people > cap || best[j] === Infinity) continue;
        const cost = best[j]! + people * people;
        // Strictly less: of equal splits, the earliest cut wins, so an empty letter goes later.
        if (cost < next[i]!) {
          next[i] = cost;
          back[i] = j;
        }
      }
    }
    from.push(back);
    best = next;
  }
  const cuts = [letters];
  for (let k = runs; k >= 1; k--) cuts.unshift(from[k - 1]![cuts[0]!]!);
  return cuts;
}
