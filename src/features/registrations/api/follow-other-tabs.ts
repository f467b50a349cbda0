import type { QueryClient } from '@tanstack/react-query';
import { hearOtherTabs } from '@/engine/copy/device-copy-channel';
import type { RegistrationsData } from './registrations-data';
import { registrationsKey } from './registrations-key';

/**
 * The event's list this tab holds, if it is complete, idle and not newer than `dataAsOf`; else
 * null. Not newer, rather than older: a full check finishing within the second of a check for
 * changes saves a list as of the same time (the `Date` header counts seconds) that knows more.
 */
function olderThan(client: QueryClient, eventId: number, dataAsOf: number): RegistrationsData | null {
  const query = client.getQueryCache().find<RegistrationsData>({
    queryKey: registrationsKey(eventId),
    exact: true,
  });
  const data = query?.state.data;
  if (!query || !data || query.state.fetchStatus !== 'idle') return null;
  if (data.phase !== 'complete' || data.refresh?.phase === 'loading') return null;
  const asOf = data.report.serverDate?.getTime();
  return asOf !== undefined && asOf <= dataAsOf ? data : null;
}

const following = new WeakMap<QueryClient, () => void>();

// Loaded when another tab first saves: the copy's reader (and the schemas it checks the history
// with) stays off the app's start-up script.
const readFromCopy = async (eventId: number) => {
  const { reopenFromCopy } = await import('./registrations-copy');
  return reopenFromCopy(eventId, { ifNewer: true });
};

/**
 * Another tab of the app saved an event's registrations on this device, newer than the list
 * this tab holds: take them from the copy (no request to the API), so two tabs open on one
 * event do not show two different lists. Only a list this tab holds complete, with no run
 * going (a load, a resume, a check for changes) and older than what was saved: anything else
 * is left alone (a running load ends with its own rows, and a list that is not complete is
 * not replaced behind the promoter's back).
 *
 * The rows are read with this tab's own session key, so a forged message can at most make it
 * read the copy it could read anyway.
 *
 * Follows the other tabs' saves for this query cache, once per cache; returns how to stop.
 * `readCopy` reads an event's list from the copy (a test passes one it can hold back, to
 * order two reads).
 */
export function followOtherTabs(
  client: QueryClient,
  readCopy: (eventId: number) => Promise<RegistrationsData | undefined> = readFromCopy,
): () => void {
  const already = following.get(client);
  if (already) return already;
  const stopHearing = hearOtherTabs((message) => {
    if (message.type !== 'saved') return;
    const { eventId, dataAsOf } = message;
    const held = olderThan(client, eventId, dataAsOf);
    if (!held) return;
    void readCopy(eventId).then((fresh) => {
      // What the tab holds now (still complete and idle): an earlier message's read may have
      // replaced the list already. Two saves in a row (a check for changes, then the full
      // check) must both land: compared with what the tab held when the message came, the
      // second read would find the list replaced by the first and give up. Whether the copy is
      // newer than the list held, the engine said (it answers nothing otherwise).
      if (!fresh || !olderThan(client, eventId, dataAsOf)) return;
      client.setQueryData(registrationsKey(eventId), fresh);
    });
  });
  const stop = () => {
    stopHearing();
    following.delete(client);
  };
  following.set(client, stop);
  return stop;
}
