/**
 * How many items two lists share at their front, the same objects in the same order: a load's
 * next snapshot keeps the rows it had and adds pages behind them, so only what follows needs a
 * look (or a message) again.
 */
export function sharedFront<T>(before: readonly T[], after: readonly T[]): number {
  const limit = Math.min(before.length, after.length);
  let i = 0;
  while (i < limit && before[i] === after[i]) i++;
  return i;
}
