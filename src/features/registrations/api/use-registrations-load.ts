import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { askFullCheck, registrationsQuery } from './registrations-query';
import type { RegistrationsData } from './registrations-data';
import { registrationsKey } from './registrations-key';

/** What the load banner's buttons do. Stable for a given event, so memoized children skip re-rendering. */
export interface RegistrationsLoadActions {
  /** Stops the running load; the rows loaded so far stay, and `continue` resumes. */
  cancel: () => void;
  /** Resumes a stopped load, retries the missing pages, or checks for changes: the query knows which. */
  continue: () => void;
  /** Drops the list and loads it again from the first page. */
  reload: () => void;
  /** Downloads the whole list again in the background, the rows shown staying, to find deletions. */
  verify: () => void;
}

export interface RegistrationsLoad {
  /** Undefined until the first page arrives (or when the first page failed: see `error`). */
  data: RegistrationsData | undefined;
  error: Error | null;
  /** Nothing to show yet: no row has arrived and nothing has failed. */
  pending: boolean;
  /** A run is under way (a load, a resume or a check for changes). */
  fetching: boolean;
  actions: RegistrationsLoadActions;
}

/**
 * An event's registrations and the actions on their load, for every screen that shows them
 * (the registrations table and the event's overview share one load and one cache entry).
 * The result is one object per snapshot (stable in between), so a memoized screen given it
 * skips the renders that only React Query's own bookkeeping asks for.
 *
 * Not `follow`ed, the hook neither starts a load nor renders when the list changes: it reads
 * the list as it is at each render (an edition comparison that is not asked for).
 */
export function useRegistrationsLoad(eventId: number, follow = true): RegistrationsLoad {
  const client = useQueryClient();
  const query = useQuery({ ...registrationsQuery(eventId), ...(follow ? null : UNFOLLOWED) });
  const actions = useMemo<RegistrationsLoadActions>(() => {
    const filters = { queryKey: registrationsKey(eventId), exact: true };
    return {
      cancel: () => void client.cancelQueries(filters),
      continue: () => void client.refetchQueries(filters),
      reload: () => void client.resetQueries(filters),
      verify: () => {
        askFullCheck(eventId);
        void client.refetchQueries(filters);
      },
    };
  }, [client, eventId]);
  const { data, error, isPending: pending, isFetching: fetching } = query;
  const state = useMemo(() => ({ data, error, pending, fetching }), [data, error, pending, fetching]);
  // The query's updates reach React at the sync priority of an external store: a snapshot of a
  // load (one per PUBLISH_INTERVAL_MS at most: registrations-query.ts) would render the whole
  // screen in one task, a long one on a phone for the first rows. Deferred, the screen renders
  // the new snapshot in React's time slices, the previous one staying on screen meanwhile; the
  // four values move together, so the screen never shows a state no snapshot had (not pending,
  // and no rows yet).
  const deferred = useDeferredValue(state);
  return useMemo(() => ({ ...deferred, actions }), [deferred, actions]);
}

/** A list read, not followed: no load started, no render when it changes. */
const UNFOLLOWED: { enabled: false; notifyOnChangeProps: [] } = { enabled: false, notifyOnChangeProps: [] };
