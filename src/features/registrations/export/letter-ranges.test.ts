import fc from 'fast-check';
import { balancedLetterRanges, DEFAULT_LETTER_RANGES, type LetterRange } from './letter-ranges';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** How many of `initials` each range holds. */
function loads(ranges: readonly LetterRange[], initials: readonly (string | null)[]): number[] {
  return ranges.map((range) => initials.filter((i) => i !== null && range.from <= i && i <= range.to).length);
}

/** Every way to cut the letters that have people into `runs` runs, by brute force: the test's own answer. */
function everySplit(counts: readonly number[], runs: number): number[][] {
  const present = counts.filter((c) => c > 0);
  const results: number[][] = [];
  const walk = (start: number, left: number, acc: number[]) => {
    if (left === 1) {
      results.push([...acc, present.slice(start).reduce((a, b) => a + b, 0)]);
      return;
    }
    for (let end = start + 1; end <= present.length - left + 1; end++) {
      walk(end, left - 1, [...acc, present.slice(start, end).reduce((a, b) => a + b, 0)]);
    }
  };
  walk(0, runs, []);
  return results;
}

const sumOfSquares = (values: readonly number[]) => values.reduce((sum, v) => sum + v * v, 0);

describe('balancedLetterRanges', () => {
  it('splits 137 people into desks of nearly equal size', () => {
    // Roughly the demo's French surnames: many B, D, L and M, few of the rest.
    const initials = [
      ...'BBBBBBBBBBBBBBBBBBBB',
      ...'CCCCCCCCCC',
      ...'DDDDDDDDDDDDDDDDDD',
      ...'FFFFFFFFFF',
      ...'GGGGGGGGGGGG',
      ...'LLLLLLLLLLLLLLLLLLLLLL',
      ...'MMMMMMMMMMMMMMMMMM',
      ...'NNNN',
      ...'PPPPPPP',
      ...'RRRRRRRRR',
      ...'SSSS',
      ...'TTT',
    ];
    const ranges = balancedLetterRanges(initials, 4);
    expect(ranges.map((r) => `${r.from}–${r.to}`)).toEqual(['A–C', 'D–G', 'H–M', 'N–Z']);
    expect(loads(ranges, initials)).toEqual([30, 40, 40, 27]);
    // The usual four ranges would give one desk 58 people and another 3.
    expect(loads(DEFAULT_LETTER_RANGES, initials)).toEqual([58, 52, 24, 3]);
  });

  it('gives as many desks as there are initials at most, and one desk for nobody', () => {
    expect(balancedLetterRanges(['R', 'R', 'R'], 3)).toEqual([{ from: 'A', to: 'Z' }]);
    expect(balancedLetterRanges(['B', 'Y'], 5)).toEqual([
      { from: 'A', to: 'B' },
      { from: 'C', to: 'Z' },
    ]);
    expect(balancedLetterRanges([], 4)).toEqual([{ from: 'A', to: 'Z' }]);
    expect(balancedLetterRanges([null, null], 2)).toEqual([{ from: 'A', to: 'Z' }]);
    expect(balancedLetterRanges(['A', 'B'], 0)).toEqual([{ from: 'A', to: 'Z' }]);
    expect(balancedLetterRanges(['A', 'B'], Number.NaN)).toEqual([{ from: 'A', to: 'Z' }]);
  });

  it('covers A to Z in order, each desk with someone, the busiest as light as any split allows, then the most even', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constantFrom(...ALPHABET.slice(0, 12), 'Z'), { nil: null }), {
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 6 }),
        (initials, desks) => {
          const ranges = balancedLetterRanges(initials, desks);
          expect(ranges[0]?.from).toBe('A');
          expect(ranges.at(-1)?.to).toBe('Z');
          for (let i = 1; i < ranges.length; i++) {
            expect(ALPHABET.indexOf(ranges[i]!.from)).toBe(ALPHABET.indexOf(ranges[i - 1]!.to) + 1);
          }
          const counts = [...ALPHABET].map((letter) => initials.filter((i) => i === letter).length);
          const present = counts.filter((c) => c > 0).length;
          if (present === 0) return;
          expect(ranges).toHaveLength(Math.min(desks, present));
          const got = loads(ranges, initials);
          expect(Math.min(...got)).toBeGreaterThan(0);
          const splits = everySplit(counts, ranges.length);
          const lightest = Math.min(...splits.map((s) => Math.max(...s)));
          expect(Math.max(...got)).toBe(lightest);
          const evenest = Math.min(
            ...splits.filter((s) => Math.max(...s) === lightest).map((s) => sumOfSquares(s)),
          );
          expect(sumOfSquares(got)).toBe(evenest);
        },
      ),
    );
  });
});
