import type { QueryClient } from '@tanstack/react-query';
import { announceSignOut } from '@/lib/session-channel';
import { endSession, type SignOutReason } from '@/lib/session';
import { stopDemo } from './demo';

export interface SignOutOptions {
  /** False when another tab signed out and this one follows: it is already told. */
  tellOtherTabs?: boolean;
}

/**
 * End the session: forget the key, drop every cached response (registrations are personal
 * data) and remove the demo's in-page transport, so no later request in this tab can get a
 * demo answer. Then the other tabs of the app do the same.
 */
export async function signOut(
  queryClient: QueryClient,
  reason: SignOutReason,
  { tellOtherTabs = true }: SignOutOptions = {},
): Promise<void> {
  await queryClient.cancelQueries();
  // The demo goes first: once the session ends the sign-in form is usable at once, and
  // nothing sent from it may ever get a demo answer.
  stopDemo();
  endSession(reason);
  queryClient.clear();
  if (tellOtherTabs) announceSignOut(reason);
}
