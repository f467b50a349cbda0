import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/i18n';
import { DEMO_EVENT_IDS } from '@/mocks/data/catalog';
import { server, TEST_API_BASE } from '../../../test/msw-server';
import { renderApp } from '../../../test/render';

const UNAVAILABLE = 'This event does not exist or is not available with this key';

describe('event detail', () => {
  it('shows the event and its categories with type and name in the current language', async () => {
    const { user } = renderApp(`/events/${DEMO_EVENT_IDS.largeMarathon}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Marathon du Lac Léman' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Evian-les-Bains')).toBeInTheDocument();
    // The categories, with their type, merged into the figures of the overview's first section.
    const categories = await screen.findByRole('table', { name: /^Categories/ });
    expect(within(categories).getByRole('row', { name: /^Half marathon\s*Race/ })).toBeInTheDocument();
    // A header, six categories and the total.
    expect(within(categories).getAllByRole('row')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'View registrations' })).toHaveAttribute(
      'href',
      `/events/${DEMO_EVENT_IDS.largeMarathon}/registrations`,
    );

    await user.click(screen.getByRole('button', { name: 'Français' }));
    expect(
      await within(categories).findByRole('row', { name: /Semi-marathon\s*Course/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Évian-les-Bains')).toBeInTheDocument();
  });

  it('falls back to French for a missing English category name, marked as French', async () => {
    renderApp(`/events/${DEMO_EVENT_IDS.nullEnglish}`);
    // The registrations overview may name the category too, once its registrations are loaded.
    const names = await screen.findAllByText('Course des familles');
    for (const name of names) expect(name).toHaveAttribute('lang', 'fr');
  });

  it.each([
    ['an unknown event', '/events/999999'],
    ['another promoter’s event', `/events/${DEMO_EVENT_IDS.coastal}`],
    ['an id that is not a number', '/events/12abc'],
  ])('shows one clear page for %s', async (_, path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: UNAVAILABLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my events' })).toHaveAttribute('href', '/events');
  });

  it('shows the same page when the API answers 403', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v1/events/:id`, () =>
        HttpResponse.json({ error: 'forbidden' }, { status: 403 }),
      ),
    );
    renderApp(`/events/${DEMO_EVENT_IDS.largeMarathon}`);
    expect(await screen.findByRole('heading', { name: UNAVAILABLE })).toBeInTheDocument();
  });

  it('keeps the event visible when only its categories fail, with a retry', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v1/events/:id/categories`, () => HttpResponse.json({ oops: true }), {
        once: true,
      }),
    );
    const { user } = renderApp(`/events/${DEMO_EVENT_IDS.largeMarathon}`);
    expect(
      await screen.findByRole('heading', { name: 'The Partner API’s answer is not as expected' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Marathon du Lac Léman' })).toBeInTheDocument();
    expect(screen.getByText('Details').closest('details')).toHaveTextContent(
      'Answer: JSON, but the field categories is not as the API document describes.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /^Categories/ })).toBeInTheDocument();
  });

  it('reads an event with null or absent optional fields', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v1/events/:id`, () =>
        HttpResponse.json({ event: { eve_id: 77, eve_nom_fr: null, eve_date_debut: null } }),
      ),
      http.get(`${TEST_API_BASE}/v1/events/:id/categories`, () =>
        HttpResponse.json({ event_id: 77, categories: [] }),
      ),
      http.get(`${TEST_API_BASE}/v1/events/:id/registrations`, () =>
        HttpResponse.json({ registrations: [] }),
      ),
    );
    renderApp('/events/77');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Unnamed event (#77)' });
    expect(heading.querySelector('[lang]')).toBeNull();
    expect(document.title).toBe('Unnamed event (#77) · Promoter dashboard');
    expect(screen.getByText('Date not set')).toBeInTheDocument();
    expect(screen.getByText('Place not set')).toBeInTheDocument();
    expect(await screen.findByText('This event has no categories yet.')).toBeInTheDocument();
  });

  it('names an event with a blank name as the other screens do, in French too', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v1/events/:id`, () =>
        HttpResponse.json({ event: { eve_id: 77, eve_nom_fr: '   ', eve_date_debut: null } }),
      ),
      http.get(`${TEST_API_BASE}/v1/events/:id/categories`, () =>
        HttpResponse.json({ event_id: 77, categories: [] }),
      ),
      http.get(`${TEST_API_BASE}/v1/events/:id/registrations`, () =>
        HttpResponse.json({ registrations: [] }),
      ),
    );
    await i18n.changeLanguage('fr');
    renderApp('/events/77');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Événement sans nom (n° 77)' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Événement sans nom (n° 77) · Tableau de bord organisateur');
  });

  it('shows an event’s French name marked French on an English screen, and titles the page with it', async () => {
    renderApp(`/events/${DEMO_EVENT_IDS.largeMarathon}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Marathon du Lac Léman' });
    expect(heading.querySelector('[lang="fr"]')).toHaveTextContent('Marathon du Lac Léman');
    expect(document.title).toBe('Marathon du Lac Léman · Promoter dashboard');
  });
});
