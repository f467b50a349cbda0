import type { QueryClient } from '@tanstack/react-query';
import { announceSignOut } from '@/lib/session-channel';
import { endSession, type SignOutReason } from '@/lib/session';
import { stopDemo } from './demo';

export interface SignOutOptions {
  /** False when another tab signed out and this one follows: it is already told. */
  tellOtherTabs?: boolean;
}

/**
 * End the session: wipe the encrypted copy of the registrations on this device, forget the
 * key, drop every cached response (registrations are personal data) and remove the demo's
 * in-page transport, so no later request in this tab can get a
 * demo answer. Then the other tabs of the app do the same.
 */
export async function signOut(
  queryClient: QueryClient,
  reason: SignOutReason,
  { tellOtherTabs = true }: SignOutOptions = {},
): Promise<void> {
  await queryClient.cancelQueries();
  // Before the session ends: no save of this session can write the copy again once it is
  // wiped. A 401 comes here too, and so does every other tab of the app when told. A wipe
  // that fails (the database is still there) does not keep the user signed in. The engine's
  // client is not on the start-up script (the start-up loaded it to sweep old copies).
  await import('@/engine/copy/device-copy').then(
    ({ wipeDeviceCopyOfSession }) => wipeDeviceCopyOfSession(),
    () => false,
  );
  // The demo goes next: once the session ends the sign-in form is usable at once, and
  // nothing sent from it may ever get a demo answer.
  stopDemo();
  endSession(reason);
  queryClient.clear();
  // A screen still mounted renders once more before the sign-in replaces it, and may ask for
  // its queries again (empty: the session is gone). Once it is gone, they go too.
  setTimeout(() => queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 }));
  if (tellOtherTabs) announceSignOut(reason);
}
