import { act, screen, waitFor } from '@testing-library/react';
import { announceSignOut, listenToOtherTabs } from '@/lib/session-channel';
import { getSession, type SignOutReason } from '@/lib/session';
import { TEST_SESSION } from '../../../test/fixtures';
import { currentPath, renderApp } from '../../../test/render';
import { adoptSessionFromOtherTab } from './session-handover';

/** The other tab is a BroadcastChannel listener with a session of its own. */
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function otherTab(signedIn: boolean) {
  const signOuts: SignOutReason[] = [];
  closers.push(
    listenToOtherTabs({
      getSession: () => (signedIn ? TEST_SESSION : null),
      onSignedOut: (reason) => signOuts.push(reason),
    }),
  );
  return { signOuts };
}

/** Every location the router shows, to prove sign-in was never on screen. */
function visitedPaths(router: ReturnType<typeof renderApp>['router']) {
  const paths = [currentPath(router)];
  closers.push(router.subscribe(() => paths.push(currentPath(router))));
  return paths;
}

describe('several tabs of the app', () => {
  it('a new tab opens the page it was given with the session of a signed-in tab, never showing sign-in', async () => {
    otherTab(true);
    const handover = adoptSessionFromOtherTab();
    const { router } = renderApp('/events/1001', { session: null });
    const paths = visitedPaths(router);
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
    await act(() => handover);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Marathon du Lac Léman' }),
    ).toBeInTheDocument();
    expect(paths.every((path) => !path.startsWith('/sign-in'))).toBe(true);
    expect(sessionStorage.getItem('promoter-dashboard.session')).toContain(TEST_SESSION.apiKey);
  });

  it('a new tab with no signed-in tab shows sign-in after a short wait', async () => {
    otherTab(false);
    const handover = adoptSessionFromOtherTab(200);
    const { router } = renderApp('/events', { session: null });
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
    await act(() => handover);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/sign-in?next=%2Fevents');
  });

  it('a signed-in tab busy for a second still hands over its session', async () => {
    // A tab syncing a large event answers from a busy main thread: late, but it answers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const busyTab = new BroadcastChannel('promoter-dashboard.session');
      closers.push(() => busyTab.close());
      busyTab.onmessage = (event: MessageEvent<{ type?: string; id?: string }>) => {
        const { type, id } = event.data;
        if (type !== 'session-request') return;
        setTimeout(() => busyTab.postMessage({ type: 'session-offer', id, session: TEST_SESSION }), 1_000);
      };
      const handover = adoptSessionFromOtherTab();
      await vi.advanceTimersByTimeAsync(1_000);
      await handover;
      expect(getSession()).toEqual(TEST_SESSION);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signing out in another tab signs this one out and drops its cached responses', async () => {
    const { router, queryClient } = renderApp('/events?q=lac');
    await screen.findByText(/1 of 10 events/);
    announceSignOut('signed-out');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(sessionStorage.getItem('promoter-dashboard.session')).toBeNull();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.queryKey[0] !== 'runtime-config'),
    ).toEqual([]);
    // A plain sign-out elsewhere is not "your key was refused".
    expect(screen.queryByText(/session ended because the API key was refused/)).not.toBeInTheDocument();
  });

  it('signing out here tells the other tabs', async () => {
    const other = otherTab(true);
    const { user, router } = renderApp('/events');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    await waitFor(() => expect(other.signOuts).toEqual(['signed-out']));
  });
});
