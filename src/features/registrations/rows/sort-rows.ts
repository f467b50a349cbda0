import { normalizedCell, type RegistrationRow } from './registration-rows';

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

function sortAscending(rows: readonly RegistrationRow[], columnId: string): RegistrationRow[] {
  if (columnId === 'registration_id') return [...rows].sort((a, b) => a.id - b.id);
  // Decorate once, sort plain strings, undecorate: no lookups inside the comparator.
  const decorated = rows.map((row) => ({ row, key: normalizedCell(row, columnId) }));
  decorated.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row.id - b.row.id));
  return decorated.map((entry) => entry.row);
}
