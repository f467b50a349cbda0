import { runWhenIdle } from '@/lib/idle-work';
import { searchColumnsKey, searchText, type RegistrationRow } from './registration-rows';
import { sortInSteps } from './sort-rows';

/** Rows whose search text one idle step prepares: a step far shorter than an idle period. */
const ROWS_PER_STEP = 250;
/** What one step of a column's sort may take on a slow machine: none starts with less left. */
const STEP_NEEDS_MS = 4;

/**
 * After a load, while the promoter looks: prepares each row's search text for the visible
 * columns (and with it every sort key), then each visible column's order, in the browser's
 * idle time. The first keystroke then filters in a few milliseconds instead of normalizing
 * every cell, and the first click on a header finds its order ready. Returns a function that
 * stops the work.
 */
export function warmRows(rows: readonly RegistrationRow[], columnIds: readonly string[]): () => void {
  const columnsKey = searchColumnsKey(columnIds);
  let index = 0;
  let column = 0;
  let sorting: ReturnType<typeof sortInSteps> | null = null;
  return runWhenIdle((timeLeft) => {
    // Each call does some work, whatever time is left: on a busy machine the time can be gone
    // before the first look at it, and a call that did nothing would be made again and again.
    let first = true;
    while (index < rows.length && (first || timeLeft() > 1)) {
      first = false;
      const end = Math.min(index + ROWS_PER_STEP, rows.length);
      for (; index < end; index++) searchText(rows[index]!, columnIds, columnsKey);
    }
    if (index < rows.length) return false;
    // Each column's order in steps of a few milliseconds, while the idle period has room for one.
    while (column < columnIds.length && (first || timeLeft() > STEP_NEEDS_MS)) {
      first = false;
      sorting ??= sortInSteps(rows, columnIds[column]!);
      if (sorting.step()) {
        sorting = null;
        column += 1;
      }
    }
    return column >= columnIds.length;
  });
}
