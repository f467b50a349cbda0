import type { Language } from '@/i18n/languages';
import { pickLocalized } from '@/lib/localized-field';
import type { Category } from '@/features/events/api/schemas';
import { KNOWN_STATUSES, type RegistrationRow } from './registration-rows';

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

/** Every category of the event (even with no registration yet), then any unknown id found in the rows. */
export function categoryFacetOptions(
  categoryList: readonly Category[],
  present: ReadonlySet<string>,
  counts: ReadonlyMap<string, number>,
  language: Language,
  labels: { none: string; unknown: (id: string) => string },
): FacetOptionData[] {
  const options: FacetOptionData[] = categoryList.map((category) => {
    const picked = pickLocalized(category, 'epr_nom', language);
    const value = String(category.category_id);
    return {
      value,
      label: picked?.text ?? labels.unknown(value),
      lang: picked?.isFallback ? picked.lang : undefined,
      count: counts.get(value) ?? 0,
    };
  });
  const known = new Set(options.map((option) => option.value));
  const extra = [...present].filter((key) => !known.has(key));
  for (const value of extra) {
    options.push({
      value,
      label: value === '' ? labels.none : labels.unknown(value),
      count: counts.get(value) ?? 0,
    });
  }
  return options;
}

/** The documented statuses present, in a fixed order, then unknown values as sent. */
export function statusFacetOptions(
  present: ReadonlySet<string>,
  counts: ReadonlyMap<string, number>,
  labelOf: (status: string) => string,
  noneLabel: string,
): FacetOptionData[] {
  const ordered = [
    ...KNOWN_STATUSES.filter((status) => present.has(status)),
    ...[...present].filter((status) => !(KNOWN_STATUSES as readonly string[]).includes(status)).sort(),
  ];
  return ordered.map((value) => ({
    value,
    label: value === '' ? noneLabel : labelOf(value),
    count: counts.get(value) ?? 0,
  }));
}
