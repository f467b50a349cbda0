import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { signInForTests } from '@/engine/loader/testing/loader-test-kit';
import { signOut } from './sign-out';

describe('signing out', () => {
  it('drops every cached answer, and what a screen still mounted asked for again as it went', async () => {
    signInForTests();
    const client = new QueryClient();
    client.setQueryData(['event-figures', 1008], { total: 12 });
    await signOut(client, 'signed-out', { tellOtherTabs: false });
    expect(client.getQueryCache().getAll()).toEqual([]);

    // The events list renders once more before the sign-in screen replaces it: its figures are
    // asked for again (the copy wiped, they read as nothing). The sign-in screen's own stays.
    client.setQueryData(['event-figures', 1008], null);
    const signInScreen = new QueryObserver(client, { queryKey: ['runtime-config'], queryFn: () => 'config' });
    const stop = signInScreen.subscribe(() => {});
    await waitFor(() =>
      expect(
        client
          .getQueryCache()
          .getAll()
          .map((query) => query.queryKey),
      ).toEqual([['runtime-config']]),
    );
    stop();
  });
});
