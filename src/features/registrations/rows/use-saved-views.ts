import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readSavedViewsCopy, saveSavedViewsCopy } from '@/engine/copy/device-copy';
import { MAX_SAVED_VIEWS, parseSavedViews, savedViewsRecord, type SavedView } from './saved-views';

const NONE: readonly SavedView[] = [];
const queryKey = (eventId: number) => ['saved-views', eventId] as const;

/**
 * The saved views of an event (empty until read, `ready` false meanwhile) and how to change
 * them. A change shows at once and is saved in the background to the encrypted copy on this
 * device; sign-out clears the cache and wipes the copy, so no view outlives the session's key.
 * `update` replaces one view by id (a rename).
 */
export function useSavedViews(eventId: number) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKey(eventId),
    queryFn: async () => parseSavedViews((await readSavedViewsCopy(eventId))?.value),
    // Only this tab changes them: what was read stays right for the session.
    staleTime: Infinity,
    // Offline too (React Query would pause it, and the screen would wait on it): it only reads the device.
    networkMode: 'always',
  });
  const change = useCallback(
    (next: (views: readonly SavedView[]) => readonly SavedView[]) => {
      const views = next(client.getQueryData<readonly SavedView[]>(queryKey(eventId)) ?? NONE).slice(
        0,
        MAX_SAVED_VIEWS,
      );
      client.setQueryData(queryKey(eventId), views);
      void saveSavedViewsCopy(eventId, savedViewsRecord(views));
    },
    [client, eventId],
  );
  return {
    views: query.data ?? NONE,
    ready: !query.isPending,
    /** Adds a view at the end of the list. */
    add: useCallback((view: SavedView) => change((views) => [...views, view]), [change]),
    update: useCallback(
      (id: string, update: (view: SavedView) => SavedView) =>
        change((views) => views.map((view) => (view.id === id ? update(view) : view))),
      [change],
    ),
    remove: useCallback((id: string) => change((views) => views.filter((view) => view.id !== id)), [change]),
  };
}
