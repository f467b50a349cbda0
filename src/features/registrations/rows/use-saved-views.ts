import { useCallback } from 'react';
import { readSavedViewsCopy, saveSavedViewsCopy } from '@/engine/copy/device-copy';
import { useKeptNote } from '../api/kept-note';
import { MAX_SAVED_VIEWS, parseSavedViews, savedViewsRecord, type SavedView } from './saved-views';

const NONE: readonly SavedView[] = [];

/**
 * The saved views of an event (empty until read, `ready` false meanwhile) and how to change
 * them. A change shows at once and is saved in the background to the encrypted copy on this
 * device; sign-out clears the cache and wipes the copy, so no view outlives the session's key.
 * `update` replaces one view by id (a rename).
 */
export function useSavedViews(eventId: number) {
  const { value, ready, change, keeping } = useKeptNote({
    note: 'saved-views',
    eventId,
    read: async (id) => parseSavedViews((await readSavedViewsCopy(id))?.value),
    save: (id, views: readonly SavedView[]) => saveSavedViewsCopy(id, savedViewsRecord(views)),
  });
  const edit = useCallback(
    (next: (views: readonly SavedView[]) => readonly SavedView[]) =>
      change((current) => next(current ?? NONE).slice(0, MAX_SAVED_VIEWS)),
    [change],
  );
  return {
    views: value ?? NONE,
    ready,
    /** Whether the last change is kept on this device (see NoteKeeping). */
    keeping,
    /** Adds a view at the end of the list; the answer says whether it was kept on this device. */
    add: useCallback((view: SavedView) => edit((views) => [...views, view]), [edit]),
    update: useCallback(
      (id: string, update: (view: SavedView) => SavedView) => {
        void edit((views) => views.map((view) => (view.id === id ? update(view) : view)));
      },
      [edit],
    ),
    remove: useCallback(
      (id: string) => {
        void edit((views) => views.filter((view) => view.id !== id));
      },
      [edit],
    ),
  };
}
