import type { Category } from '@/features/events/api/schemas';
import type { XlsxFigure } from '@/lib/xlsx';
import type { Registration } from '../api/schemas';
import { eventInsights } from './event-insights';
import { overviewFigures, type OverviewFigureLabels } from './overview-figures';

/**
 * The overview's numbers of some registrations, as label/number lines for the workbook's
 * second sheet. Its own module so the screen loads the insights code only when a promoter
 * asks for that sheet.
 */
export function overviewSheetRows(
  registrations: readonly Registration[],
  categories: readonly Category[],
  labels: OverviewFigureLabels,
): XlsxFigure[] {
  return overviewFigures(eventInsights(registrations, categories), labels);
}
