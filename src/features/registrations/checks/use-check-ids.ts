import { useMemo } from 'react';
import type { Category } from '@/engine/api/event-schemas';
import type { Registration } from '@/engine/api/registration-schemas';
import type { CheckId } from '@/engine/figures/checks/check-kinds';
import { OVERVIEW_OPTIONS } from '../insights/event-page-options';
import { useEventInsights } from '../insights/use-event-insights';
import { openFindings } from '@/engine/figures/checks/open-findings';
import { useFineFindings } from './fine-findings';

const NONE: ReadonlySet<number> = new Set();
/** While a load streams in, the findings follow it at most this often. */
const LOADING_REFRESH_MS = 1000;

/**
 * What the table's `check` filter keeps: the registrations the check found in the rows loaded,
 * less the findings marked fine (openFindings, as the event page counts them). Null while
 * there is no filter, or until the scan of the rows on screen is back.
 */
export function useCheckIds(
  eventId: number,
  check: CheckId | null,
  rows: readonly Registration[] | undefined,
  categories: readonly Category[] | null,
  complete: boolean,
): ReadonlySet<number> | null {
  const { fine, ready } = useFineFindings(eventId, check !== null);
  const computed = useEventInsights(
    check && rows && categories
      ? { eventId, rows, categories, scope: null, options: OVERVIEW_OPTIONS }
      : null,
    complete ? 0 : LOADING_REFRESH_MS,
  );
  const checks = computed.insights && computed.from === rows?.length ? computed.insights.checks : null;
  return useMemo(() => {
    if (!check || !checks || !ready) return null;
    return openFindings(checks, fine).byCheck.find((found) => found.check === check)?.ids ?? NONE;
  }, [check, checks, ready, fine]);
}
