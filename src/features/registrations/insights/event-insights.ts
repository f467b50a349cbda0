import type { Category } from '@/features/events/api/schemas';
import type { Registration } from '../api/schemas';
import { categoryBreakdown, type CategoryBreakdown } from './category-breakdown';
import { duplicateGroups, type DuplicateGroup } from './duplicate-groups';
import { orderGroups, type OrderSummary } from './order-groups';
import { questionInsights, type QuestionInsight, type QuestionInsightOptions } from './question-insights';

/** Everything the event overview shows, for one list of registrations. */
export interface EventInsights {
  readonly total: number;
  readonly categories: CategoryBreakdown;
  readonly questions: readonly QuestionInsight[];
  readonly orders: OrderSummary;
  readonly duplicates: readonly DuplicateGroup[];
}

/**
 * All insights of an event. Pure and synchronous: call it on the complete list (or on the
 * filtered rows, to describe exactly what the table shows). Each part is one pass over the
 * registrations, and every part can also be computed on its own.
 */
export function eventInsights(
  registrations: readonly Registration[],
  categories: readonly Category[],
  options: QuestionInsightOptions = {},
): EventInsights {
  return {
    total: registrations.length,
    categories: categoryBreakdown(registrations, categories),
    questions: questionInsights(registrations, options),
    orders: orderGroups(registrations),
    duplicates: duplicateGroups(registrations),
  };
}
