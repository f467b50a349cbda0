import { sortedCell, type RegistrationRow } from './registration-rows';

export interface RowSort {
  id: string;
  desc: boolean;
}

const ascendingCache = new WeakMap<readonly RegistrationRow[], Map<string, RegistrationRow[]>>();

/**
 * The rows in the order of one column, ignoring case and accents, ties broken by id.
 * Sort keys are computed once per cell, each column's ascending order once per row set,
 * and descending is its reverse: a click on a sorted header costs a reverse, not a sort of
 * 25,000 rows through a comparator.
 */
export function sortRows(rows: readonly RegistrationRow[], sort: RowSort | null): readonly RegistrationRow[] {
  if (!sort) return rows;
  let byColumn = ascendingCache.get(rows);
  if (!byColumn) {
    byColumn = new Map();
    ascendingCache.set(rows, byColumn);
  }
  let ascending = byColumn.get(sort.id);
  if (!ascending) {
    ascending = sortAscending(rows, sort.id);
    byColumn.set(sort.id, ascending);
  }
  return sort.desc ? [...ascending].reverse() : ascending;
}

/** Whether a column's ascending order is ready for these rows (a click then costs nothing). */
export function isSorted(rows: readonly RegistrationRow[], columnId: string): boolean {
  return ascendingCache.get(rows)?.has(columnId) ?? false;
}

/** Rows per step: keying, sorting a run of or merging this many takes a millisecond or two. */
const STEP_ROWS = 2048;

/**
 * Prepares one column's ascending order a step at a time (for idle time): sort keys, then
 * runs of STEP_ROWS sorted one by one, then merged pairwise, each step a few milliseconds.
 * The result is exactly sortRows's order (key, then id), and goes into the same cache. `step`
 * returns true once the order is ready; call it again while it returns false.
 */
export function sortInSteps(
  rows: readonly RegistrationRow[],
  columnId: string,
  stepRows: number = STEP_ROWS,
): { step: () => boolean } {
  const n = rows.length;
  const byId = columnId === 'registration_id';
  const keys: string[] = byId ? [] : new Array<string>(n);
  let keyed = byId ? n : 0;
  let order = Int32Array.from({ length: n }, (_, i) => i);
  let spare = new Int32Array(n);
  const compare = (a: number, b: number) => {
    if (!byId) {
      const ka = keys[a]!;
      const kb = keys[b]!;
      if (ka < kb) return -1;
      if (ka > kb) return 1;
    }
    return rows[a]!.id - rows[b]!.id;
  };
  let runsSorted = 0;
  // The merge pass: runs of `width` are merged pairwise from `order` into `spare`.
  let width = stepRows;
  let low = 0;
  let left = 0;
  let right = 0;
  let out = 0;
  let merging = false;

  const mergeSome = (budget: number) => {
    while (budget > 0 && width < n) {
      const middle = Math.min(low + width, n);
      const high = Math.min(low + 2 * width, n);
      if (!merging) {
        left = low;
        right = middle;
        out = low;
        merging = true;
      }
      while (budget > 0 && out < high) {
        if (left < middle && (right >= high || compare(order[left]!, order[right]!) <= 0))
          spare[out++] = order[left++]!;
        else spare[out++] = order[right++]!;
        budget--;
      }
      if (out < high) return;
      merging = false;
      low = high;
      if (low >= n) {
        [order, spare] = [spare, order];
        width *= 2;
        low = 0;
      }
    }
  };

  return {
    step: () => {
      if (isSorted(rows, columnId)) return true;
      if (keyed < n) {
        const end = Math.min(keyed + stepRows, n);
        for (; keyed < end; keyed++) keys[keyed] = sortedCell(rows[keyed]!, columnId);
        return false;
      }
      if (runsSorted < n) {
        const end = Math.min(runsSorted + stepRows, n);
        order.subarray(runsSorted, end).sort(compare);
        runsSorted = end;
        return false;
      }
      if (width < n) {
        mergeSome(stepRows * 2);
        if (width < n) return false;
      }
      const ascending = Array.from(order, (index) => rows[index]!);
      let byColumn = ascendingCache.get(rows);
      if (!byColumn) ascendingCache.set(rows, (byColumn = new Map<string, RegistrationRow[]>()));
      byColumn.set(columnId, ascending);
      return true;
    },
  };
}

function sortAscending(rows: readonly RegistrationRow[], columnId: string): RegistrationRow[] {
  if (columnId === 'registration_id') return [...rows].sort((a, b) => a.id - b.id);
  // Decorate once, sort plain strings, undecorate: no lookups inside the comparator.
  const decorated = rows.map((row) => ({ row, key: sortedCell(row, columnId) }));
  decorated.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row.id - b.row.id));
  return decorated.map((entry) => entry.row);
}
