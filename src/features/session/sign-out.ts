import type { QueryClient } from '@tanstack/react-query';
import { announceSignOut } from '@/lib/session-channel';
import { endSession, getSession, type SignOutReason } from '@/lib/session';
import { stopDemo } from './demo';

export interface SignOutOptions {
  /** False when another tab signed out and this one follows: it is already told. */
  tellOtherTabs?: boolean;
}

/**
 * End the session: forget the key, drop every cached response (registrations are personal
 * data) and, for the demo, stop and unregister its service worker so a real key used next
 * in this browser can never get a demo answer. Then the other tabs of the app do the same.
 */
export async function signOut(
  queryClient: QueryClient,
  reason: SignOutReason,
  { tellOtherTabs = true }: SignOutOptions = {},
): Promise<void> {
  const wasDemo = getSession()?.demo ?? false;
  await queryClient.cancelQueries();
  // The demo worker goes first: once the session ends the sign-in form is usable at once,
  // and nothing typed there may ever reach a worker that is still answering.
  if (wasDemo) await stopDemo();
  endSession(reason);
  queryClient.clear();
  if (tellOtherTabs) announceSignOut(reason);
}
