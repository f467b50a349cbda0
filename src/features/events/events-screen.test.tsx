import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/i18n';
import { EMPTY_PROMOTER_SESSION } from '../../../test/fixtures';
import { server, TEST_API_BASE } from '../../../test/msw-server';
import { currentPath, renderApp } from '../../../test/render';

function eventRequests() {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/v1/events') urls.push(url);
  });
  return urls;
}

const cardNames = (section: HTMLElement) =>
  within(section)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('events list', () => {
  it('shows each event with its name, place, date and categories, split into upcoming and past', async () => {
    renderApp('/events');
    const upcoming = await screen.findByRole('region', { name: /^Upcoming \d/ });
    const past = screen.getByRole('region', { name: /Past/ });
    expect(screen.getByText('10 events')).toBeInTheDocument();
    // Soonest first; the event of today counts as upcoming.
    expect(cardNames(upcoming)).toEqual([
      'Nocturne de Vevey',
      "Foulées d'Annecy",
      'Marathon du Lac Léman',
      'Trail des Aiguilles',
      'Triathlon de Neuchâtel',
    ]);
    // Most recent first.
    expect(cardNames(past)).toEqual([
      "Course de l'Escalade",
      'Montée du Salève',
      'Trail des Aiguilles 2025',
      'Corrida de Noël',
      "Course de l'Escalade 2024",
    ]);
    expect(within(upcoming).getByText('Today')).toBeInTheDocument();
    // A past event is not labelled "Past" again inside the "Past" section.
    expect(within(past).queryByText('Past', { selector: '.event-card .badge' })).toBeNull();

    const marathon = screen.getByRole('link', { name: 'Marathon du Lac Léman' }).closest('li')!;
    expect(within(marathon).getByText('Evian-les-Bains')).toBeInTheDocument();
    expect(within(marathon).getByRole('list', { name: 'Categories' })).toHaveTextContent('Half marathon');
  });

  it('marks French text shown on an English screen as French', async () => {
    renderApp('/events');
    const annecy = (await screen.findByRole('link', { name: "Foulées d'Annecy" })).closest('li')!;
    expect(within(annecy).getByText('Annecy')).toHaveAttribute('lang', 'fr'); // no English place
    expect(within(annecy).getByText("Foulées d'Annecy")).toHaveAttribute('lang', 'fr'); // the API has no English name
  });

  it('searches name and place ignoring case and accents, and keeps the search in the URL', async () => {
    const { user, router } = renderApp('/events');
    await user.type(await screen.findByLabelText('Search by name or place'), 'evian');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Marathon du Lac Léman' })).toBeInTheDocument();
    expect(screen.getByText('1 of 10 events')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/events?q=evian'));
  });

  it('sends the date filters to the API as start_date, end_date and updated_since', async () => {
    const requests = eventRequests();
    const { user, router } = renderApp('/events');
    await screen.findByText('10 events');
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await waitFor(() => expect(router.state.location.search).toContain('from=2026-01-01'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('start_date')).toBe('2026-01-01'));
    expect(requests[0]?.searchParams.toString()).toBe('');
  });

  it('restores the exact view from a link with filters, and again after opening an event and going back', async () => {
    const requests = eventRequests();
    const link = '/events?from=2000-01-01&to=2099-12-31&updated=2000-01-01&q=gen&sort=name';
    const { user, router } = renderApp(link);
    expect(await screen.findByLabelText('Search by name or place')).toHaveValue('gen');
    expect(screen.getByLabelText('Sort by')).toHaveValue('name');
    expect(screen.getByLabelText('From')).toHaveValue('2000-01-01');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({
      start_date: '2000-01-01',
      end_date: '2099-12-31',
      updated_since: '2000-01-01',
    });

    await user.selectOptions(screen.getByLabelText('Sort by'), 'date');
    await waitFor(() => expect(currentPath(router)).toBe(link.replace('&sort=name', '')));
    await user.click(await screen.findByRole('link', { name: "Course de l'Escalade" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/1003'));
    await act(() => router.navigate(-1));
    expect(await screen.findByLabelText('Search by name or place')).toHaveValue('gen');
    expect(screen.getByLabelText('Sort by')).toHaveValue('date');
  });

  it('keeps every letter typed fast, and follows the back button to an older view', async () => {
    const { router } = renderApp('/events');
    const search = await screen.findByLabelText('Search by name or place');
    // No pause at all between keys, like a fast typist or a barcode reader.
    await userEvent.setup({ delay: null }).type(search, 'marathon');
    expect(search).toHaveValue('marathon');
    expect(await screen.findByText('1 of 10 events')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/events?q=marathon'));

    await act(() => router.navigate('/events?q=trail'));
    expect(screen.getByLabelText('Search by name or place')).toHaveValue('trail');
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Search by name or place')).toHaveValue('marathon');
  });

  it('sorts by name', async () => {
    renderApp('/events?sort=name');
    const past = await screen.findByRole('region', { name: /Past/ });
    expect(cardNames(past)).toEqual([
      'Corrida de Noël',
      "Course de l'Escalade",
      "Course de l'Escalade 2024",
      'Montée du Salève',
      'Trail des Aiguilles 2025',
    ]);
  });

  it('tells "no events match" apart from "no events with this key", each with a way forward', async () => {
    const { user } = renderApp('/events?q=zzzz');
    expect(await screen.findByRole('heading', { name: 'No events match' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('10 events')).toBeInTheDocument();
  });

  it('says when the key has no events at all', async () => {
    renderApp('/events', { session: EMPTY_PROMOTER_SESSION });
    expect(await screen.findByRole('heading', { name: 'No events with this key' })).toBeInTheDocument();
  });

  it('shows an error with a retry that recovers', async () => {
    server.use(
      http.get(
        `${TEST_API_BASE}/v1/events`,
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
        {
          once: true,
        },
      ),
    );
    const { user } = renderApp('/events');
    expect(
      await screen.findByRole('heading', { name: 'The Partner API is having trouble' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('10 events')).toBeInTheDocument();
  });

  it('switches language at once without asking the API again', async () => {
    const requests = eventRequests();
    const { user } = renderApp('/events');
    await screen.findByText('10 events');
    await user.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes événements' })).toBeInTheDocument();
    expect(screen.getByText('10 événements')).toBeInTheDocument();
    const marathon = screen.getByRole('link', { name: 'Marathon du Lac Léman' }).closest('li')!;
    expect(within(marathon).getByText('Évian-les-Bains')).toBeInTheDocument();
    expect(within(marathon).getByRole('list', { name: 'Catégories' })).toHaveTextContent('Semi-marathon');
    expect(document.documentElement.lang).toBe('fr');
    expect(requests).toHaveLength(1);
    expect(localStorage.getItem('promoter-dashboard.language')).toBe('fr');
    await act(() => i18n.changeLanguage('en'));
  });
});
