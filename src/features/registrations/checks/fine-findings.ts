import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readFineFindingsCopy, saveFineFindingsCopy } from '@/engine/copy/device-copy';
import { fineRecord, parseFineFindings } from '@/engine/figures/checks/open-findings';

/*
 * The data doctor's findings the promoter marked "This is fine", per event (engine/figures/
 * checks/open-findings: their keys, so a finding comes back when its registration changes).
 * Kept in the encrypted copy on this device like the dismissed duplicates (see
 * dismissed-duplicates.ts for where they last and how they go).
 */

const NONE: ReadonlySet<string> = new Set();
const queryKey = (eventId: number) => ['fine-findings', eventId] as const;

/**
 * The keys of an event's findings marked fine (empty until read, `ready` false meanwhile), and
 * how to mark or unmark some. A change shows at once and is saved in the background.
 */
export function useFineFindings(eventId: number, enabled = true) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKey(eventId),
    enabled,
    queryFn: async () => parseFineFindings((await readFineFindingsCopy(eventId))?.value),
    // Only this tab changes them: what was read stays right for the session.
    staleTime: Infinity,
  });
  const mark = useCallback(
    (keys: readonly string[], fine: boolean) => {
      const next = new Set(client.getQueryData<ReadonlySet<string>>(queryKey(eventId)) ?? NONE);
      for (const key of keys) {
        if (fine) next.add(key);
        else next.delete(key);
      }
      client.setQueryData(queryKey(eventId), next);
      void saveFineFindingsCopy(eventId, fineRecord(next));
    },
    [client, eventId],
  );
  return { fine: query.data ?? NONE, ready: !query.isPending, mark };
}
