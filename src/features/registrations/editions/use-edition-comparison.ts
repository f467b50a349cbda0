import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { eventQueries } from '@/features/events/api/queries';
import type { Category } from '@/engine/api/event-schemas';
import { useRegistrationsLoad, type RegistrationsLoad } from '../api/use-registrations-load';
import { compareEditions, type EditionComparison } from './compare-editions';

/** One edition's list while it is on its way: rows so far, and whether the load stopped. */
export interface EditionProgress {
  readonly loaded: number;
  /** The API's total when it sends one; null otherwise. */
  readonly total: number | null;
  readonly phase: 'waiting' | 'loading' | 'complete' | 'stopped' | 'failed';
}

export type EditionComparisonState =
  | {
      readonly status: 'loading';
      readonly current: EditionProgress;
      readonly previous: EditionProgress;
    }
  | {
      readonly status: 'ready';
      readonly comparison: EditionComparison;
      readonly currentCategories: readonly Category[];
      readonly previousCategories: readonly Category[];
    };

const NO_CATEGORIES: readonly Category[] = [];

function progressOf(load: RegistrationsLoad): EditionProgress {
  const { data, error } = load;
  if (!data) return { loaded: 0, total: null, phase: error ? 'failed' : 'waiting' };
  const phase = data.phase === 'complete' ? 'complete' : data.phase === 'loading' ? 'loading' : 'stopped';
  return { loaded: data.rows.length, total: data.report.pagination?.meta?.total ?? null, phase };
}

/**
 * An event against its previous edition, once both lists are whole: the two registrations
 * queries (loaded, or read from the copy on this device, like on their own screens) and both
 * events' categories. Until then, each list's progress: never a comparison of part of a list.
 * Also hands back each list's load, for its banner and its actions. Not `enabled`: nothing is
 * compared and the lists are neither loaded nor followed (the hooks still run, as hooks must).
 */
export function useEditionComparison(currentEventId: number, previousEventId: number, enabled = true) {
  // Not followed when not asked for: the registrations screen, which always runs these hooks,
  // would otherwise render again at each snapshot of its own load through them.
  const currentLoad = useRegistrationsLoad(currentEventId, enabled);
  const previousLoad = useRegistrationsLoad(previousEventId, enabled);
  const currentCategories = useQuery(eventQueries.categories(currentEventId));
  const previousCategories = useQuery(eventQueries.categories(previousEventId));
  const currentRows = currentLoad.data?.phase === 'complete' ? currentLoad.data.rows : null;
  const previousRows = previousLoad.data?.phase === 'complete' ? previousLoad.data.rows : null;
  // Categories that failed to load only cost the category names: the people still compare.
  const currentList = currentCategories.isPending ? null : (currentCategories.data ?? NO_CATEGORIES);
  const previousList = previousCategories.isPending ? null : (previousCategories.data ?? NO_CATEGORIES);

  const comparison = useMemo(
    () =>
      enabled && currentRows && previousRows && currentList && previousList
        ? compareEditions(
            { rows: currentRows, categories: currentList },
            { rows: previousRows, categories: previousList },
          )
        : null,
    [enabled, currentRows, previousRows, currentList, previousList],
  );
  const state: EditionComparisonState =
    comparison && currentList && previousList
      ? { status: 'ready', comparison, currentCategories: currentList, previousCategories: previousList }
      : { status: 'loading', current: progressOf(currentLoad), previous: progressOf(previousLoad) };
  return { state, currentLoad, previousLoad };
}
