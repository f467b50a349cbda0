import { useMemo } from 'react';
import type { Category } from '@/engine/api/event-schemas';
import type { Registration } from '@/engine/api/registration-schemas';
import type { CheckId } from '@/engine/figures/checks/check-kinds';
import { useChecks } from './use-checks';

const NONE: ReadonlySet<number> = new Set();

/**
 * What the table's `check` filter keeps: the registrations the check found in the rows loaded,
 * less the findings marked fine, as the event page counts them. Null while there is no filter,
 * or until the scan of the rows on screen is back.
 */
export function useCheckIds(
  eventId: number,
  check: CheckId | null,
  rows: readonly Registration[] | undefined,
  categories: readonly Category[] | null,
  complete: boolean,
): ReadonlySet<number> | null {
  const { summary } = useChecks(check && rows && categories ? { eventId, rows, categories } : null, {
    complete,
  });
  return useMemo(() => {
    if (!check || !summary) return null;
    const ids = summary.checks.find((found) => found.check === check)?.ids;
    return ids ? new Set(ids) : NONE;
  }, [check, summary]);
}
