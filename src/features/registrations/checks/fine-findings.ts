import { useCallback } from 'react';
import { readFineFindingsCopy, saveFineFindingsCopy } from '@/engine/copy/device-copy';
import { fineRecord, parseFineFindings } from '@/engine/figures/checks/open-findings';
import { useKeptNote } from '../api/kept-note';

/*
 * The data doctor's findings the promoter marked "This is fine", per event (engine/figures/
 * checks/open-findings: their keys, so a finding comes back when its registration changes).
 * Kept in the encrypted copy on this device like the dismissed duplicates (see
 * dismissed-duplicates.ts for where they last and how they go).
 */

const NONE: ReadonlySet<string> = new Set();

/**
 * The keys of an event's findings marked fine (empty until read, `ready` false meanwhile), and
 * how to mark or unmark some. A change shows at once and is saved in the background.
 */
export function useFineFindings(eventId: number, enabled = true) {
  const { value, ready, change, keeping } = useKeptNote({
    note: 'fine-findings',
    eventId,
    enabled,
    read: async (id) => parseFineFindings((await readFineFindingsCopy(id))?.value),
    save: (id, fine: ReadonlySet<string>) => saveFineFindingsCopy(id, fineRecord(fine)),
  });
  const mark = useCallback(
    (keys: readonly string[], fine: boolean) => {
      void change((current) => {
        const next = new Set(current ?? NONE);
        for (const key of keys) {
          if (fine) next.add(key);
          else next.delete(key);
        }
        return next;
      });
    },
    [change],
  );
  return { fine: value ?? NONE, ready, mark, keeping };
}
