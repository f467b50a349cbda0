import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { onSessionUnauthorized } from '@/lib/api-unauthorized';
import { advertiseSignedIn, listenToOtherTabs } from '@/lib/session-channel';
import { createQueryClient } from '@/lib/query-client';
import { signOut } from '@/features/session/sign-out';
import { followOtherTabs } from '@/features/registrations/api/follow-other-tabs';
import { syncOnReconnect } from './sync-on-reconnect';

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // A 401 from any request means the key no longer works: sign out (which drops every
  // cached response) and let the session guard send the user to sign-in, remembering the page.
  useEffect(() => onSessionUnauthorized(() => void signOut(client, 'unauthorized')), [client]);

  // Other tabs of the app: a new one gets this tab's session when it asks; a sign-out in any
  // of them signs this one out the same way (key forgotten, every cached response dropped).
  useEffect(
    () =>
      listenToOtherTabs({
        onSignedOut: (reason) => void signOut(client, reason, { tellOtherTabs: false }),
      }),
    [client],
  );
  useEffect(() => advertiseSignedIn(), []);

  // Offline, the screens show the copy on this device: back online, they sync by themselves.
  useEffect(() => syncOnReconnect(client), [client]);

  // A list another tab saved newer on this device replaces this tab's older one, for as long
  // as the app runs (see follow-other-tabs.ts).
  useEffect(() => followOtherTabs(client), [client]);

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
