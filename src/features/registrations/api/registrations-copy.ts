import { readDeviceCopy, saveDeviceCopy } from '@/engine/copy/device-copy';
import { readStoredHistory, storeHistory } from '@/engine/history/history-codec';
import { openVisit, startHistory } from '@/engine/history/registration-history';
import { knownFirstPage, rememberFirstPage } from '@/lib/remembered-api-address';
import { getSession } from '@/lib/session';
import { learnedNumbering } from '@/engine/loader/load-types';
import type { RegistrationsData } from './registrations-data';

/* An event's list and the device copy: saved after each complete load or check, reopened first. */

/** Saves the list, its history and the page numbering the load learned on the device. */
export function saveCopy(eventId: number, data: RegistrationsData): void {
  const asOf = data.report.serverDate;
  if (!asOf || !data.history) return;
  const pageNumbering = learnedNumbering(data.report);
  saveDeviceCopy(eventId, data.rows, asOf, {
    history: storeHistory(data.history),
    ...(pageNumbering && { pageNumbering }),
  });
}

/**
 * The event's list from its copy on the device, as a complete load as of when it was saved
 * (`serverDate`: the server time the rows are as of, where the check for changes continues),
 * with the history kept beside it: opening it after a pause starts a new visit, whose
 * checkpoint is what "since your last visit" counts from.
 */
export async function reopenFromCopy(eventId: number): Promise<RegistrationsData | undefined> {
  const copy = await readDeviceCopy(eventId);
  if (!copy) return undefined;
  // The numbering a load learned for this API: the check for changes need not probe it again.
  const baseUrl = getSession()?.baseUrl;
  if (copy.pageNumbering && baseUrl !== undefined && knownFirstPage(baseUrl) === undefined)
    rememberFirstPage(baseUrl, copy.pageNumbering.firstPage);
  const asOf = copy.dataAsOf.getTime();
  const history = openVisit(
    readStoredHistory(copy.history) ?? startHistory(asOf),
    { dataAsOf: asOf, savedAt: copy.savedAt.getTime() },
    Date.now(),
  );
  return {
    phase: 'complete',
    // The copy holds exactly the registrations saved from a parsed load (an exact round trip,
    // sealed with authenticated encryption): they are not parsed again.
    rows: copy.rows,
    report: {
      pagesLoaded: 0,
      pagesFailed: [],
      pagination: null,
      serverDate: copy.dataAsOf,
      // Whether it came from the server's Date header or this browser's clock is not kept.
      watermarkSource: null,
      warnings: [],
    },
    loadedAt: copy.savedAt,
    refresh: null,
    history,
    continueFrom: null,
  };
}
