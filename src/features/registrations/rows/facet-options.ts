import type { Language } from '@/i18n/languages';
import type { Category } from '@/engine/api/event-schemas';
import { KNOWN_STATUSES, knownStatus } from '@/engine/api/payment-status';
import type { RegistrationLabels } from './registration-labels';
import type { RegistrationRow } from './registration-rows';

export interface FacetOptionData {
  value: string;
  label: string;
  count: number;
  lang?: Language | undefined;
}

/** The category and status values present in some rows, and how many rows have each. */
export interface PresentFacetValues {
  readonly categories: ReadonlySet<string>;
  /** Each status key present, with the status as its first row sent it (an unknown one is shown so). */
  readonly statuses: ReadonlyMap<string, string>;
  /** Rows per category key and per status key: the facet counts of a view that keeps every row. */
  readonly categoryCounts: ReadonlyMap<string, number>;
  readonly statusCounts: ReadonlyMap<string, number>;
}

/** No rows: no value, no count. */
export const NO_FACET_VALUES: PresentFacetValues = {
  categories: new Set(),
  statuses: new Map(),
  categoryCounts: new Map(),
  statusCounts: new Map(),
};

/**
 * The category and status values present in the rows, added to `before`, less the rows
 * `removed` from it (those a check for changes replaced): computed as the model is built, not
 * per keystroke. The sets stay the same objects when no value comes or goes.
 */
export function presentFacetValues(
  rows: readonly RegistrationRow[],
  before: PresentFacetValues = NO_FACET_VALUES,
  removed: readonly RegistrationRow[] = [],
): PresentFacetValues {
  if (rows.length === 0 && removed.length === 0) return before;
  let categories: Set<string> | null = null;
  let statuses: Map<string, string> | null = null;
  const categoryCounts = new Map(before.categoryCounts);
  const statusCounts = new Map(before.statusCounts);
  for (const row of rows) {
    if (!(categories ?? before.categories).has(row.categoryKey))
      (categories ??= new Set(before.categories)).add(row.categoryKey);
    if (!(statuses ?? before.statuses).has(row.statusKey))
      (statuses ??= new Map(before.statuses)).set(
        row.statusKey,
        (row.registration.payment_status ?? '').trim(),
      );
    countOne(categoryCounts, row.categoryKey);
    countOne(statusCounts, row.statusKey);
  }
  // Removed after the rows are added: a replaced row whose replacement keeps its category and
  // status takes nothing out, and the sets stay as they were.
  for (const row of removed) {
    if (lessOne(categoryCounts, row.categoryKey) === 0)
      (categories ??= new Set(before.categories)).delete(row.categoryKey);
    if (lessOne(statusCounts, row.statusKey) === 0)
      (statuses ??= new Map(before.statuses)).delete(row.statusKey);
  }
  return {
    categories: categories ?? before.categories,
    statuses: statuses ?? before.statuses,
    categoryCounts,
    statusCounts,
  };
}

/** Counts one row more under `key`: the facet counts of the model and of a filtered view alike. */
export function countOne(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Counts one row fewer under `key`, forgetting a key no row has any more; the count left. */
function lessOne(counts: Map<string, number>, key: string): number {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
  return Math.max(left, 0);
}

/**
 * Every category of the event (even with no registration yet), then any unknown id (or none)
 * found in the rows: each labelled exactly as the table's cells (see registration-labels).
 */
export function categoryFacetOptions(
  categoryList: readonly Category[],
  present: ReadonlySet<string>,
  counts: ReadonlyMap<string, number>,
  labels: Pick<RegistrationLabels, 'categoryLabel'>,
): FacetOptionData[] {
  const option = (value: string): FacetOptionData => {
    const label = labels.categoryLabel(value === '' ? null : Number(value));
    return { value, label: label.text, lang: label.lang, count: counts.get(value) ?? 0 };
  };
  const options = categoryList.map((category) => option(String(category.category_id)));
  const known = new Set(options.map(({ value }) => value));
  const extra = [...present].filter((key) => !known.has(key));
  return [...options, ...extra.map(option)];
}

/**
 * The known statuses present, in a fixed order, then unknown ones as first sent ('' is "no
 * status"); each once, however it was written ("Cancelled" and "cancelled" are one option).
 */
export function statusFacetOptions(
  present: ReadonlyMap<string, string>,
  counts: ReadonlyMap<string, number>,
  labels: Pick<RegistrationLabels, 'status'>,
): FacetOptionData[] {
  const rank = (status: string) => {
    const known = knownStatus(status);
    return known === null ? KNOWN_STATUSES.length : KNOWN_STATUSES.indexOf(known);
  };
  const ordered = [...present.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return ordered.map((value) => ({
    value,
    label: labels.status(present.get(value) ?? value),
    count: counts.get(value) ?? 0,
  }));
}
