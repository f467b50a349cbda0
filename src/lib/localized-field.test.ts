import { localizedText, pickLocalized } from './localized-field';

describe('pickLocalized', () => {
  const place = { eve_lieu_fr: 'Genève', eve_lieu_en: 'Geneva' };

  it('picks the field of the wanted language', () => {
    expect(pickLocalized(place, 'eve_lieu', 'en')).toEqual({ text: 'Geneva', lang: 'en', isFallback: false });
    expect(pickLocalized(place, 'eve_lieu', 'fr')).toEqual({ text: 'Genève', lang: 'fr', isFallback: false });
  });

  it.each([null, undefined, '', '   '])(
    'falls back to the other language when the wanted one is %j',
    (missing) => {
      expect(pickLocalized({ eve_lieu_fr: 'Genève', eve_lieu_en: missing }, 'eve_lieu', 'en')).toEqual({
        text: 'Genève',
        lang: 'fr',
        isFallback: true,
      });
      expect(pickLocalized({ eve_lieu_fr: missing, eve_lieu_en: 'Geneva' }, 'eve_lieu', 'fr')).toEqual({
        text: 'Geneva',
        lang: 'en',
        isFallback: true,
      });
    },
  );

  it('marks the French-only event name as French on English screens', () => {
    expect(pickLocalized({ eve_nom_fr: 'Course de l’Escalade' }, 'eve_nom', 'en')).toMatchObject({
      lang: 'fr',
      isFallback: true,
    });
  });

  it('returns null, or empty text, when neither language has a value', () => {
    expect(pickLocalized({ eve_lieu_fr: null }, 'eve_lieu', 'fr')).toBeNull();
    expect(localizedText({}, 'eve_lieu', 'en')).toBe('');
  });
});
