import { act, screen, within } from '@testing-library/react';
import i18n from '@/i18n';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { renderApp } from '../../../../test/render';

const EVENT = DEMO_EVENT_IDS.trickySmall; // 45 registrations; "Club or licence number" is free text

const TEXT = {
  en: {
    loaded: /All 45 registrations loaded/,
    open: 'Numbers',
    club: 'Club or licence number',
    unlisted: /^\d+ answers? not listed$/,
    privacy:
      'To protect privacy, free-text answers given by few people, and contact details, are not listed.',
  },
  fr: {
    loaded: /Les 45 inscriptions sont chargées/,
    open: 'Chiffres',
    club: 'Club ou numéro de licence',
    unlisted: /^\d+ réponses? non listées?$/,
    privacy:
      'Pour protéger la vie privée, les réponses libres données par peu de personnes, et les coordonnées, ne sont pas listées.',
  },
} as const;

describe.each(['en', 'fr'] as const)('the Numbers of the rows shown keep free text private (%s)', (lang) => {
  it('lists no licence number, counts the rest as not listed, and says why', async () => {
    await act(() => i18n.changeLanguage(lang));
    const text = TEXT[lang];
    const { user } = renderApp(`/events/${EVENT}/registrations`);
    expect(await screen.findByText(text.loaded)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.open }));
    const sheet = await screen.findByRole('dialog');
    const club = (await within(sheet).findByText(text.club)).closest('table');
    expect(club).not.toBeNull();
    const rows = within(club!).getAllByRole('row');
    for (const row of rows) expect(row.textContent).not.toMatch(/\d{6}/);
    expect(rows.some((row) => text.unlisted.test(row.firstElementChild?.textContent ?? ''))).toBe(true);
    expect(within(sheet).getByText(text.privacy)).toBeInTheDocument();
  });
});
