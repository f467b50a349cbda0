import type { PromoterId } from './demo-keys';
import type { QuestionKind } from './questions';

/** Shape of the static event descriptions (events-alpine.ts, events-coastal.ts, …). */

export interface CategoryType {
  readonly fr: string;
  readonly en: string;
}

export const RACE: CategoryType = { fr: 'Course', en: 'Race' };
export const WALK: CategoryType = { fr: 'Marche', en: 'Walk' };
export const RELAY: CategoryType = { fr: 'Relais', en: 'Relay' };
export const KIDS: CategoryType = { fr: 'Enfants', en: 'Kids' };
export const TRAIL: CategoryType = { fr: 'Trail', en: 'Trail' };
export const SWIM: CategoryType = { fr: 'Natation', en: 'Swim' };
export const TRIATHLON: CategoryType = { fr: 'Triathlon', en: 'Triathlon' };

export interface CategorySpec {
  readonly type: CategoryType;
  readonly nameFr: string;
  readonly nameEn: string | null;
  /** Relative share of the event's registrations. */
  readonly weight: number;
}

export interface EventSpec {
  readonly id: number;
  readonly promoter: PromoterId;
  readonly nameFr: string;
  readonly placeFr: string;
  readonly placeEn: string | null;
  /** Start date = today + this many days (negative: past event). */
  readonly startOffsetDays: number;
  /** updated_at = this many days before today (always >= 1, so nothing is "newer" than today). */
  readonly updatedDaysAgo: number;
  readonly registrations: number;
  readonly questions: readonly QuestionKind[];
  readonly categories: readonly CategorySpec[];
  /** Inject one tricky answer every N registrations (see tricky-answers.ts). */
  readonly trickyEvery?: number;
  /**
   * This event is an earlier edition of `eventId`: about `returningShare` of that event's people
   * (registrations not cancelled or refunded) ran this one too. Set on the earlier edition, so
   * the later one's rows are the same whether it has an earlier edition or not (see editions.ts).
   */
  readonly nextEdition?: { readonly eventId: number; readonly returningShare: number };
  /** The event's first order number; default: 30,000 per place in the catalog. */
  readonly orderBase?: number;
}

export function cat(type: CategoryType, nameFr: string, nameEn: string | null, weight: number): CategorySpec {
  return { type, nameFr, nameEn, weight };
}
