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

/** The category and status values present in some rows. */
export interface PresentFacetValues {
  readonly categories: ReadonlySet<string>;
  /** Each status key present, with the status as its first row sent it (an unknown one is shown so). */
  readonly statuses: ReadonlyMap<string, string>;
}

/**
 * The category and status values present in the rows, added to `before` (the same object when
 * the rows bring nothing new): computed once per row set, not per keystroke.
 */
export function presentFacetValues(
  rows: readonly RegistrationRow[],
  before: PresentFacetValues = { categories: new Set(), statuses: new Map() },
): PresentFacetValues {
  let categories: Set<string> | null = null;
  let statuses: Map<string, string> | null = null;
  for (const row of rows) {
    if (!(categories ?? before.categories).has(row.categoryKey))
      (categories ??= new Set(before.categories)).add(row.categoryKey);
    if (!(statuses ?? before.statuses).has(row.statusKey))
      (statuses ??= new Map(before.statuses)).set(
        row.statusKey,
        (row.registration.payment_status ?? '').trim(),
      );
  }
  return categories || statuses
    ? { categories: categories ?? before.categories, statuses: statuses ?? before.statuses }
    : before;
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
