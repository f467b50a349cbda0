import type { QueryClient } from '@tanstack/react-query';
import { endSession, getSession, type SignOutReason } from '@/lib/session';
import { stopDemo } from './demo';

/**
 * End the session: forget the key, drop every cached response (registrations are personal
 * data) and, for the demo, stop and unregister its service worker so a real key used next
 * in this browser can never get a demo answer.
 */
export async function signOut(queryClient: QueryClient, reason: SignOutReason): Promise<void> {
  const wasDemo = getSession()?.demo ?? false;
  await queryClient.cancelQueries();
  // The demo worker goes first: once the session ends the sign-in form is usable at once,
  // and nothing typed there may ever reach a worker that is still answering.
  if (wasDemo) await stopDemo();
  endSession(reason);
  queryClient.clear();
}
