import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';

/**
 * Which of a screen's Lighthouse runs to show, and the spread of their scores. One run's
 * performance score moves by several points with the machine's load; Lighthouse's guide to
 * variability advises five runs and its own pick of the median one (computeMedianRun: the run
 * closest to the median first contentful paint and time to interactive, rather than the median
 * of a score that outliers pull).
 */

/** The slice of a Lighthouse result read here. */
export interface RunResult {
  readonly categories: Readonly<Record<string, { readonly score: number | null }>>;
  readonly audits: Readonly<Record<string, { readonly numericValue?: number }>>;
  /** Set when the run failed (its trace unusable, say NO_NAVSTART): its metrics are missing. */
  readonly runtimeError?: { readonly code: string; readonly message: string };
}

/*
 * Lighthouse's pick and its filter of the runs it can pick from (those with a first contentful
 * paint and a time to interactive), typed by what they read: they take whole results but read
 * only those two audits' numeric values, and return the objects they were given.
 */
const pickMedian = computeMedianRun as unknown as (runs: readonly RunResult[]) => RunResult;
const validRuns = filterToValidRuns as unknown as (runs: readonly RunResult[]) => RunResult[];

/**
 * The run Lighthouse would report as the median of the complete ones among `runs`, or null when
 * none is complete (Lighthouse's pick throws on a run without the figures).
 */
export function medianRun<T extends { readonly result: RunResult }>(runs: readonly T[]): T | null {
  const valid = validRuns(runs.map((run) => run.result));
  if (valid.length === 0) return null;
  const median = pickMedian(valid);
  return runs.find((run) => run.result === median) ?? null;
}

/** A category's score in each run, as Lighthouse prints it (0 to 100), null where it had none. */
export function scoresOf(
  runs: readonly { readonly result: RunResult }[],
  category: string,
): (number | null)[] {
  return runs.map(({ result }) => {
    const score = result.categories[category]?.score;
    return score === null || score === undefined ? null : Math.round(score * 100);
  });
}

/** The median of some scores (the mean of the middle two for an even count), or null. */
export function medianScore(scores: readonly (number | null)[]): number | null {
  const known = scores.filter((score): score is number => score !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
}
