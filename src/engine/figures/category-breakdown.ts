import type { Category } from '@/engine/api/event-schemas';
import type { Registration } from '../api/registration-schemas';
import { StatusCounter, type StatusCount } from './status-counts';

/** The registrations of one category, or of no category (`categoryId: null`). */
export interface CategoryCount {
  readonly categoryId: number | null;
  /** False for an id the event's categories do not list, and for "no category". */
  readonly known: boolean;
  readonly count: number;
  /**
   * Count per payment status, in the order of {@link CategoryBreakdown.statuses} and as long
   * (zeros included), so a category-by-status table lines up column for column.
   */
  readonly statuses: readonly StatusCount[];
}

export interface CategoryBreakdown {
  readonly total: number;
  /** Every status seen in the event, most frequent first. */
  readonly statuses: readonly StatusCount[];
  /**
   * The event's categories in their own order (those without registrations too), then
   * unknown ids in ascending order, then "no category" when some registration has none.
   */
  readonly categories: readonly CategoryCount[];
}

interface Tally {
  count: number;
  statuses: StatusCounter;
}

/** Registrations per category and per payment status, in one pass over the registrations. */
export function categoryBreakdown(
  registrations: readonly Registration[],
  categories: readonly Category[],
): CategoryBreakdown {
  const tallies = new Map<number | null, Tally>();
  const overall = new StatusCounter();
  for (const registration of registrations) {
    const categoryId = registration.category_id ?? null;
    let tally = tallies.get(categoryId);
    if (!tally) {
      tally = { count: 0, statuses: new StatusCounter() };
      tallies.set(categoryId, tally);
    }
    tally.count += 1;
    tally.statuses.add(registration.payment_status);
    overall.add(registration.payment_status);
  }

  const statuses = overall.sorted();
  const row = (categoryId: number | null, known: boolean): CategoryCount => {
    const tally = tallies.get(categoryId);
    return {
      categoryId,
      known,
      count: tally?.count ?? 0,
      statuses: statuses.map(({ status }) => ({ status, count: tally?.statuses.count(status) ?? 0 })),
    };
  };

  const knownIds = new Set<number>();
  const rows: CategoryCount[] = [];
  for (const category of categories) {
    // A category listed twice is still one category.
    if (knownIds.has(category.category_id)) continue;
    knownIds.add(category.category_id);
    rows.push(row(category.category_id, true));
  }
  const unknownIds = [...tallies.keys()]
    .filter((id): id is number => id !== null && !knownIds.has(id))
    .sort((a, b) => a - b);
  for (const id of unknownIds) rows.push(row(id, false));
  if (tallies.has(null)) rows.push(row(null, false));

  return { total: registrations.length, statuses, categories: rows };
}
