import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/i18n';
import { offerAppUpdate, resetAppUpdate, setAppUpdateApplier } from '@/lib/app-update';
import { UpdateNotice } from './update-notice';

afterEach(() => resetAppUpdate());

describe('UpdateNotice: a new version, said without taking over the page', () => {
  it('says nothing until a new version is there, then announces it in its live region', () => {
    render(<UpdateNotice />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    act(() => offerAppUpdate());

    expect(region).toHaveTextContent('A new version of the dashboard is available.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    // It takes no focus: the promoter keeps working where they were.
    expect(document.activeElement).toBe(document.body);
  });

  it('switches to the new version from the keyboard: Tab to "Reload", Enter', async () => {
    const apply = vi.fn();
    setAppUpdateApplier(apply);
    const user = userEvent.setup();
    render(<UpdateNotice />);
    act(() => offerAppUpdate());

    await user.tab();
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('"Later" hides it for this page, without applying anything', async () => {
    const apply = vi.fn();
    setAppUpdateApplier(apply);
    const user = userEvent.setup();
    render(<UpdateNotice />);
    act(() => offerAppUpdate());

    await user.click(screen.getByRole('button', { name: 'Later' }));

    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(apply).not.toHaveBeenCalled();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    render(<UpdateNotice />);
    act(() => offerAppUpdate());

    expect(screen.getByRole('status')).toHaveTextContent(
      'Une nouvelle version du tableau de bord est disponible.',
    );
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plus tard' })).toBeInTheDocument();
  });
});
