import type { XlsxFigure } from '@/lib/xlsx';
import type { EventInsights } from './event-insights';

/** The words of the figures, in the UI language (see useInsightLabels). */
export interface OverviewFigureLabels {
  readonly total: string;
  readonly byCategory: string;
  readonly byStatus: string;
  readonly orders: string;
  readonly ordersOfSize: (size: number) => string;
  readonly withoutOrder: string;
  readonly duplicates: string;
  readonly category: (categoryId: number | null) => string;
  readonly status: (status: string) => string;
}

/**
 * The overview's numbers as label/number lines, for the Excel file's second sheet: total,
 * registrations per category and per payment status, orders by size, duplicate groups.
 * A heading line has no number.
 */
export function overviewFigures(insights: EventInsights, labels: OverviewFigureLabels): XlsxFigure[] {
  const { categories, orders, duplicates } = insights;
  return [
    { label: labels.total, value: insights.total },
    { label: labels.byCategory, value: null },
    ...categories.categories.map((row) => ({ label: labels.category(row.categoryId), value: row.count })),
    { label: labels.byStatus, value: null },
    ...categories.statuses.map((row) => ({ label: labels.status(row.status), value: row.count })),
    { label: labels.orders, value: orders.orders.length },
    ...orders.sizes.map((row) => ({ label: labels.ordersOfSize(row.size), value: row.orders })),
    ...(orders.withoutOrder > 0 ? [{ label: labels.withoutOrder, value: orders.withoutOrder }] : []),
    { label: labels.duplicates, value: duplicates.length },
  ];
}
