import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEMO_KEYS } from '@/mocks/data/demo-keys';
import { server, TEST_API_BASE } from '../../../test/msw-server';
import { currentPath, renderApp } from '../../../test/render';

function storedValues(storage: Storage): string {
  return Array.from(
    { length: storage.length },
    (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i)!)}`,
  ).join('\n');
}

async function signIn(user: ReturnType<typeof renderApp>['user'], key: string) {
  const baseUrl = await screen.findByLabelText('API address');
  await waitFor(() => expect(baseUrl).toHaveValue(TEST_API_BASE)); // prefilled from /config.json
  await user.type(screen.getByLabelText('API key'), key);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in and out', () => {
  it('checks the key, keeps it in sessionStorage only, and opens the events', async () => {
    const { user, router } = renderApp('/events', { session: null });
    await waitFor(() => expect(currentPath(router)).toBe('/sign-in?next=%2Fevents'));
    await signIn(user, DEMO_KEYS.alpine);

    expect(await screen.findByRole('heading', { level: 1, name: 'My events' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/events');
    expect(storedValues(sessionStorage)).toContain(DEMO_KEYS.alpine);
    expect(storedValues(localStorage)).not.toContain(DEMO_KEYS.alpine);
  });

  it('shows a refused key without keeping it', async () => {
    const { user, router } = renderApp('/sign-in', { session: null });
    await signIn(user, 'not-a-real-key');
    expect(await screen.findByRole('alert')).toHaveTextContent('This key was refused');
    expect(currentPath(router)).toBe('/sign-in');
    expect(storedValues(sessionStorage)).not.toContain('not-a-real-key');
    expect(storedValues(localStorage)).not.toContain('not-a-real-key');
  });

  it('remembers the API address after sign-out (never the key), over the site default', async () => {
    const { user } = renderApp('/sign-in', { session: null });
    await signIn(user, DEMO_KEYS.alpine);
    expect(await screen.findByRole('heading', { level: 1, name: 'My events' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    // The site's default address has changed meanwhile: the promoter's own one wins.
    server.use(
      http.get('*/config.json', () => HttpResponse.json({ apiBaseUrl: 'https://other.example.org' })),
    );
    const address = await screen.findByLabelText('API address');
    await waitFor(() => expect(address).toHaveValue(TEST_API_BASE));
    expect(storedValues(localStorage)).toContain(TEST_API_BASE);
    expect(storedValues(localStorage)).not.toContain(DEMO_KEYS.alpine);
  });

  it('asks for https:// before sending anything when the address has no scheme', async () => {
    const sent: string[] = [];
    const listener = ({ request }: { request: Request }) => sent.push(request.url);
    server.events.on('request:start', listener);
    try {
      const { user } = renderApp('/sign-in', { session: null });
      const address = await screen.findByLabelText('API address');
      await waitFor(() => expect(address).toHaveValue(TEST_API_BASE));
      await user.clear(address);
      await user.type(address, 'api.example.com');
      await user.type(screen.getByLabelText('API key'), DEMO_KEYS.alpine);
      const before = sent.length;
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Start the address with https:// — for example https://api.example.com.',
      );
      expect(address).toHaveAttribute('aria-invalid', 'true');
      expect(sent.slice(before).filter((url) => url.includes('/v1/'))).toEqual([]);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  it('sends a signed-out deep link to sign-in, then back to that link', async () => {
    const { user, router } = renderApp('/events?sort=name', { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    await signIn(user, DEMO_KEYS.alpine);
    await waitFor(() => expect(currentPath(router)).toBe('/events?sort=name'));
  });

  it('ignores a next address outside the app', async () => {
    const { user, router } = renderApp('/sign-in?next=%2F%2Fevil.example%2Fx', { session: null });
    await signIn(user, DEMO_KEYS.alpine);
    await waitFor(() => expect(currentPath(router)).toBe('/events'));
  });

  it('signing out forgets the key and every cached response', async () => {
    const { user, router, queryClient } = renderApp('/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'My events' })).toBeInTheDocument();
    await screen.findAllByRole('link', { name: /./ });
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(sessionStorage.length).toBe(0);
    // Also what a screen asked for again as it went (it renders once more after the sign-out).
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .filter((q) => q.queryKey[0] !== 'runtime-config'),
      ).toEqual([]),
    );
  });

  it('a 401 from any request signs out, says why, and returns to the page after signing in again', async () => {
    server.use(
      http.get(
        `${TEST_API_BASE}/v1/events`,
        () => HttpResponse.json({ error: 'unauthorized' }, { status: 401 }),
        { once: true },
      ),
    );
    const { user, router } = renderApp('/events?q=lac');

    expect(await screen.findByText(/session ended because the API key was refused/)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/sign-in?next=%2Fevents%3Fq%3Dlac');
    expect(sessionStorage.getItem('promoter-dashboard.session')).toBeNull();

    await signIn(user, DEMO_KEYS.alpine);
    await waitFor(() => expect(currentPath(router)).toBe('/events?q=lac'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My events' })).toBeInTheDocument();
  });

  it('a 401 while loading registrations signs out too, and sign-in returns to the table', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v1/events/:id/registrations`, () => HttpResponse.json({}, { status: 401 }), {
        once: true,
      }),
    );
    const { user, router } = renderApp('/events/1003/registrations?status=paid');
    expect(await screen.findByText(/session ended because the API key was refused/)).toBeInTheDocument();
    expect(sessionStorage.getItem('promoter-dashboard.session')).toBeNull();
    await signIn(user, DEMO_KEYS.alpine);
    await waitFor(() => expect(currentPath(router)).toBe('/events/1003/registrations?status=paid'));
    expect(await screen.findByText(/All 45 registrations loaded/)).toBeInTheDocument();
  });
});
