import { paths } from '@/config/paths';
import type { CheckId } from '@/engine/figures/checks/check-kinds';
import { answerFilter, registrationsSearch } from './registrations-view';

/** Which registrations a number of the overview counts. Absent parts do not filter. */
export interface OverviewSelection {
  /** A category id; null: registrations without a category. */
  readonly categoryId?: number | null;
  /** A raw payment status; '': registrations without one. */
  readonly status?: string;
  /** An answer to a question, by its folded key (see answerKey); key '': did not answer. */
  readonly answer?: { readonly queId: number; readonly key: string };
}

/**
 * The registrations table filtered to exactly the rows a number of the overview counts, so
 * every figure can be checked against the rows behind it.
 */
export function overviewLink(eventId: number, selection: OverviewSelection = {}): string {
  const { categoryId, status, answer } = selection;
  return paths.registrations.build(
    eventId,
    registrationsSearch({
      categories: categoryId === undefined ? [] : [categoryId === null ? '' : String(categoryId)],
      statuses: status === undefined ? [] : [status],
      answers: answer ? [answerFilter(answer.queId, answer.key)] : [],
    }),
  );
}

/** The registrations that gave one answer (key '' = did not answer), in one category if given. */
export function answerLink(eventId: number, queId: number, key: string, categoryId?: number | null): string {
  return overviewLink(eventId, {
    answer: { queId, key },
    ...(categoryId !== undefined && { categoryId }),
  });
}

/** The registrations table with one registration's details open (from a name or a duplicate row). */
export function registrationLink(eventId: number, registrationId: number): string {
  return paths.registrations.build(eventId, registrationsSearch({ open: registrationId }));
}

/** The registrations table filtered to one order: everyone registered in it. */
export function orderLink(eventId: number, orderId: string): string {
  return paths.registrations.build(eventId, registrationsSearch({ order: orderId }));
}

/** The registrations table filtered to the registrations one check found. */
export function checkLink(eventId: number, check: CheckId): string {
  return paths.registrations.build(eventId, registrationsSearch({ check }));
}
