import { loadChanges, mergeChanges } from '@/engine/loader/load-changes';
import { loadRegistrations } from '@/engine/loader/load-registrations';
import {
  pruneHistory,
  reconcileFull,
  recordChanges,
  startHistory,
} from '@/engine/history/registration-history';
import { browserSaysOffline, isOffline } from '@/lib/offline';
import { knownFirstPage } from '@/lib/remembered-api-address';
import { getSession } from '@/lib/session';
import { saveCopy } from './registrations-copy';
import { reportOf, type RegistrationsData } from './registrations-data';
import { PUBLISH_INTERVAL_MS } from './registrations-progress';

/*
 * "Check for changes" (updated_since, merged by id) and "Verify the whole list" (everything
 * downloaded again and compared), for a list already complete (registrations-query.ts).
 */

/** A list whose last full download is this old is checked again after a check for changes. */
const FULL_CHECK_EVERY_MS = 24 * 3_600_000;

/** After a successful check for changes: is the last full download over a day old? */
export function fullCheckDue(data: RegistrationsData): boolean {
  const asOf = data.report.serverDate;
  return (
    data.phase === 'complete' &&
    data.refresh?.phase === 'done' &&
    data.history !== null &&
    asOf !== null &&
    // At least: the Date header counts whole seconds, and a demo day is exactly one day.
    asOf.getTime() - data.history.fullCheckAt >= FULL_CHECK_EVERY_MS
  );
}

/**
 * Brings a complete list up to date with what changed since `since` (`updated_since`), merged by id.
 */
export async function refreshRegistrations(
  eventId: number,
  previous: RegistrationsData,
  since: Date,
  signal: AbortSignal,
  write: (data: RegistrationsData) => boolean,
): Promise<RegistrationsData> {
  // Offline, there is nothing to check against: the rows stay as they are, with no error (the
  // offline banner says how old they are; the check runs again when the network returns).
  const offline = { ...previous, refresh: null };
  if (browserSaysOffline()) {
    write(offline);
    return offline;
  }
  if (!signal.aborted) write({ ...previous, refresh: { phase: 'loading' } });
  const baseUrl = getSession()?.baseUrl;
  try {
    const changes = await loadChanges({
      eventId,
      since,
      signal,
      ...(baseUrl !== undefined && { firstPage: knownFirstPage(baseUrl) }),
    });
    let data: RegistrationsData;
    if (changes.status === 'cancelled') data = { ...previous, refresh: null };
    else if (changes.status !== 'complete') {
      data = isOffline() ? offline : { ...previous, refresh: { phase: 'error', error: null } };
    } else {
      const merged = mergeChanges(previous.rows, changes.rows);
      const at = (changes.serverDate ?? new Date()).getTime();
      const history = recordChanges(
        previous.history ?? startHistory(since.getTime()),
        previous.rows,
        changes.rows,
        at,
      );
      data = {
        ...previous,
        rows: merged.rows,
        history: pruneHistory(history, at),
        report: {
          ...previous.report,
          serverDate: changes.serverDate,
          watermarkSource: changes.watermarkSource,
        },
        loadedAt: new Date(),
        refresh: { phase: 'done', changed: merged.changed, added: merged.added },
      };
      if (write(data)) saveCopy(eventId, data);
      return data;
    }
    write(data);
    return data;
  } catch (error) {
    // The rows already loaded stay; only the refresh failed.
    const data: RegistrationsData = isOffline()
      ? offline
      : { ...previous, refresh: { phase: 'error', error } };
    write(data);
    return data;
  }
}

/**
 * "Verify the whole list": downloads every registration again in the background, the rows
 * shown staying on screen (and usable: exports do not wait for it), then shows the server's
 * list and records what it changed, added and removed. The only way to find registrations
 * deleted on the server: `updated_since` cannot report them. Runs when asked, and after a
 * check for changes when the last full download is over a day old.
 */
export async function verifyRegistrations(
  eventId: number,
  previous: RegistrationsData,
  signal: AbortSignal,
  write: (data: RegistrationsData) => boolean,
): Promise<RegistrationsData> {
  const verifying = (loaded: number, total: number | null): RegistrationsData => ({
    ...previous,
    refresh: { phase: 'verifying', loaded, total },
  });
  if (!signal.aborted) write(verifying(0, null));
  let last = performance.now();
  const baseUrl = getSession()?.baseUrl;
  const end = (data: RegistrationsData) => {
    write(data);
    return data;
  };
  try {
    const result = await loadRegistrations({
      eventId,
      signal,
      onProgress: (progress) => {
        if (progress.status !== 'loading' || performance.now() - last < PUBLISH_INTERVAL_MS) return;
        last = performance.now();
        write(verifying(progress.rows.length, progress.pagination?.meta?.total ?? null));
      },
      ...(baseUrl !== undefined && { firstPage: knownFirstPage(baseUrl) }),
    });
    if (result.status === 'cancelled') return end({ ...previous, refresh: null });
    if (result.status !== 'complete') return end({ ...previous, refresh: { phase: 'error', error: null } });
    const at = (result.serverDate ?? new Date()).getTime();
    const before = previous.history ?? startHistory(previous.report.serverDate?.getTime() ?? at);
    const compared = await reconcileFull(before, previous.rows, result.rows, at);
    const history = pruneHistory(compared, at);
    const data: RegistrationsData = {
      ...previous,
      rows: result.rows,
      report: { ...reportOf(result), serverDate: result.serverDate ?? previous.report.serverDate },
      loadedAt: new Date(),
      refresh: {
        phase: 'verified',
        // What the comparison recorded (before any trimming of the history, which keeps 90 days).
        added: compared.firstSeen.size - before.firstSeen.size,
        removed: compared.removed.length - before.removed.length,
        changed: compared.changes.length - before.changes.length,
      },
      history,
    };
    if (write(data)) saveCopy(eventId, data);
    return data;
  } catch (error) {
    return end({ ...previous, refresh: { phase: 'error', error } });
  }
}
