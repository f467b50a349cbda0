import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { medianRun, medianScore, scoresOf, type RunResult } from './median-run';

const run = (name: string, fcpMs: number, ttiMs: number, performance: number | null) => ({
  name,
  result: {
    categories: { performance: { score: performance === null ? null : performance / 100 } },
    audits: {
      'first-contentful-paint': { numericValue: fcpMs },
      interactive: { numericValue: ttiMs },
    },
  } satisfies RunResult,
});

describe('medianRun', () => {
  it('picks the run closest to the median first paint and time to interactive, not the median score', () => {
    const runs = [
      run('fast paint, slow interactive', 1_500, 4_000, 97),
      run('middle', 1_600, 3_000, 93),
      run('slow paint', 1_700, 2_900, 96),
      run('outlier', 2_500, 6_000, 80),
      run('quick', 1_550, 2_800, 98),
    ];
    // Medians: first paint 1,600 ms, interactive 3,000 ms.
    expect(medianRun(runs)?.name).toBe('middle');
  });

  it('leaves out a failed run, and has no median when every run failed', () => {
    const failed = {
      name: 'failed',
      result: {
        categories: { performance: { score: null } },
        audits: { 'first-contentful-paint': {}, interactive: {} },
        runtimeError: { code: 'NO_NAVSTART', message: 'Something went wrong with recording the trace' },
      } satisfies RunResult,
    };
    const runs = [run('slow', 2_000, 4_000, 85), failed, run('fast', 1_500, 2_500, 97)];
    // The median of the two complete runs lies halfway: the tie goes to the sooner interactive.
    expect(medianRun(runs)?.name).toBe('fast');
    expect(medianRun([failed])).toBeNull();
  });

  it('returns the only run there is', () => {
    const only = run('only', 1_000, 2_000, 95);
    expect(medianRun([only])).toBe(only);
  });
});

describe('scoresOf and medianScore', () => {
  it("prints each run's score out of 100 and their median", () => {
    const runs = [run('a', 1, 1, 94), run('b', 1, 1, 96.4), run('c', 1, 1, 95)];
    expect(scoresOf(runs, 'performance')).toEqual([94, 96, 95]);
    expect(medianScore(scoresOf(runs, 'performance'))).toBe(95);
  });

  it('leaves out runs without a score, and has no median without any', () => {
    expect(medianScore([null, 90, 100, null])).toBe(95);
    expect(medianScore([null])).toBeNull();
    expect(scoresOf([run('a', 1, 1, null)], 'accessibility')).toEqual([null]);
  });

  it('gives a median that lies between the lowest and highest score', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1 }), (scores) => {
        const median = medianScore(scores)!;
        expect(median).toBeGreaterThanOrEqual(Math.min(...scores));
        expect(median).toBeLessThanOrEqual(Math.max(...scores));
        const below = scores.filter((score) => score < median).length;
        const above = scores.filter((score) => score > median).length;
        expect(Math.abs(below - above)).toBeLessThanOrEqual(scores.length - below - above + 1);
      }),
    );
  });
});
