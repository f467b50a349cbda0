import { act, render } from '@testing-library/react';
import i18n from '@/i18n';
import { EventName, eventLabel } from './event-label';

describe('eventLabel: the one text of an event', () => {
  it('is the name in French, and the French name marked French in English', () => {
    const event = { eve_id: 7, eve_nom_fr: '  Course de l’Escalade ' };
    expect(eventLabel(event, 'fr', i18n)).toEqual({ text: 'Course de l’Escalade' });
    expect(eventLabel(event, 'en', i18n)).toEqual({ text: 'Course de l’Escalade', lang: 'fr' });
  });

  it.each([
    ['no name', { eve_id: 42, eve_nom_fr: null }],
    ['an empty name', { eve_id: 42, eve_nom_fr: '' }],
    ['a blank name', { eve_id: 42, eve_nom_fr: ' \t\n ' }],
    ['no name field at all', { eve_id: 42 }],
  ])('names an event with %s by its id, in the screen’s language, unmarked', (_, event) => {
    expect(eventLabel(event, 'en', i18n)).toEqual({ text: 'Unnamed event (#42)' });
    expect(eventLabel(event, 'fr', i18n)).toEqual({ text: 'Événement sans nom (n° 42)' });
  });

  it('names an event the app holds only the id of as that event, not as an unnamed one', () => {
    expect(eventLabel(42, 'en', i18n)).toEqual({ text: 'Event #42' });
    expect(eventLabel(42, 'fr', i18n)).toEqual({ text: 'Événement n° 42' });
  });
});

describe('EventName', () => {
  it('marks the French name lang="fr" on an English screen only, and follows the language', async () => {
    const { container } = render(<EventName event={{ eve_id: 7, eve_nom_fr: 'Marathon du Lac' }} />);
    expect(container.innerHTML).toBe('<span lang="fr">Marathon du Lac</span>');
    await act(() => i18n.changeLanguage('fr'));
    expect(container.innerHTML).toBe('Marathon du Lac');
  });

  it('shows the unnamed text without a lang of its own, in either language', async () => {
    const { container } = render(<EventName event={{ eve_id: 9, eve_nom_fr: '   ' }} />);
    expect(container.innerHTML).toBe('Unnamed event (#9)');
    await act(() => i18n.changeLanguage('fr'));
    expect(container.innerHTML).toBe('Événement sans nom (n° 9)');
  });
});
