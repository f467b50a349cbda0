import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { signOut } from '@/features/session/sign-out';

/**
 * A 401 from any request means the key no longer works: sign out (which drops every cached
 * response) and let the session guard send the user to sign-in, remembering the page.
 */
export function createAppQueryClient(): QueryClient {
  const client: QueryClient = createQueryClient({
    onUnauthorized: () => void signOut(client, 'unauthorized'),
  });
  return client;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createAppQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
