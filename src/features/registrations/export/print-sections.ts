import { initialOf } from '@/lib/text-keys';
import type { Language } from '@/i18n/languages';
import type { Category } from '@/engine/api/event-schemas';
import type { Registration } from '@/engine/api/registration-schemas';
import { balancedLetterRanges, DEFAULT_LETTER_RANGES, rangeOf, type LetterRange } from './letter-ranges';

/** The registrations one desk checks in: one category, one run of initials. */
export interface PrintSection {
  /** null: names without a Latin initial, or with one no range covers. Listed last. */
  readonly range: LetterRange | null;
  /** By last name, then first name, in the language's alphabetical order. */
  readonly registrations: readonly Registration[];
}

export interface PrintCategory {
  /** null: registrations without a category. */
  readonly categoryId: number | null;
  /** The category as the event lists it; undefined for an unknown id or none. */
  readonly category: Category | undefined;
  readonly count: number;
  /** Only the ranges that have someone, in the order of the ranges. */
  readonly sections: readonly PrintSection[];
}

export interface PrintSectionsOptions {
  readonly language: Language;
  readonly categories: readonly Category[];
  /** Default: A–F, G–M, N–S, T–Z. */
  readonly ranges?: readonly LetterRange[];
}

/** The name a registration is filed under: the last name, or the first name without one. */
function filedName(registration: Registration): string {
  return (registration.last_name?.trim() || registration.first_name?.trim()) ?? '';
}

/**
 * The check-in list: the given registrations (already filtered by the screen) by category,
 * then by desk (a run of last-name initials), sorted by last name then first name.
 *
 * Sorting uses the UI language's collation with accents, case and punctuation ignored, so
 * "Élodie" sorts with "Elodie", "D'Amour" with "Damour", and a French list reads like a
 * French phone book. The initial of a name decides its desk the same way (see initialOf).
 * Categories come in the event's order, then unknown ids, then "no category".
 */
export function printSections(
  registrations: readonly Registration[],
  { language, categories, ranges = DEFAULT_LETTER_RANGES }: PrintSectionsOptions,
): PrintCategory[] {
  const collator = new Intl.Collator(language, {
    sensitivity: 'base',
    ignorePunctuation: true,
    numeric: true,
  });
  const byName = (a: Registration, b: Registration) =>
    collator.compare(filedName(a), filedName(b)) ||
    collator.compare(a.first_name?.trim() ?? '', b.first_name?.trim() ?? '') ||
    a.registration_id - b.registration_id;

  const byCategory = new Map<number | null, Registration[]>();
  for (const registration of registrations) {
    const id = registration.category_id ?? null;
    const list = byCategory.get(id);
    if (list) list.push(registration);
    else byCategory.set(id, [registration]);
  }

  const known = new Map(categories.map((category) => [category.category_id, category]));
  const order = [
    ...new Set(categories.map((category) => category.category_id).filter((id) => byCategory.has(id))),
    ...[...byCategory.keys()]
      .filter((id): id is number => id !== null && !known.has(id))
      .sort((a, b) => a - b),
    ...(byCategory.has(null) ? [null] : []),
  ];

  return order.map((categoryId) => {
    const members = [...(byCategory.get(categoryId) ?? [])].sort(byName);
    const sections = new Map<LetterRange | null, Registration[]>();
    for (const registration of members) {
      const range = rangeOf(initialOf(filedName(registration)), ranges);
      const list = sections.get(range);
      if (list) list.push(registration);
      else sections.set(range, [registration]);
    }
    return {
      categoryId,
      category: categoryId === null ? undefined : known.get(categoryId),
      count: members.length,
      sections: [...ranges, null]
        .filter((range) => sections.has(range))
        .map((range) => ({ range, registrations: sections.get(range) ?? [] })),
    };
  });
}

/**
 * The desks' runs of initials for these registrations: the usual A–F, G–M, N–S, T–Z, or
 * `desks` runs balanced by the number of people (balancedLetterRanges), counted over every
 * category, so a desk checks in the same initials whatever the category.
 */
export function deskRanges(
  registrations: readonly Registration[],
  desks: 'auto' | number,
): readonly LetterRange[] {
  if (desks === 'auto') return DEFAULT_LETTER_RANGES;
  return balancedLetterRanges(
    registrations.map((registration) => initialOf(filedName(registration))),
    desks,
  );
}

/** How many of these registrations each desk checks in, every category together; null: other names. */
export interface DeskLoad {
  readonly range: LetterRange | null;
  readonly count: number;
}

/** Each range's number of people, in order, then the names no range covers when there are any. */
export function deskLoads(
  registrations: readonly Registration[],
  ranges: readonly LetterRange[],
): DeskLoad[] {
  const counts = new Map<LetterRange | null, number>();
  for (const registration of registrations) {
    const range = rangeOf(initialOf(filedName(registration)), ranges);
    counts.set(range, (counts.get(range) ?? 0) + 1);
  }
  return [
    ...ranges.map((range) => ({ range, count: counts.get(range) ?? 0 })),
    ...(counts.has(null) ? [{ range: null, count: counts.get(null) ?? 0 }] : []),
  ];
}
