import { act, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import i18n from '@/i18n';
import { deviceCopySettled } from '@/engine/copy/device-copy';
import {
  DEVICE_COPY_DB,
  freshIndexedDbForEachTest,
  storedOnDevice,
} from '@/engine/copy/testing/fresh-indexeddb';
import { getDemoDataset } from '@/mocks/data';
import { server, TEST_API_BASE, TEST_TODAY } from '../../../test/msw-server';
import { renderApp } from '../../../test/render';

/** Alpine, 45 registrations. */
const EVENT = 1003;

freshIndexedDbForEachTest();

/** A StorageManager as the browser would answer it; `persist` decides what the browser says. */
function stubStorage(
  options: { persisted?: boolean; persist?: boolean | 'missing'; estimate?: boolean } = {},
) {
  let persisted = options.persisted ?? false;
  const persist = vi.fn(() => {
    if (options.persist === true) persisted = true;
    return Promise.resolve(options.persist === true);
  });
  const storage = {
    estimate:
      options.estimate === false
        ? undefined
        : () => Promise.resolve({ usage: 2_345_678, quota: 1_200_000_000 }),
    persisted: () => Promise.resolve(persisted),
    ...(options.persist !== 'missing' && { persist }),
  };
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
  return { persist };
}

afterEach(() => {
  // jsdom has no StorageManager of its own.
  Reflect.deleteProperty(navigator, 'storage');
});

/** Opens the event's registrations (so they are saved on the device), then "On this device" from the header. */
async function openedThenDeviceScreen() {
  const app = renderApp(`/events/${EVENT}/registrations`);
  expect(await screen.findByText(/All 45 registrations loaded/)).toBeInTheDocument();
  // The save ends with a status the open screen shows: inside act.
  await act(() => deviceCopySettled());
  await app.user.click(screen.getByRole('link', { name: 'On this device' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'On this device' })).toBeInTheDocument();
  return app;
}

describe('"On this device"', () => {
  it('says what to do when nothing is kept yet', async () => {
    stubStorage();
    // The events list the header asks for is saved to the copy when it comes, creating the
    // database: it does not come here, so what is checked is that looking creates nothing.
    server.use(http.get(`${TEST_API_BASE}/v1/events`, () => delay('infinite')));
    renderApp('/this-device');
    expect(
      await screen.findByRole('heading', { name: 'No event kept on this device yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Open an event’s registrations/)).toBeInTheDocument();
    // Looking created nothing.
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);
  });

  it('lists an event kept, with its name, count, size and age, and the storage figures', async () => {
    stubStorage();
    await openedThenDeviceScreen();
    const table = await screen.findByRole('table', { name: 'Events kept' });
    const [, row] = within(table).getAllByRole('row');
    // The name comes from the events list, which may answer after the copy's list.
    const name = await within(row!).findByRole('link', { name: "Course de l'Escalade" });
    expect(name).toHaveAttribute('href', `/events/${EVENT}/registrations`);
    expect(name.querySelector('[lang="fr"]')).toHaveTextContent("Course de l'Escalade");
    expect(within(row!).getByText('45')).toBeInTheDocument();
    expect(within(row!).getByText(/^\d+(\.\d)? kB$/)).toBeInTheDocument();
    expect(within(row!).getByText('Saved just now')).toBeInTheDocument();
    expect(within(row!).getByText(/^Data as of /)).toBeInTheDocument();
    expect(screen.getByText(/^1 event, .* in all\.$/)).toBeInTheDocument();
    expect(
      await screen.findByText('The dashboard uses 2.3 MB of the 1.2 GB this browser allows it.'),
    ).toBeInTheDocument();
  });

  it('in French; an event missing from the events list (offline) is named by its id', async () => {
    stubStorage();
    // The events list never answers, so neither the API nor the copy on the device names it.
    server.use(http.get(`${TEST_API_BASE}/v1/events`, () => HttpResponse.error()));
    const { unmount } = await openedThenDeviceScreen();
    unmount();
    await i18n.changeLanguage('fr');
    renderApp('/this-device');
    const table = await screen.findByRole('table', { name: 'Événements gardés' });
    const name = await within(table).findByRole('link', { name: `Événement n° ${EVENT}` });
    expect(name.querySelector('[lang]')).toBeNull();
    expect(within(table).getByText('Enregistré à l’instant')).toBeInTheDocument();
    expect(screen.getByText(/^1 événement, .* au total\.$/)).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Le tableau de bord utilise 2,3 Mo sur les 1,2 Go que ce navigateur lui accorde.',
      ),
    ).toBeInTheDocument();
    // The offline note ends by saying how old the kept answers are: the screen has settled.
    expect(await screen.findByText(/^Hors ligne — données à jour/)).toBeInTheDocument();
  });

  it('names an event whose name is blank "Unnamed event (#id)", as every other screen does', async () => {
    stubStorage();
    const { event } = getDemoDataset(TEST_TODAY).findEvent(EVENT)!;
    server.use(
      http.get(`${TEST_API_BASE}/v1/events`, () =>
        HttpResponse.json({ events: [{ ...event, eve_nom_fr: ' ' }], total: 1 }),
      ),
    );
    await openedThenDeviceScreen();
    const table = await screen.findByRole('table', { name: 'Events kept' });
    const name = await within(table).findByRole('link', { name: `Unnamed event (#${EVENT})` });
    expect(name).toHaveAttribute('href', `/events/${EVENT}/registrations`);
    expect(name.querySelector('[lang]')).toBeNull();
  });

  it('"Keep for race day": the browser grants it, and the screen says so', async () => {
    const { persist } = stubStorage({ persist: true });
    const { user } = renderApp('/this-device');
    expect(await screen.findByText(/may clear this copy when the device runs low/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep for race day' }));
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/^Done: the browser will keep this copy/)).toBeInTheDocument();
    expect(await screen.findByText(/^Kept for race day: the browser will not clear/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep for race day' })).not.toBeInTheDocument();
  });

  it('"Keep for race day": the browser declines, and the screen says what that means', async () => {
    stubStorage({ persist: false });
    const { user } = renderApp('/this-device');
    await user.click(await screen.findByRole('button', { name: 'Keep for race day' }));
    expect(
      await screen.findByText(/^The browser declined, so it may still clear the copy/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep for race day' })).toBeEnabled();
  });

  it('already persistent: says so, with no button', async () => {
    stubStorage({ persisted: true, persist: true });
    renderApp('/this-device');
    expect(await screen.findByText(/^Kept for race day: the browser will not clear/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep for race day' })).not.toBeInTheDocument();
  });

  it('a browser that cannot be asked, nor tell its usage: says so, with no button', async () => {
    stubStorage({ persist: 'missing', estimate: false });
    renderApp('/this-device');
    expect(await screen.findByText(/^This browser cannot be asked to keep the copy/)).toBeInTheDocument();
    expect(
      screen.getByText('This browser does not say how much space the dashboard uses.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep for race day' })).not.toBeInTheDocument();
  });

  it('without storage (private mode), says the app works from the network only', async () => {
    stubStorage();
    vi.stubGlobal('indexedDB', undefined);
    renderApp('/this-device');
    expect(
      await screen.findByRole('heading', { name: 'This browser cannot keep a copy' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forget this device' })).not.toBeInTheDocument();
  });

  it('"Forget this device" asks first; confirmed, it wipes the copy and the open screens keep working', async () => {
    stubStorage();
    const { user, router } = await openedThenDeviceScreen();

    await user.click(await screen.findByRole('button', { name: 'Forget this device' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Forget this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Events kept' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forget this device' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Forget this device?' })).getByRole('button', {
        name: 'Forget',
      }),
    );
    expect(await screen.findByText(/^This device has forgotten the registrations/)).toHaveFocus();
    expect(await screen.findByRole('heading', { name: 'This device keeps nothing now' })).toBeInTheDocument();
    // The save ends with a status the open screen shows: inside act.
    await act(() => deviceCopySettled());
    expect(Object.keys(await storedOnDevice())).not.toContain(DEVICE_COPY_DB);

    // The list is still in memory: the registrations screen still shows it.
    await act(() => router.navigate(`/events/${EVENT}/registrations`));
    expect(await screen.findByText(/All 45 registrations loaded/)).toBeInTheDocument();
  });
});
