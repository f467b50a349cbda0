import type { Category } from '@/engine/api/event-schemas';
import type { Registration } from '../api/registration-schemas';
import { categoryBreakdown, type CategoryBreakdown } from './category-breakdown';
import { duplicateGroups } from './duplicate-groups';
import { countDuplicates, type DuplicateCounts, type DuplicateGroup } from './duplicate-kinds';
import { orderGroups, type OrderSummary } from './order-groups';
import { questionInsights, type QuestionInsight, type QuestionInsightOptions } from './question-insights';
import { CheckMemo, eventChecks } from './checks/event-checks';
import { parseDismissedDuplicates } from './dismissed-groups';
import { NO_SUMMARY, parseFineFindings, summarizeChecks, type ChecksSummary } from './checks/open-findings';
import { cachedAnswerKey } from '@/lib/text-keys';

/** Everything the event overview shows, for one list of registrations. */
export interface EventInsights {
  readonly total: number;
  readonly categories: CategoryBreakdown;
  readonly questions: readonly QuestionInsight[];
  readonly orders: OrderSummary;
  /** Groups of possible duplicates of each kind (the list may be left out: see `lists`). */
  readonly duplicateCounts: DuplicateCounts;
  readonly duplicates: readonly DuplicateGroup[];
  /**
   * Whether the lists (the orders of two people or more, the duplicate groups) are filled in.
   * The counts are always right; the lists cost the most to carry, so only the screens that
   * show them ask for them.
   */
  readonly lists: boolean;
  /** What the data doctor found, summed up (empty unless asked for: see InsightsOptions.checks). */
  readonly checks: ChecksSummary;
}

/**
 * Which parts to compute beyond the counts per category and status: the Numbers dialog needs
 * no orders or duplicates, the workbook's figures sheet no answers.
 */
export interface InsightsOptions extends QuestionInsightOptions {
  readonly questions: boolean;
  /** Orders and possible duplicates. */
  readonly groups: boolean;
  /** With `groups`: the lists too, not only their counts. Default true. */
  readonly lists?: boolean;
  /** The data doctor's scan (checks/event-checks.ts). Default false. */
  readonly checks?: boolean;
  /** With `checks`: the keys of the findings marked fine (open-findings.ts), left out. */
  readonly fine?: readonly string[];
  /** With `checks`: the duplicate groups dismissed ("Not a duplicate"), not the same person twice. */
  readonly notDuplicates?: readonly string[];
}

/** Everything, as the event page shows it. */
export const ALL_INSIGHTS: InsightsOptions = { questions: true, groups: true, checks: true };

const NO_ORDERS: OrderSummary = { count: 0, orders: [], withoutOrder: 0, sizes: [] };

/**
 * The insights of some registrations: the event's whole list, or the rows the table shows.
 * Pure and synchronous, one pass over the registrations per part; it runs in the engine
 * worker (insights-client.ts), so the page never waits on it. Parts not asked for are empty.
 */
export function eventInsights(
  registrations: readonly Registration[],
  categories: readonly Category[],
  {
    questions,
    groups,
    lists = true,
    checks = false,
    fine = [],
    notDuplicates = [],
    ...questionOptions
  }: InsightsOptions = ALL_INSIGHTS,
  /** The data doctor's memory of earlier scans (one per engine): a rescan reads only changed rows. */
  memo: CheckMemo = new CheckMemo(),
): EventInsights {
  const orders = groups ? orderGroups(registrations) : NO_ORDERS;
  const duplicates = groups ? duplicateGroups(registrations) : [];
  const listed = groups && lists;
  const fold = cachedAnswerKey();
  return {
    total: registrations.length,
    categories: categoryBreakdown(registrations, categories),
    questions: questions ? questionInsights(registrations, questionOptions, fold) : [],
    orders: listed ? orders : { ...orders, orders: [] },
    duplicateCounts: groups ? countDuplicates(duplicates) : countDuplicates([]),
    duplicates: listed ? duplicates : [],
    lists: listed,
    checks: checks
      ? summarizeChecks(
          eventChecks(registrations, {
            memo,
            ...(groups && { duplicates }),
            corrections: questionOptions.corrections,
            notDuplicates: parseDismissedDuplicates({ version: 1, keys: notDuplicates }),
          }),
          parseFineFindings({ version: 1, keys: fine }),
        )
      : NO_SUMMARY,
  };
}
