import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import i18n from '@/i18n';
import { preloadableLazy } from '@/components/preloadable-lazy';
import { createQueryClient } from '@/lib/query-client';
import { deviceCopySettled, forgetDeviceCopy } from '@/engine/copy/device-copy';
import { keepListOnDevice } from '@/engine/copy/testing/kept-on-device';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { startSession } from '@/lib/session';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { TEST_SESSION } from '../../../test/fixtures';
import { server, TEST_API_BASE } from '../../../test/msw-server';
import { renderApp } from '../../../test/render';
import { HeaderSearch } from './header-search';

freshIndexedDbForEachTest();

const SMALL = DEMO_EVENT_IDS.trickySmall; // 45 registrations, past
const UPCOMING = DEMO_EVENT_IDS.nullEnglish; // 420 registrations, upcoming
/** The test session's promoter's events. */
const ACCOUNT_EVENTS = getDemoDataset().eventsOf('alpine').length;

/** Keeps two events' registrations on the device, as two visits would. */
async function keepOnDevice() {
  startSession(TEST_SESSION);
  for (const eventId of [SMALL, UPCOMING])
    await keepListOnDevice(
      eventId,
      getDemoDataset()
        .registrationsOf(eventId)
        .map((row) => ({ ...row, custom_questions: row.custom_questions.map((answer) => ({ ...answer })) })),
      new Date('2026-11-20T08:00:00Z'),
    );
  await deviceCopySettled();
}

