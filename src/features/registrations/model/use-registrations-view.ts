import { useUrlSyncedState } from '@/lib/use-url-synced-state';
import { readRegistrationsView, writeRegistrationsView } from './registrations-view';

/**
 * The view state (search, filters, sort, hidden columns). The inputs own it: a keystroke or a
 * click updates React state and echoes in the same frame, and the heavy derivation follows
 * from that state; the URL follows after a short pause (see useUrlSyncedState). A router
 * navigation per keystroke is what lost letters at typing speed on 25,000 rows.
 */
export function useRegistrationsView() {
  const [view, setView] = useUrlSyncedState({ parse: readRegistrationsView, write: writeRegistrationsView });
  return { view, setView };
}

export type SetRegistrationsView = ReturnType<typeof useRegistrationsView>['setView'];
