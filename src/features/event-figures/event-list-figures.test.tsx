import { act, render, screen, waitFor, within } from '@testing-library/react';
import i18n from '@/i18n';
import { deviceCopySettled } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { advanceDemoDays, DEMO_EVENT_IDS, getDemoDataset, resetDemoData } from '@/mocks/data';
import { renderApp } from '../../../test/render';
import type { EventFigures } from '@/engine/figures/event-figures';
import { UpcomingFigures } from './event-list-figures';

freshIndexedDbForEachTest();
afterEach(() => resetDemoData());

const PAST = DEMO_EVENT_IDS.trickySmall; // 45 registrations
const UPCOMING = DEMO_EVENT_IDS.nullEnglish; // 420 registrations

/** The demo's count of one raw status in an event, with a plain loop. */
function demoCount(eventId: number, status?: string): number {
  let count = 0;
  for (const row of getDemoDataset().registrationsOf(eventId)) {
    if (status === undefined || row.payment_status === status) count++;
  }
  return count;
}

const card = (eventId: number) => {
  const link = document.querySelector(`a[href="/events/${eventId}"]`);
  if (!link) throw new Error(`no card for event ${eventId}`);
  return link.closest('li')!;
};

/** Opens an event's registrations until they are all loaded and saved on the device, then closes the tab. */
async function loadOnce(eventId: number, count: number) {
  const tab = renderApp(`/events/${eventId}/registrations`);
  expect(
    await screen.findByText(new RegExp(`All ${count.toLocaleString('en')} registrations loaded`)),
  ).toBeInTheDocument();
  await act(() => deviceCopySettled());
  tab.unmount();
}

/** Every card has read the device (ten cards read it one by one: the last may come after the header). */
async function everyCardRead() {
  await waitFor(() => expect(document.querySelector('.event-figures[aria-busy="true"]')).toBeNull());
}

