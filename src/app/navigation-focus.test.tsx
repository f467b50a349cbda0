import { act, screen, waitFor } from '@testing-library/react';
import i18n from '@/i18n';
import { renderApp } from '../../test/render';

/** The layout moves focus to each new screen's h1, and each screen names itself in the title. */
describe('focus and title after a navigation', () => {
  it('leaves focus alone on the first load, including its redirect from /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'My events' })).toBeInTheDocument();
    await screen.findByText('10 events');
    expect(document.activeElement).toBe(document.body);
    expect(document.title).toBe('My events · Promoter dashboard');
  });

  it('focuses the heading of the screen a link opens, once its data has arrived, and titles it', async () => {
    const { user } = renderApp('/events');
    await user.click(await screen.findByRole('link', { name: 'Marathon du Lac Léman' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Marathon du Lac Léman' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(document.title).toBe('Marathon du Lac Léman · Promoter dashboard');

    await user.click(screen.getByRole('link', { name: /All my events/ }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My events' })).toHaveFocus());
    expect(document.title).toBe('My events · Promoter dashboard');
    // Tab continues from the heading: the search box is next.
    await user.tab();
    expect(screen.getByLabelText('Search by name or place')).toHaveFocus();
  });

  it('keeps focus in the search box while typing writes the URL', async () => {
    const { user, router } = renderApp('/events');
    const search = await screen.findByLabelText('Search by name or place');
    await user.type(search, 'lac');
    await waitFor(() => expect(router.state.location.search).toBe('?q=lac'));
    expect(search).toHaveFocus();
  });

  it('titles the screens in French too', async () => {
    const { user } = renderApp('/events');
    await screen.findByText('10 events');
    await user.click(screen.getByRole('button', { name: 'Français' }));
    await waitFor(() => expect(document.title).toBe('Mes événements · Tableau de bord organisateur'));
    await user.click(screen.getByRole('link', { name: 'Marathon du Lac Léman' }));
    await waitFor(() => expect(document.title).toBe('Marathon du Lac Léman · Tableau de bord organisateur'));
    await act(() => i18n.changeLanguage('en'));
  });
});
