import type { Category } from '@/features/events/api/schemas';
import type { XlsxFigure } from '@/lib/xlsx';
import type { Registration } from '../api/schemas';
import { categoryBreakdown } from './category-breakdown';
import { duplicateGroups } from './duplicate-groups';
import { orderGroups } from './order-groups';
import { overviewFigures, type OverviewFigureLabels } from './overview-figures';

/**
 * The overview's numbers of some registrations, as label/number lines for the workbook's
 * second sheet: only the parts the sheet shows are computed (not the questions' answers).
 * Its own module so the screen loads the insights code only when a promoter asks for that
 * sheet. Categories and statuses read as in the table (the labels come from
 * registration-labels).
 */
export function overviewSheetRows(
  registrations: readonly Registration[],
  categories: readonly Category[],
  labels: OverviewFigureLabels,
): XlsxFigure[] {
  return overviewFigures(
    {
      total: registrations.length,
      categories: categoryBreakdown(registrations, categories),
      orders: orderGroups(registrations),
      duplicates: duplicateGroups(registrations),
    },
    labels,
  );
}
