import { useMemo } from 'react';
import type { Category } from '@/engine/api/event-schemas';
import type { Registration } from '@/engine/api/registration-schemas';
import type { CheckId } from '@/engine/figures/checks/check-kinds';
import { useChecks } from './use-checks';

const NONE: ReadonlySet<number> = new Set();

/**
 * What the table's `check` filter keeps: the registrations the check found in the rows loaded,
 * less the findings marked fine, as the event page counts them (`ids`). Null while there is no
 * filter, or until a first scan is back; while a load goes on, the last scan's registrations
 * (the rows scanned so far). `error`: the scan failed, and the table says so.
 */
export function useCheckIds(
  eventId: number,
  check: CheckId | null,
  rows: readonly Registration[] | undefined,
  categories: readonly Category[] | null,
  complete: boolean,
): { readonly ids: ReadonlySet<number> | null; readonly error: Error | null } {
  const { summary, latest, error } = useChecks(
    check && rows && categories ? { eventId, rows, categories } : null,
    { complete },
  );
  const scanned = complete ? summary : latest;
  const ids = useMemo(() => {
    if (!check || !scanned) return null;
    const found = scanned.checks.find((each) => each.check === check)?.ids;
    return found ? new Set(found) : NONE;
  }, [check, scanned]);
  return { ids, error: check ? error : null };
}
