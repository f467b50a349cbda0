import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { deviceCopySettled } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { server, TEST_API_BASE } from '../../test/msw-server';
import { renderApp } from '../../test/render';

const EVENT = DEMO_EVENT_IDS.trickySmall; // 45 registrations

freshIndexedDbForEachTest();

let requests: URL[] = [];
beforeEach(() => {
  requests = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.startsWith(`${TEST_API_BASE}/v1/`)) requests.push(new URL(request.url));
  });
});
afterEach(() => {
  server.events.removeAllListeners();
});

/** Online: the events list, the event page (its categories) and its registrations, kept on the device. */
async function keepCopyThenCloseTab(): Promise<void> {
  const view = renderApp('/events');
  await screen.findAllByRole('link', { name: /Marathon/ });
  await act(() => view.router.navigate(`/events/${EVENT}`));
  await screen.findByRole('columnheader', { name: /Category/ });
  await act(() => view.router.navigate(`/events/${EVENT}/registrations`));
  expect(await screen.findByText(/All 45 registrations loaded/)).toBeInTheDocument();
  await act(() => deviceCopySettled());
  view.unmount();
}

/** Wi-Fi without internet: every request to the API gets no answer. */
const noNetwork = () => server.use(http.get(`${TEST_API_BASE}/v1/*`, () => HttpResponse.error()));

const banner = () => screen.queryByText(/^Offline — /);

describe('offline, every screen reads the copy on this device; sync resumes when the network returns', () => {
  it('the events list, the event page and its categories come from the copy under the offline banner', async () => {
    await keepCopyThenCloseTab();
    noNetwork();
    const { router } = renderApp('/events');
    expect(await screen.findAllByRole('link', { name: /Marathon/ })).not.toEqual([]);
    expect(screen.queryByText('Cannot reach the Partner API')).toBeNull();
    const status = (await screen.findByText(/^Offline — data as of /)).closest('[role="status"]');
    expect(status).not.toBeNull();
    expect(within(status as HTMLElement).getByText(/Read only/)).toBeInTheDocument();

    await act(() => router.navigate(`/events/${EVENT}`));
    expect(await screen.findByRole('columnheader', { name: /Category/ })).toBeInTheDocument();
    expect(screen.queryByText('Cannot reach the Partner API')).toBeNull();
    // The overview's figures are computed from the copy's rows after the page is drawn: the
    // test ends once they are there, not while they are arriving.
    const overview = screen.getByRole('region', { name: 'Registrations overview' });
    await waitFor(() => expect(overview).toHaveAttribute('aria-busy', 'false'));
    await act(() => deviceCopySettled());
  });

  it('back online, the registrations are checked for changes, the events fetched again, and the banner goes', async () => {
    await keepCopyThenCloseTab();
    noNetwork();
    renderApp(`/events/${EVENT}/registrations`);
    expect(await screen.findByText(/All 45 registrations loaded/)).toBeInTheDocument();
    await screen.findByText(/^Offline — data as of /);
    // The check for changes got no answer: offline, not a failure.
    await waitFor(() => expect(screen.queryByText('Checking for changes…')).toBeNull());
    expect(screen.queryByText(/Checking for changes failed/)).toBeNull();

    server.resetHandlers();
    requests = [];
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(banner()).toBeNull());
    await waitFor(() =>
      expect(
        requests.some(
          (url) =>
            url.pathname === `/v1/events/${EVENT}/registrations` && url.searchParams.has('updated_since'),
        ),
      ).toBe(true),
    );
    expect(requests.some((url) => url.pathname === `/v1/events/${EVENT}`)).toBe(true);
    expect(
      await screen.findByText(/^(No changes since the last load|Since the last load)/),
    ).toBeInTheDocument();
  });

  it('Wi-Fi that had no internet (no online event): the first answer of the API resumes sync', async () => {
    await keepCopyThenCloseTab();
    noNetwork();
    const { user } = renderApp(`/events/${EVENT}/registrations`);
    await screen.findByText(/^Offline — data as of /);
    await waitFor(() => expect(screen.queryByText('Checking for changes…')).toBeNull());

    server.resetHandlers();
    requests = [];
    // The browser still thinks it is online: the promoter tries again as soon as the button shows,
    // while the event may still be on its first, offline fetch.
    await user.click(await screen.findByRole('button', { name: 'Check for changes' }));
    await waitFor(() => expect(banner()).toBeNull());
    // The API answered: the event (shown from the copy) is fetched again without asking.
    await waitFor(() => expect(requests.some((url) => url.pathname === `/v1/events/${EVENT}`)).toBe(true));
    expect(
      await screen.findByText(/^(No changes since the last load|Since the last load)/),
    ).toBeInTheDocument();
  });
});
