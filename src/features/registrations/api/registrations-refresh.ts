import { theEngine } from '@/engine/engine';
import type { EventFigures } from '@/engine/figures/event-figures';
import { readStoredHistory } from '@/engine/history/history-codec';
import type { ListKept } from '@/engine/sync/list-contract';
import { browserSaysOffline, isOffline } from '@/lib/offline';
import { answered, failureOf, listTarget, rememberNumbering } from './list-calls';
import type { RegistrationsData } from './registrations-data';
import { ListReceiver, PUBLISH_INTERVAL_MS } from './registrations-progress';

/*
 * "Check for changes" (updated_since, merged by id) and "Verify the whole list" (everything
 * downloaded again and compared), for a list already complete (registrations-query.ts), both
 * run by the engine on the list it holds (engine/sync/list-handler.ts).
 */

/** A list whose last full download is this old is checked again after a check for changes. */
const FULL_CHECK_EVERY_MS = 24 * 3_600_000;

/** What a check ends with, and the figures of the list it leaves, if it changed it. */
export interface Checked {
  readonly data: RegistrationsData;
  readonly figures: EventFigures | null;
}

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

/** The engine does not hold the list the page shows (it restarted): start from the server. */
export class ListNotHeld extends Error {
  constructor() {
    super('The engine does not hold this list');
    this.name = 'ListNotHeld';
  }
}

/** A check's end as the list it leaves: the engine's history, report and version. */
function keptData(
  previous: RegistrationsData,
  kept: ListKept,
  rows: RegistrationsData['rows'],
): RegistrationsData | null {
  const history = readStoredHistory(kept.history);
  if (!history) return null;
  rememberNumbering(kept.firstPage);
  return { ...previous, rows, report: kept.report, history, version: kept.version, loadedAt: new Date() };
}

/**
 * Brings a complete list up to date with what changed since its watermark (`updated_since`),
 * merged by id. Rejects with ListNotHeld when the engine does not hold the list.
 */
export async function refreshRegistrations(
  eventId: number,
  previous: RegistrationsData,
  signal: AbortSignal,
  write: (data: RegistrationsData) => boolean,
): Promise<Checked> {
  // Offline, there is nothing to check against: the rows stay as they are, with no error (the
  // offline banner says how old they are; the check runs again when the network returns).
  const offline = { ...previous, refresh: null };
  const target = listTarget(eventId);
  if (browserSaysOffline() || !target) {
    write(offline);
    return { data: offline, figures: null };
  }
  if (previous.version === null) throw new ListNotHeld();
  if (!signal.aborted) write({ ...previous, refresh: { phase: 'loading' } });
  const end = (data: RegistrationsData, figures: EventFigures | null = null): Checked => {
    write(data);
    return { data, figures };
  };
  let answer;
  try {
    answer = await theEngine().call('list.changes', { ...target, version: previous.version }, { signal });
  } catch (error) {
    if (signal.aborted) return end({ ...previous, refresh: null });
    return end(isOffline() ? offline : { ...previous, refresh: { phase: 'error', error } });
  }
  if (answer.kind === 'unknown') throw new ListNotHeld();
  if (answer.kind === 'stopped') {
    if (answer.status === 'cancelled') return end({ ...previous, refresh: null });
    return end(isOffline() ? offline : { ...previous, refresh: { phase: 'error', error: null } });
  }
  if (answer.kind === 'failed') {
    const error = failureOf(answer.error);
    return end(isOffline() ? offline : { ...previous, refresh: { phase: 'error', error } });
  }
  answered();
  const rows = previous.rows.slice();
  answer.replacedAt.forEach((at, index) => (rows[at] = answer.replaced[index]!));
  for (const row of answer.appended) rows.push(row);
  const kept = keptData(previous, answer, rows);
  if (!kept) return end({ ...previous, refresh: { phase: 'error', error: null } });
  return end(
    { ...kept, refresh: { phase: 'done', changed: answer.changed, added: answer.added } },
    answer.figures,
  );
}

/**
 * "Verify the whole list": downloads every registration again in the background, the rows
 * shown staying on screen (and usable: exports do not wait for it), then shows the server's
 * list and records what it changed, added and removed. The only way to find registrations
 * deleted on the server: `updated_since` cannot report them. Runs when asked, and after a
 * check for changes when the last full download is over a day old. Rejects with ListNotHeld
 * when the engine does not hold the list.
 */
export async function verifyRegistrations(
  eventId: number,
  previous: RegistrationsData,
  signal: AbortSignal,
  write: (data: RegistrationsData) => boolean,
): Promise<Checked> {
  const target = listTarget(eventId);
  if (!target || previous.version === null) throw new ListNotHeld();
  const verifying = (loaded: number, total: number | null): RegistrationsData => ({
    ...previous,
    refresh: { phase: 'verifying', loaded, total },
  });
  if (!signal.aborted) write(verifying(0, null));
  let last = performance.now();
  const end = (data: RegistrationsData, figures: EventFigures | null = null): Checked => {
    write(data);
    return { data, figures };
  };
  const receiver = new ListReceiver(undefined, null);
  let answer;
  try {
    answer = await theEngine().call(
      'list.verify',
      { ...target, version: previous.version },
      {
        signal,
        onProgress: (progress) => {
          if (progress.kind === 'rows') return receiver.take(progress);
          if (performance.now() - last < PUBLISH_INTERVAL_MS) return;
          last = performance.now();
          write(verifying(progress.loaded, progress.total));
        },
      },
    );
  } catch (error) {
    if (signal.aborted) return end({ ...previous, refresh: null });
    return end({ ...previous, refresh: { phase: 'error', error } });
  }
  if (answer.kind === 'unknown') throw new ListNotHeld();
  if (answer.kind === 'stopped') {
    if (answer.status === 'cancelled') return end({ ...previous, refresh: null });
    return end({ ...previous, refresh: { phase: 'error', error: null } });
  }
  if (answer.kind === 'failed')
    return end({ ...previous, refresh: { phase: 'error', error: failureOf(answer.error) } });
  answered();
  const { rows, version } = receiver.snapshot();
  const kept = version === answer.version ? keptData(previous, answer, rows) : null;
  if (!kept) return end({ ...previous, refresh: { phase: 'error', error: null } });
  return end(
    {
      ...kept,
      refresh: { phase: 'verified', added: answer.added, removed: answer.removed, changed: answer.changed },
    },
    answer.figures,
  );
}
