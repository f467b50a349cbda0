import { searchTerms } from '@/lib/search-text';
import { searchColumnsKey, searchText, type RegistrationRow } from './registration-rows';

export interface RowFilters {
  q: string;
  /** Category ids as text ('' = no category); empty = all. */
  categories: readonly string[];
  /** Raw payment statuses ('' = none); empty = all. */
  statuses: readonly string[];
}

export interface FilteredRows {
  rows: RegistrationRow[];
  /** How many rows each category / status would show with the other filters applied. */
  categoryCounts: Map<string, number>;
  statusCounts: Map<string, number>;
}

/**
 * Search over the visible columns (all words, any order, ignoring case and accents) and the
 * category and status filters, with facet counts. One pass over the rows, which keeps their
 * order: this runs on every keystroke over up to 25,000 rows, so it searches one precomputed
 * normalized string per row (see searchText).
 */
export function filterRows(
  rows: readonly RegistrationRow[],
  filters: RowFilters,
  visibleColumnIds: readonly string[],
): FilteredRows {
  const terms = searchTerms(filters.q);
  const columnsKey = searchColumnsKey(visibleColumnIds);
  const categories = new Set(filters.categories);
  const statuses = new Set(filters.statuses);
  const categoryCounts = new Map<string, number>();
  const statusCounts = new Map<string, number>();
  const result: RegistrationRow[] = [];

  for (const row of rows) {
    if (terms.length > 0) {
      const text = searchText(row, visibleColumnIds, columnsKey);
      if (!terms.every((term) => text.includes(term))) continue;
    }
    const categoryOk = categories.size === 0 || categories.has(row.categoryKey);
    const statusOk = statuses.size === 0 || statuses.has(row.statusKey);
    // Facet counts: what each option would give combined with the other facet.
    if (statusOk) categoryCounts.set(row.categoryKey, (categoryCounts.get(row.categoryKey) ?? 0) + 1);
    if (categoryOk) statusCounts.set(row.statusKey, (statusCounts.get(row.statusKey) ?? 0) + 1);
    if (categoryOk && statusOk) result.push(row);
  }
  return { rows: result, categoryCounts, statusCounts };
}
