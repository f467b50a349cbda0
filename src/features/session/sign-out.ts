import type { QueryClient } from '@tanstack/react-query';
import { wipeDeviceCopyOfSession } from '@/lib/device-copy/device-copy-client';
import { announceSignOut } from '@/lib/session-channel';
import { endSession, getSession, type SignOutReason } from '@/lib/session';
import { stopDemo } from './demo';

export interface SignOutOptions {
  /** False when another tab signed out and this one follows: it is already told. */
  tellOtherTabs?: boolean;
}

/**
 * End the session: wipe the encrypted copy of the registrations on this device, forget the
 * key, drop every cached response (registrations are personal data) and, for the demo, stop
 * and unregister its service worker so a real key used next in this browser can never get a
 * demo answer. Then the other tabs of the app do the same.
 */
export async function signOut(
  queryClient: QueryClient,
  reason: SignOutReason,
  { tellOtherTabs = true }: SignOutOptions = {},
): Promise<void> {
  const wasDemo = getSession()?.demo ?? false;
  await queryClient.cancelQueries();
  // Before the session ends: no save of this session can write the copy again once it is
  // wiped. A 401 comes here too, and so does every other tab of the app when told. A wipe
  // that fails (the database is still there) does not keep the user signed in.
  await wipeDeviceCopyOfSession();
  // The demo worker goes first: once the session ends the sign-in form is usable at once,
  // and nothing typed there may ever reach a worker that is still answering.
  if (wasDemo) await stopDemo();
  endSession(reason);
  queryClient.clear();
  if (tellOtherTabs) announceSignOut(reason);
}
