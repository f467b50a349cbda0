import type { LoaderRunOptions, RegistrationsLoadResult } from './load-types';
import { loadRegistrations } from './load-registrations';
import type { Registration } from '../api/registration-schemas';

export interface LoadChangesOptions extends LoaderRunOptions {
  eventId: number;
  /** The watermark of the previous load (its `serverDate`). */
  since: Date;
  perPage?: number;
  firstPage?: 0 | 1;
}

/**
 * Registrations modified after `since`, through the same discovery, pool and retry rules as
 * a full load. The result's `serverDate` is the watermark for the next refresh. Deletions are
 * invisible to updated_since: only a full download (a full check, see registrations-query) finds them.
 */
export function loadChanges({ since, ...options }: LoadChangesOptions): Promise<RegistrationsLoadResult> {
  return loadRegistrations({ ...options, updatedSince: since.toISOString() });
}

export interface MergedChanges {
  rows: Registration[];
  /** Rows that were already there and were replaced by their new version. */
  changed: number;
  /** Rows that were not there, appended in the order received. */
  added: number;
}

/** Merges a refresh into a list by registration_id: replaces in place, appends the new ones. */
export function mergeChanges(
  rows: readonly Registration[],
  changedRows: readonly Registration[],
): MergedChanges {
  // The last version of a row wins if a refresh repeats it.
  const updates = new Map<number, Registration>();
  for (const row of changedRows) updates.set(row.registration_id, row);

  // The rows not found in the list yet are the new ones (a map of the few that arrived, not a
  // set of all 100,000 rows).
  const notFound = new Map(updates);
  const merged = rows.map((row) => {
    const update = updates.get(row.registration_id);
    if (!update) return row;
    notFound.delete(row.registration_id);
    return update;
  });
  for (const row of notFound.values()) merged.push(row);
  return { rows: merged, changed: updates.size - notFound.size, added: notFound.size };
}
