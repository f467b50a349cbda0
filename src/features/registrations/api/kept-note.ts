import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { CopyRecord, CopySaveResult } from '@/engine/copy/device-copy-protocol';

/** The notes an event has in the copy, by their record's kind. */
type EventNote = Exclude<CopyRecord['kind'], 'events' | 'categories' | 'event-figures'>;

/**
 * Where the last change to a note stands on this device: being written, kept (written, or
 * nothing changed since it was read), or not kept (no copy on this device, or the write failed):
 * then it lasts until the tab closes, which a screen that relies on it says.
 */
export type NoteKeeping = 'saving' | 'kept' | 'not-kept';

/**
 * What a promoter keeps about an event on this device, in its encrypted copy: the findings
 * marked fine, the dismissed duplicates, saved views, corrections to how answers are read, the
 * link to the previous edition, a frozen order. Each is read once (only this tab changes it, so
 * what was read stays right for the session), changed on screen at once, and saved in the
 * background; `keeping` says whether the last change is kept yet.
 *
 * `note` names the note (its record's kind in the copy, and its cache key with the event's id); `read` parses what the copy holds
 * (never throws: a note unreadable or absent reads as its empty value); `save` writes a value.
 */
export function useKeptNote<T>({
  note,
  eventId,
  read,
  save,
  enabled = true,
}: {
  note: EventNote;
  eventId: number;
  read: (eventId: number) => Promise<T>;
  save: (eventId: number, value: T) => Promise<CopySaveResult>;
  enabled?: boolean;
}) {
  const client = useQueryClient();
  const queryKey = useMemo(() => keptNoteKey(note, eventId), [note, eventId]);
  const query = useQuery({
    queryKey,
    enabled,
    queryFn: () => read(eventId),
    staleTime: Infinity,
    // Offline too (React Query would pause it, and the screen would wait on it): it only reads the device.
    networkMode: 'always',
  });
  const saving = useMutation({
    mutationFn: (value: T) => save(eventId, value),
    networkMode: 'always',
  });
  const { mutateAsync } = saving;
  /**
   * Changes the note from its current value (undefined while not read yet): on screen at once;
   * the answer says whether the change was kept on the device once its save is done.
   */
  const change = useCallback(
    (next: (current: T | undefined) => T): Promise<'kept' | 'not-kept'> => {
      const value = next(client.getQueryData<T>(queryKey));
      client.setQueryData(queryKey, value);
      return mutateAsync(value).then(
        (result) => (result.status === 'saved' ? 'kept' : 'not-kept'),
        () => 'not-kept',
      );
    },
    [client, queryKey, mutateAsync],
  );
  const keeping: NoteKeeping = saving.isPending
    ? 'saving'
    : saving.data && saving.data.status !== 'saved'
      ? 'not-kept'
      : 'kept';
  return { value: query.data, ready: !query.isPending, change, keeping };
}

/** The cache key of an event's note: for a reader outside a component (an export, a print). */
export const keptNoteKey = (note: EventNote, eventId: number) => ['kept-note', note, eventId] as const;
