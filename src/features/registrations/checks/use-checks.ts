import { useEffect, useMemo } from 'react';
import type { Category } from '@/engine/api/event-schemas';
import type { Registration } from '@/engine/api/registration-schemas';
import { CHECKS_OPTIONS } from '../insights/event-page-options';
import { useEventInsights } from '../insights/use-event-insights';
import { useFineFindings } from './fine-findings';
import { useDismissedDuplicates } from '../insights/dismissed-duplicates';

const NO_KEYS: readonly string[] = [];

/** While a load streams in, the findings follow it at most this often. */
const LOADING_REFRESH_MS = 1000;

interface ChecksRequest {
  readonly eventId: number;
  readonly rows: readonly Registration[];
  readonly categories: readonly Category[];
}

/**
 * The data doctor's scan of an event, summed up by the engine with the findings marked fine
 * and the duplicate groups dismissed ("Not a duplicate") left out (ChecksSummary), and how to
 * mark some. The event page and the table's `check` filter
 * ask for the very same, so they share one computation. `request` null asks nothing; `held`
 * holds a new scan back (the engine is busy with the page's figures) while the last one stays.
 */
export function useChecks(
  request: ChecksRequest | null,
  { complete, held = false }: { complete: boolean; held?: boolean },
) {
  const { fine, ready, mark, keeping } = useFineFindings(request?.eventId ?? 0, request !== null);
  const { dismissed, ready: dismissedReady } = useDismissedDuplicates(
    request?.eventId ?? 0,
    request !== null,
  );
  // Sorted, so the same keys are the same computation wherever they are asked from.
  const options = useMemo(
    () => ({ ...CHECKS_OPTIONS, fine: [...fine].sort(), notDuplicates: [...dismissed].sort() }),
    [fine, dismissed],
  );
  const state = useEventInsights(
    request && ready && dismissedReady ? { ...request, scope: null, options } : null,
    complete ? 0 : LOADING_REFRESH_MS,
    held,
  );
  const summary = state.insights && state.from === request?.rows.length ? state.insights.checks : null;
  // Marks whose registration changed or went match nothing any more: once the whole list was
  // scanned, they go, so the kept marks stay as many as the findings marked.
  const stale = complete ? (summary?.stale ?? NO_KEYS) : NO_KEYS;
  useEffect(() => {
    if (stale.length > 0) mark(stale, false);
  }, [stale, mark]);
  return { summary, latest: state.insights?.checks ?? null, fine, mark, keeping, error: state.error };
}
