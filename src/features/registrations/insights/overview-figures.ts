import type { XlsxFigure } from '@/lib/xlsx';
import type { RegistrationLabels } from '../rows/registration-labels';
import type { EventInsights } from '@/engine/figures/event-insights';

/** What the figures sheet shows: everything the overview computes but the questions. */
export type OverviewFigureInsights = Pick<
  EventInsights,
  'total' | 'categories' | 'orders' | 'duplicateCounts'
>;

/**
 * The words of the figures, in the UI language (see useInsightLabels); categories and
 * statuses as everywhere else (see registration-labels).
 */
export interface OverviewFigureLabels extends Pick<RegistrationLabels, 'category' | 'status'> {
  readonly total: string;
  readonly byCategory: string;
  readonly byStatus: string;
  readonly orders: string;
  readonly ordersOfSize: (size: number) => string;
  readonly withoutOrder: string;
  readonly duplicates: string;
}

/**
 * The overview's numbers as label/number lines, for the Excel file's second sheet: total,
 * registrations per category and per payment status, orders by size, groups of likely duplicates.
 * A heading line has no number.
 */
export function overviewFigures(
  insights: OverviewFigureInsights,
  labels: OverviewFigureLabels,
): XlsxFigure[] {
  const { categories, orders } = insights;
  return [
    { label: labels.total, value: insights.total },
    { label: labels.byCategory, value: null },
    ...categories.categories.map((row) => ({ label: labels.category(row.categoryId), value: row.count })),
    { label: labels.byStatus, value: null },
    ...categories.statuses.map((row) => ({ label: labels.status(row.status), value: row.count })),
    { label: labels.orders, value: orders.count },
    ...orders.sizes.map((row) => ({ label: labels.ordersOfSize(row.size), value: row.orders })),
    ...(orders.withoutOrder > 0 ? [{ label: labels.withoutOrder, value: orders.withoutOrder }] : []),
    // The likely ones, as the event page's tab counts them (see duplicate-groups.ts).
    { label: labels.duplicates, value: insights.duplicateCounts.likely },
  ];
}
