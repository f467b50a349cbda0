import { theEngine } from '@/engine/engine';
import { READ_TIMEOUT_MS } from '@/engine/copy/copy-calls';
import { noteDeviceCopyRead } from '@/engine/copy/device-copy';
import { readStoredHistory } from '@/engine/history/history-codec';
import type { EventFigures } from '@/engine/figures/event-figures';
import { listTarget, rememberNumbering } from './list-calls';
import type { RegistrationsData } from './registrations-data';
import { ListReceiver } from './registrations-progress';

/**
 * The event's list from its copy on the device (the engine reads and keeps it), as a complete
 * load as of when it was saved (`serverDate`: the server time the rows are as of, where the
 * check for changes continues), with the history kept beside it: opening it after a pause
 * starts a new visit, whose checkpoint is what "since your last visit" counts from. Undefined
 * when there is none, it is unusable, or the read takes longer than a read may (a database
 * blocked by another tab): the list is then loaded from the server. With `ifNewer` (another
 * tab saved it), also undefined when it is not newer than the list the engine holds. Its
 * figures are counted after it (countedFigures).
 */
export async function reopenFromCopy(
  eventId: number,
  { ifNewer = false }: { ifNewer?: boolean } = {},
): Promise<RegistrationsData | undefined> {
  const target = listTarget(eventId);
  if (!target) return undefined;
  const receiver = new ListReceiver(undefined, null);
  const giveUp = new AbortController();
  const timer = setTimeout(() => giveUp.abort(), READ_TIMEOUT_MS);
  let answer;
  try {
    answer = await theEngine().call(
      'list.open',
      { ...target, ifNewer },
      {
        signal: giveUp.signal,
        onProgress: receiver.take,
      },
    );
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
  noteDeviceCopyRead(eventId, answer.read);
  if (answer.kind !== 'opened') return undefined;
  const history = readStoredHistory(answer.history);
  const { rows, version } = receiver.snapshot();
  // A chunk the page could not read leaves it short: loaded from the server instead.
  const kept = answer.read.status === 'ok' ? answer.read.rows : -1;
  if (!history || version !== answer.version || rows.length !== kept) return undefined;
  // The numbering a load learned for this API: the check for changes need not probe it again.
  if (answer.pageNumbering) rememberNumbering(answer.pageNumbering.firstPage);
  return {
    phase: 'complete',
    // The copy holds exactly the registrations saved from a parsed load (an exact round trip,
    // sealed with authenticated encryption): they are not parsed again.
    rows,
    report: answer.report,
    loadedAt: new Date(answer.savedAt),
    refresh: null,
    history,
    resumable: false,
    version,
  };
}

/**
 * The figures of the event's complete list at `version`, as the engine counts them once it
 * holds its rows; null when it no longer holds that version, or did not answer.
 */
export async function countedFigures(eventId: number, version: number): Promise<EventFigures | null> {
  const target = listTarget(eventId);
  if (!target) return null;
  try {
    return await theEngine().call('list.figures', { ...target, version });
  } catch {
    return null;
  }
}
