import { useCallback } from 'react';
import { readDismissedDuplicatesCopy, saveDismissedDuplicatesCopy } from '@/engine/copy/device-copy';
import { dismissedRecord, parseDismissedDuplicates } from '@/engine/figures/dismissed-groups';
import { useKeptNote } from '../api/kept-note';

/**
 * The groups of possible duplicates the promoter dismissed ("Not a duplicate"), per event.
 *
 * Kept in the encrypted copy on this device (a record of the event, sealed like its rows),
 * so they last across reloads and launches, belong to the API key that saw them, and go
 * with everything else when the session signs out, gets a 401, or the promoter chooses
 * "Forget this device" (the whole database is deleted). Where there is no copy (no
 * IndexedDB, or the device was forgotten in this session, when nothing may be kept on it)
 * they last as long as the tab's cached data, which sign-out clears too. Nothing goes to
 * localStorage or sessionStorage: a group's key holds registration ids only, never a name
 * or an address, but the copy keeps even those out of reach without the API key.
 *
 * A key names the group's kind and its registration ids (duplicateGroupKey): a group that
 * gains a registration is a new group, and is shown again.
 */

const NONE: ReadonlySet<string> = new Set();

/**
 * The dismissed group keys of an event (empty until read, and `ready` false meanwhile),
 * and how to dismiss or restore one. A change shows at once and is saved in the background.
 */
export function useDismissedDuplicates(eventId: number, enabled = true) {
  const { value, ready, change, keeping } = useKeptNote({
    note: 'dismissed-duplicates',
    eventId,
    enabled,
    read: async (id) => parseDismissedDuplicates((await readDismissedDuplicatesCopy(id))?.value),
    save: (id, dismissed: ReadonlySet<string>) => saveDismissedDuplicatesCopy(id, dismissedRecord(dismissed)),
  });
  const set = useCallback(
    (key: string, dismissed: boolean) => {
      void change((current) => {
        const next = new Set(current ?? NONE);
        if (dismissed) next.add(key);
        else next.delete(key);
        return next;
      });
    },
    [change],
  );
  return {
    dismissed: value ?? NONE,
    ready,
    /** Whether the last dismissal or restore is kept on this device (see useKeptNote). */
    keeping,
    dismiss: useCallback((key: string) => set(key, true), [set]),
    restore: useCallback((key: string) => set(key, false), [set]),
  };
}