describe('the events list with the figures counted on this device', () => {
  it('shows an opened event’s registrations and share paid, each linked to its rows; the others say they are not counted', async () => {
    await loadOnce(PAST, 45);
    await loadOnce(UPCOMING, 420);

    // A new tab: the figures come from the device, not from memory.
    renderApp('/events');
    await screen.findByRole('region', { name: /^Upcoming \d/ });
    const past = card(PAST);
    const total = await within(past).findByRole('link', { name: '45 registrations' });
    expect(total).toHaveAttribute('href', `/events/${PAST}/registrations`);
    const paid = demoCount(PAST, 'paid');
    const share = `${Number(((paid / 45) * 100).toFixed(1))}% paid`;
    expect(within(past).getByRole('link', { name: share })).toHaveAttribute(
      'href',
      `/events/${PAST}/registrations?status=paid`,
    );
    expect(within(past).getByText(/^As of /)).toBeInTheDocument();

    // An event never opened here: never a false 0.
    const never = card(DEMO_EVENT_IDS.largeMarathon);
    expect(
      await within(never).findByText(/^Registrations not counted on this device yet/),
    ).toBeInTheDocument();
    expect(within(never).queryByRole('link', { name: /registrations?$/ })).toBeNull();

    // The header: the upcoming events counted (only 1005 of them), and how many are.
    const upcoming = await screen.findByRole('region', { name: 'Upcoming events' });
    const upcomingPaid = demoCount(UPCOMING, 'paid');
    // Once the device is read (until then, the line's place is kept by a skeleton).
    await waitFor(() =>
      expect(upcoming).toHaveTextContent(
        `420 registrations, ${Number(((upcomingPaid / 420) * 100).toFixed(1))}% paid`,
      ),
    );
    expect(upcoming).toHaveTextContent('In 1 of the 5 upcoming events below.');
    await everyCardRead();
    // The background sync (paused in these tests) says what it has left to count.
    expect(await screen.findByText(/^Sync paused: 0 of \d+ events counted/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('says the same in French', async () => {
    await loadOnce(PAST, 45);
    await act(() => i18n.changeLanguage('fr'));
    try {
      renderApp('/events');
      await screen.findByRole('region', { name: /^À venir \d/ });
      const past = card(PAST);
      expect(await within(past).findByRole('link', { name: '45 inscriptions' })).toBeInTheDocument();
      expect(within(past).getByRole('link', { name: /^[\d,]+\s%\spayées$/ })).toBeInTheDocument();
      expect(
        await within(card(UPCOMING)).findByText(/^Inscriptions pas encore comptées sur cet appareil/),
      ).toBeInTheDocument();
      const upcoming = await screen.findByRole('region', { name: 'Événements à venir' });
      await waitFor(() => expect(upcoming).toHaveTextContent(/ne sont pas encore comptées sur cet appareil/));
      await everyCardRead();
      expect(
        await screen.findByText(/^Synchronisation en pause : 0 événements sur \d+ comptés/),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reprendre' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('counts the registrations new since the last visit, as the event page does, and links to exactly them', async () => {
    await loadOnce(UPCOMING, 420);
    const day = advanceDemoDays(1, { eventIds: [UPCOMING] }).events[0]!;
    const added = day.added.filter((id) => !day.deleted.includes(id));
    expect(added.length).toBeGreaterThan(0);
    // The second visit: it opens from the copy and checks for changes.
    const { user, router } = renderApp(`/events/${UPCOMING}/registrations`);
    const summary = await screen.findByRole('region', { name: 'What changed' });
    // The event page's own count, once the check for changes is done.
    await within(summary).findByRole('link', { name: new RegExp(`^${added.length} new$`) });
    // What the event's own screen counts, which the card must show: the check for changes
    // brings the new ones, and the check of the whole list that follows (a day went by) the
    // deletions, which a check for changes cannot see.
    const removed = day.deleted.filter((id) => !day.added.includes(id)).length;
    const now = 420 + added.length - removed;
    await waitFor(() =>
      expect(screen.getByText(/^[\d,]+ registrations$/)).toHaveTextContent(`${now} registrations`),
    );
    await act(() => router.navigate('/events'));
    await screen.findByRole('region', { name: /^Upcoming \d/ });

    const upcoming = card(UPCOMING);
    expect(await within(upcoming).findByRole('link', { name: `${now} registrations` })).toBeInTheDocument();
    const fresh = within(upcoming).getByRole('link', {
      name: `${added.length} new since your last visit`,
    });
    await user.click(fresh);
    expect(await screen.findByRole('button', { name: /Remove the filter “New since/ })).toBeInTheDocument();
  });
});

describe('the upcoming events’ line', () => {
  const counted = (total: number, paid: number): EventFigures => ({
    total,
    paid,
    pending: 0,
    lastVisit: null,
    newSinceLastVisit: null,
    asOf: null,
    findings: null,
  });

  it('says for how many events it counts, and keeps saying it once all are counted', async () => {
    const { rerender } = render(<UpcomingFigures figures={[counted(300, 150), null, null]} />);
    const line = screen.getByRole('region', { name: 'Upcoming events' });
    expect(line).toHaveTextContent('300 registrations, 50% paid');
    expect(line).toHaveTextContent('In 1 of the 3 upcoming events below.');

    rerender(<UpcomingFigures figures={[counted(300, 150), counted(100, 0), counted(100, 50)]} />);
    expect(line).toHaveTextContent('500 registrations, 40% paid');
    expect(line).toHaveTextContent('In the 3 upcoming events below.');

    rerender(<UpcomingFigures figures={[counted(1, 1)]} />);
    expect(line).toHaveTextContent('1 registration, 100% paid');
    expect(line).toHaveTextContent('In the upcoming event below.');

    await act(() => i18n.changeLanguage('fr'));
    try {
      rerender(<UpcomingFigures figures={[counted(300, 150), counted(100, 0), counted(100, 50)]} />);
      const french = screen.getByRole('region', { name: 'Événements à venir' });
      expect(french).toHaveTextContent(/^500 inscriptions, 40\s%\spayées/);
      expect(french).toHaveTextContent('Dans les 3 événements à venir ci-dessous.');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('the question before keeping every event on this device', () => {
  it('is asked on a metered connection, in both languages; "Only the events I open" pauses', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      const { user } = renderApp('/events', { backgroundSync: true });
      await screen.findByText('Keep every event on this device?');
      const question = screen.getByRole('region', { name: 'Sync of your events' });
      expect(question).toHaveTextContent(
        "Keep every event on this device? You are on mobile data or a data saver. Each event's registrations are downloaded once. Wi-Fi recommended.",
      );
      await act(() => i18n.changeLanguage('fr'));
      expect(
        within(question).getByRole('button', { name: 'Garder tous les événements' }),
      ).toBeInTheDocument();
      expect(question).toHaveTextContent('Garder tous les événements sur cet appareil ?');
      await act(() => i18n.changeLanguage('en'));

      await user.click(within(question).getByRole('button', { name: 'Only the events I open' }));
      expect(await screen.findByText(/^Sync paused: 0 of \d+ events counted/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
      await act(() => i18n.changeLanguage('en'));
    }
    await act(() => deviceCopySettled());
  });
});
