import { runWhenIdle } from '@/lib/idle-work';
import { searchColumnsKey, searchText, type RegistrationRow } from './registration-rows';
import { sortRows } from './sort-rows';

/** Rows whose search text one idle step prepares. */
const ROWS_PER_STEP = 1000;
/**
 * A column's order is one uninterruptible sort (up to ~70 ms for 100,000 rows): it runs only
 * in an idle period the browser expects to last this long (nothing to paint, no input).
 */
const SORT_NEEDS_MS = 40;

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
  return runWhenIdle((timeLeft) => {
    while (index < rows.length && timeLeft() > 1) {
      const end = Math.min(index + ROWS_PER_STEP, rows.length);
      for (; index < end; index++) searchText(rows[index]!, columnIds, columnsKey);
    }
    if (index < rows.length) return false;
    const columnId = columnIds[column];
    if (columnId !== undefined && timeLeft() >= SORT_NEEDS_MS) {
      sortRows(rows, { id: columnId, desc: false });
      column += 1;
    }
    return column >= columnIds.length;
  });
}
