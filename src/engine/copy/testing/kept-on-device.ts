import { getSession } from '@/lib/session';
import { placeOf } from '../copy-calls';
import { createDeviceCopyEngine, type DeviceCopyEngine } from '../device-copy-handler';
import type { CopyReadResult, CopySaveResult } from '../device-copy-protocol';
import type { DeviceRegistration } from '../registrations-codec';

/*
 * The device copy as another tab's engine (or an earlier visit) leaves it: for tests that need
 * an event's list on the device before the app looks, or that check what it holds. The engine
 * of this test's page saves only the lists it loads (sync/list-work.ts); this is a second engine's
 * copy over the same IndexedDB, as a second tab's worker would be.
 */

let otherEngine: DeviceCopyEngine | null = null;
const theOtherEngine = () => (otherEngine ??= createDeviceCopyEngine(() => {}));

function signedInPlace() {
  const session = getSession();
  if (!session) throw new Error('kept-on-device: sign in first');
  return placeOf(session);
}

/** Saves an event's list for the signed-in session, as of `dataAsOf`, with its history if given. */
export function keepListOnDevice(
  eventId: number,
  rows: readonly DeviceRegistration[],
  dataAsOf: Date,
  history?: unknown,
): Promise<CopySaveResult> {
  return theOtherEngine().saveList(signedInPlace(), eventId, rows, dataAsOf.getTime(), {
    history,
    pageNumbering: undefined,
  });
}

/** What the device keeps of an event's list for the signed-in session: the read's answer and its rows. */
export async function listOnDevice(
  eventId: number,
): Promise<{ result: CopyReadResult; rows: DeviceRegistration[] }> {
  const { read, rows } = await theOtherEngine().readList(signedInPlace(), eventId, null);
  return { result: read, rows: (await rows) ?? [] };
}
