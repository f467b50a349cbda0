import { useCallback } from 'react';
import { readEditionLinkCopy, saveEditionLinkCopy } from '@/engine/copy/device-copy';
import { useKeptNote } from '../api/kept-note';

/**
 * The previous edition the promoter linked an event to, or their choice that it has none.
 *
 * Kept in the encrypted copy on this device (a record of the event, sealed like its rows), so
 * it lasts across reloads, belongs to the API key and address that saw it, and is wiped with
 * the copy (sign-out, a 401, "Forget this device"). Where there is no copy it lasts as long as
 * the tab's cached data. The API has no place for it: it is this device's note.
 */
export type EditionLink =
  /** The promoter confirmed or picked this event as the previous edition. */
  | { readonly previousEventId: number }
  /** The promoter said the event has no previous edition: nothing is suggested any more. */
  | { readonly previousEventId: null };

interface EditionLinkRecord {
  readonly version: 1;
  readonly previousEventId: number | null;
}

/**
 * The link in whatever was read back (any value: a later format, a damaged record). Never
 * throws; undefined when nothing usable was saved (the app then suggests one).
 */
export function parseEditionLink(value: unknown): EditionLink | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { version, previousEventId } = value as { version?: unknown; previousEventId?: unknown };
  if (version !== 1) return undefined;
  if (previousEventId === null) return { previousEventId: null };
  return typeof previousEventId === 'number' && Number.isSafeInteger(previousEventId) && previousEventId > 0
    ? { previousEventId }
    : undefined;
}

/** The record saved for a link (parseEditionLink reads it back). */
export function editionLinkRecord(link: EditionLink): EditionLinkRecord {
  return { version: 1, previousEventId: link.previousEventId };
}

/**
 * An event's link to its previous edition: `link` undefined while it is read and when none was
 * saved (`ready` tells them apart), and how to set it. A change shows at once and is saved in
 * the background.
 */
export function useEditionLink(eventId: number) {
  const { value, ready, change, keeping } = useKeptNote<EditionLink | null>({
    note: 'edition-link',
    eventId,
    // null, not undefined: a query's data may not be undefined.
    read: async (id) => parseEditionLink((await readEditionLinkCopy(id))?.value) ?? null,
    save: (id, link) => saveEditionLinkCopy(id, link && editionLinkRecord(link)),
  });
  const setLink = useCallback(
    (link: EditionLink) => {
      void change(() => link);
    },
    [change],
  );
  // keeping: whether the last link set is kept on this device (see useKeptNote).
  return { link: value ?? undefined, ready, setLink, keeping };
}
