import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { deviceCopySettled } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest, storedOnDevice } from '@/engine/copy/testing/fresh-indexeddb';
import { endSession } from '@/lib/session';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { DEMO_KEYS } from '@/mocks/data/demo-keys';
import { server, TEST_API_BASE } from '../../../test/msw-server';
import { currentPath, renderApp } from '../../../test/render';

const EVENT = DEMO_EVENT_IDS.trickySmall; // 45 registrations
const WRONG_KEY = 'This key does not open the data kept on this device.';

freshIndexedDbForEachTest();

let apiRequests = 0;
beforeEach(() => {
  apiRequests = 0;
  server.events.on('request:start', ({ request }) => {
    if (request.url.startsWith(`${TEST_API_BASE}/v1/`)) apiRequests += 1;
  });
});
afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

/** As on race morning: the browser knows it has no network. */
function goOffline(): void {
  apiRequests = 0;
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

/** Signed in online, the events list and an event's registrations loaded (and kept on the device), then the tab closed. */
async function keepCopyThenCloseTab(): Promise<void> {
  const view = renderApp(`/events/${EVENT}/registrations`);
  expect(await screen.findByText(/All 45 registrations loaded/)).toBeInTheDocument();
  await act(() => view.router.navigate('/events'));
  expect(await screen.findByRole('heading', { level: 1, name: 'My events' })).toBeInTheDocument();
  await screen.findAllByRole('link', { name: /Marathon/ });
  await act(() => deviceCopySettled());
  view.unmount();
  // Closing the tab forgets the key (sessionStorage); the copy stays on the device.
  endSession();
}

async function signIn(user: ReturnType<typeof renderApp>['user'], key: string) {
  const baseUrl = await screen.findByLabelText('API address');
  await waitFor(() => expect(baseUrl).toHaveValue(TEST_API_BASE));
  const input = screen.getByLabelText('API key');
  await user.clear(input);
  await user.type(input, key);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in without a network', () => {
  it('a wrong key says so, shows nothing and keeps the copy; the right key opens the copy read only', async () => {
    await keepCopyThenCloseTab();
    const kept = await storedOnDevice();
    goOffline();
    const { user, router } = renderApp(`/events/${EVENT}/registrations`, { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));

    await signIn(user, DEMO_KEYS.coastal);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(WRONG_KEY);
    expect(alert).toHaveTextContent('Check the key, or connect to the internet.');
    expect(screen.getByLabelText('API key')).toHaveAttribute('aria-invalid', 'true');
    expect(currentPath(router)).toBe(`/sign-in?next=%2Fevents%2F${EVENT}%2Fregistrations`);
    expect(screen.queryByText(/registrations/i)).toBeNull();
    expect(sessionStorage.getItem('promoter-dashboard.session')).toBeNull();
    // The copy is exactly as it was: a typo offline never destroys the race-day data.
    expect(await storedOnDevice()).toEqual(kept);

    await signIn(user, DEMO_KEYS.alpine);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${EVENT}/registrations`));
    expect(await screen.findByText(/All 45 registrations loaded/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Opened from the encrypted copy on this device (no connection: not checked for changes).',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText(/^Offline — data as of /)).toBeInTheDocument();
    // Nothing to check against: the button waits for the network.
    expect(screen.getByRole('button', { name: 'Check for changes' })).toBeDisabled();
    // No failed check for changes: offline is not an error.
    expect(screen.queryByText(/Checking for changes failed/)).toBeNull();
    // The key is kept as online: in sessionStorage only.
    expect(sessionStorage.getItem('promoter-dashboard.session')).toContain(DEMO_KEYS.alpine);
    expect(JSON.stringify({ ...localStorage })).not.toContain(DEMO_KEYS.alpine);

    // The events list and the event page come from the copy too.
    await act(() => router.navigate('/events'));
    expect(await screen.findAllByRole('link', { name: /Marathon/ })).not.toEqual([]);
    expect(screen.queryByText('Cannot reach the Partner API')).toBeNull();
    expect(apiRequests).toBe(0);
  });

  it('with no copy on the device, says the first sign-in needs a connection', async () => {
    goOffline();
    const { user, router } = renderApp('/sign-in', { session: null });
    await signIn(user, DEMO_KEYS.alpine);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no data kept on this device for this API address yet.',
    );
    expect(currentPath(router)).toBe('/sign-in');
    expect(sessionStorage.getItem('promoter-dashboard.session')).toBeNull();
    expect(apiRequests).toBe(0);
  });

  it('a key check that gets no answer (Wi-Fi without internet) checks the key against the copy', async () => {
    await keepCopyThenCloseTab();
    server.use(http.get(`${TEST_API_BASE}/v1/*`, () => HttpResponse.error()));
    const { user, router } = renderApp('/sign-in', { session: null });

    await signIn(user, `${DEMO_KEYS.alpine}-typo`);
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_KEY);

    await signIn(user, DEMO_KEYS.alpine);
    await waitFor(() => expect(currentPath(router)).toBe('/events'));
    expect(await screen.findAllByRole('link', { name: /Marathon/ })).not.toEqual([]);
    expect(await screen.findByText(/^Offline — data as of /)).toBeInTheDocument();
  });
});
