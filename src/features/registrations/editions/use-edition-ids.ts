import { useMemo } from 'react';
import type { EditionFilter } from '../rows/registrations-view';
import type { EditionComparison } from './compare-editions';
import { useEditionComparison } from './use-edition-comparison';

/** The registrations of `eventId` that one list of a comparison holds (see EditionFilter). */
export function editionIds(comparison: EditionComparison, kind: EditionFilter['kind']): ReadonlySet<number> {
  return new Set(
    kind === 'returning'
      ? comparison.returning.map((pair) => pair.current)
      : kind === 'new'
        ? comparison.new
        : comparison.lapsed,
  );
}

/**
 * What an edition filter keeps on `eventId`'s table: null until both lists are whole (the
 * table then shows no row and says the comparison is on its way, never a false 0). Returning
 * and new compare this event (now) with `vs` (last time); lapsed compares `vs` (now) with this
 * event (last time). Without a filter nothing is loaded or compared.
 */
export function useEditionIds(eventId: number, edition: EditionFilter | null) {
  const lapsed = edition?.kind === 'lapsed';
  const other = edition?.vs ?? eventId;
  const { state, currentLoad, previousLoad } = useEditionComparison(
    lapsed ? other : eventId,
    lapsed ? eventId : other,
    edition !== null,
  );
  const comparison = state.status === 'ready' ? state.comparison : null;
  const kind = edition?.kind ?? null;
  const ids = useMemo(() => (comparison && kind ? editionIds(comparison, kind) : null), [comparison, kind]);
  return { ids, state, otherLoad: lapsed ? currentLoad : previousLoad };
}
