import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readFineFindingsCopy, saveFineFindingsCopy } from '@/engine/copy/device-copy';
import { isFindingKey } from '@/engine/figures/checks/check-kinds';

/**
 * The data doctor's findings the promoter marked "This is fine", per event: kept as their keys
 * (findingKey: check, registration, question and the registration's stamp), so a finding comes
 * back when that registration changes. Kept in the encrypted copy on this device like the
 * dismissed duplicates (see dismissed-duplicates.ts for where they last and how they go).
 */

interface FineRecord {
  readonly version: 1;
  readonly keys: readonly string[];
}

/** More than any promoter marks by hand: a damaged record cannot grow the page's memory. */
const MAX_KEYS = 20_000;

/** The keys in whatever was read back. Never throws; keeps the keys that look right, once each. */
export function parseFineFindings(value: unknown): ReadonlySet<string> {
  const keys = new Set<string>();
  if (typeof value !== 'object' || value === null) return keys;
  const { version, keys: found } = value as { version?: unknown; keys?: unknown };
  if (version !== 1 || !Array.isArray(found)) return keys;
  for (const key of found as unknown[]) {
    if (keys.size >= MAX_KEYS) break;
    if (isFindingKey(key)) keys.add(key);
  }
  return keys;
}

export function fineRecord(keys: ReadonlySet<string>): FineRecord {
  return { version: 1, keys: [...keys].slice(0, MAX_KEYS) };
}

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
      saveFineFindingsCopy(eventId, fineRecord(next));
    },
    [client, eventId],
  );
  return { fine: query.data ?? NONE, ready: !query.isPending, mark };
}
