import type { Language } from '@/i18n/languages';
import type { Category } from '@/features/events/api/schemas';
import { KNOWN_STATUSES, type RegistrationLabels } from './registration-labels';
import type { RegistrationRow } from './registration-rows';

export interface FacetOptionData {
  value: string;
  label: string;
  count: number;
  lang?: Language | undefined;
}

/** The category and status values present in the rows: computed once per row set, not per keystroke. */
export function presentFacetValues(rows: readonly RegistrationRow[]): {
  categories: Set<string>;
  statuses: Set<string>;
} {
  const categories = new Set<string>();
  const statuses = new Set<string>();
  for (const row of rows) {
    categories.add(row.categoryKey);
    statuses.add(row.statusKey);
  }
  return { categories, statuses };
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

/** The documented statuses present, in a fixed order, then unknown values ('' is "no status"). */
export function statusFacetOptions(
  present: ReadonlySet<string>,
  counts: ReadonlyMap<string, number>,
  labels: Pick<RegistrationLabels, 'status'>,
): FacetOptionData[] {
  const ordered = [
    ...KNOWN_STATUSES.filter((status) => present.has(status)),
    ...[...present].filter((status) => !(KNOWN_STATUSES as readonly string[]).includes(status)).sort(),
  ];
  return ordered.map((value) => ({
    value,
    label: labels.status(value),
    count: counts.get(value) ?? 0,
  }));
}