/** A registration of the small event whose name is found in no other row of the two events. */
function uniquePerson() {
  const rows = [SMALL, UPCOMING].flatMap((eventId) => getDemoDataset().registrationsOf(eventId));
  const key = (row: (typeof rows)[number]) => `${row.first_name} ${row.last_name}`;
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  const row = getDemoDataset()
    .registrationsOf(SMALL)
    .find((candidate) => counts.get(key(candidate)) === 1 && /^[A-Za-zÀ-ÿ' -]+$/.test(key(candidate)));
  if (!row) throw new Error('no unique name in the demo event');
  return row;
}

/** The events list, once it has read what the device keeps (its figures). */
async function eventsScreen() {
  const view = renderApp('/events');
  await screen.findByText(`${ACCOUNT_EVENTS} events`);
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  await act(() => deviceCopySettled());
  return view;
}

const combobox = () => screen.getByRole('combobox', { name: 'Find a participant' });
/** The search's own live region (the screens have theirs). */
const summary = () => within(document.querySelector<HTMLElement>('.header-search')!).getByRole('status');

describe('the header search across events', () => {
  it('lists the matches of every event kept on the device, and says how many events it searched', async () => {
    await keepOnDevice();
    const person = uniquePerson();
    const { user } = await eventsScreen();
    const field = combobox();
    expect(field).toHaveAttribute('aria-expanded', 'false');

    // Typed without pauses, the last name first and the accents dropped: the field echoes every key.
    const typed = `${person.last_name} ${person.first_name}`
      .normalize('NFD')
      .replace(/\p{Mn}/gu, '')
      .toUpperCase();
    await user.type(field, typed);
    expect(field).toHaveValue(typed);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    // Read afresh each time: until the results' code is there, the list is the field's own empty one.
    const listbox = () => screen.getByRole('listbox', { name: 'Registrations found' });
    expect(field).toHaveAttribute('aria-controls', listbox().id);
    const option = await waitFor(() =>
      within(listbox()).getByRole('option', { name: new RegExp(person.email) }),
    );
    expect(within(listbox()).getAllByRole('option')).toHaveLength(1);
    expect(option).toHaveTextContent(`${person.first_name} ${person.last_name}`);
    expect(option).toHaveTextContent(person.order_id);
    expect(option).toHaveTextContent("Course de l'Escalade");
    // The API names events in French only: on an English screen the name is marked French.
    expect(within(option).getByText("Course de l'Escalade")).toHaveAttribute('lang', 'fr');
    // The copy is read into the index event by event; the answer grows with it.
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        `Searching 2 of ${ACCOUNT_EVENTS} events: open or sync the others to search them too.`,
      ),
    );
    expect(summary()).toHaveTextContent('1 registration found.');

    await user.clear(field);
    await user.type(field, 'zzzz');
    await waitFor(() => expect(summary()).toHaveTextContent('No registration matches “zzzz”.'));
  });

  it('moves through the results with the keyboard and opens the active one with its details', async () => {
    await keepOnDevice();
    const { user, router } = await eventsScreen();
    const field = combobox();
    await user.click(field);
    await user.keyboard('e');
    const listbox = () => screen.getByRole('listbox');
    await waitFor(() => expect(within(listbox()).getAllByRole('option')).toHaveLength(50));
    expect(summary()).toHaveTextContent(/The first 50 of \d{3} registrations found/);
    expect(field).not.toHaveAttribute('aria-activedescendant');

    const options = () => within(listbox()).getAllByRole('option');
    const active = () => document.getElementById(field.getAttribute('aria-activedescendant') ?? '');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(options()[0]);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe(options()[2]);
    await user.keyboard('{End}');
    expect(active()).toBe(options()[49]);
    await user.keyboard('{Home}');
    expect(active()).toBe(options()[0]);
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(active()).toBe(options()[0]);
    expect(options()[1]).toHaveAttribute('aria-selected', 'false');
    expect(field).toHaveFocus();

    // Escape closes the list and keeps the text; again, it empties the field.
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveValue('e');
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}{Escape}');
    expect(field).toHaveValue('');

    // Upcoming events come first: the first result is of the upcoming event.
    await user.keyboard('e');
    await waitFor(() => expect(options()).toHaveLength(50));
    await user.keyboard('{ArrowDown}');
    const first = getDemoDataset()
      .registrationsOf(UPCOMING)
      .find((row) => /e/i.test(`${row.first_name} ${row.last_name} ${row.email} ${row.order_id}`))!;
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/events/${UPCOMING}/registrations?open=${first.registration_id}`,
      ),
    );
    const details = await screen.findByRole('dialog');
    expect(details).toHaveTextContent(first.email);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    await screen.findByText(/All 420 registrations loaded/);
    await act(() => deviceCopySettled());
  });

  it('finds nothing once the device is forgotten, and is not there signed out', async () => {
    await keepOnDevice();
    const { user } = await eventsScreen();
    const field = combobox();
    await user.type(field, 'e');
    await waitFor(() => expect(screen.getByRole('listbox').children.length).toBeGreaterThan(0));
    await act(async () => {
      await forgetDeviceCopy();
    });
    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        'No event is kept on this device yet: open an event to search its registrations.',
      ),
    );
    expect(within(screen.getByRole('listbox')).queryAllByRole('option')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: /Sign in/ });
    expect(screen.queryByRole('combobox')).toBeNull();
    // The sign-in form shows the site's API address once it has read it.
    await waitFor(() => expect(screen.getByLabelText('API address')).toHaveValue(TEST_API_BASE));
  });

  it('names the event of a result without a name "Unnamed event (#id)", in French too', async () => {
    await keepOnDevice();
    const events = getDemoDataset()
      .eventsOf('alpine')
      .map(({ event }) => (event.eve_id === SMALL ? { ...event, eve_nom_fr: '  ' } : event));
    server.use(
      http.get(`${TEST_API_BASE}/v1/events`, () => HttpResponse.json({ events, total: events.length })),
    );
    const person = uniquePerson();
    const { user } = await eventsScreen();
    await user.type(combobox(), `${person.first_name} ${person.last_name}`);
    const option = await waitFor(() =>
      within(screen.getByRole('listbox', { name: 'Registrations found' })).getByRole('option', {
        name: new RegExp(person.email),
      }),
    );
    expect(within(option).getByText(`Unnamed event (#${SMALL})`)).not.toHaveAttribute('lang');
    try {
      await act(() => i18n.changeLanguage('fr'));
      expect(await within(option).findByText(`Événement sans nom (n° ${SMALL})`)).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
    // The search has read the whole copy: nothing more changes its results.
    await waitFor(() => expect(summary()).not.toHaveTextContent(/Reading|Searching…/));
    await act(() => deviceCopySettled());
  });

  it('speaks French', async () => {
    await keepOnDevice();
    await act(() => i18n.changeLanguage('fr'));
    try {
      const { user } = renderApp('/events');
      const field = await screen.findByRole('combobox', { name: 'Trouver un participant' });
      await user.type(field, 'zzzz');
      await waitFor(() =>
        expect(summary()).toHaveTextContent(
          `Recherche dans 2 événements sur ${ACCOUNT_EVENTS} : ouvrez ou synchronisez les autres pour y chercher aussi.`,
        ),
      );
      expect(summary()).toHaveTextContent('Aucune inscription ne correspond à « zzzz ».');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('searches the text typed while its code was loading, once it is there, in the same status line and list', async () => {
    await keepOnDevice();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const HeldStatus = preloadableLazy(() =>
      held.then(() => import('./search-status')).then((m) => m.SearchStatus),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <HeaderSearch Status={HeldStatus} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const field = combobox();
    await user.type(field, 'zzzz');
    // The field echoed every key, and the popup it controls says it is searching.
    expect(field).toHaveValue('zzzz');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(summary()).toHaveTextContent('Searching…');
    expect(screen.getByRole('listbox', { name: 'Registrations found' }).id).toBe(
      field.getAttribute('aria-controls'),
    );
    // A screen reader follows a live region that was there before it changed: the status line
    // and the list the field controls stay the same elements when the code arrives.
    const statusLine = summary();
    const list = screen.getByRole('listbox');

    await act(() => {
      release();
      return held;
    });
    await waitFor(() => expect(summary()).toHaveTextContent('No registration matches “zzzz”.'));
    expect(summary()).toBe(statusLine);
    expect(screen.getByRole('listbox')).toBe(list);
    expect(field).toHaveValue('zzzz');
    await user.type(field, '{Backspace}{Backspace}{Backspace}{Backspace}e');
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(50));
    await act(() => deviceCopySettled());
  });
});
