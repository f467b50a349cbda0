import { emailKey, lettersKey, personKey } from './text-keys';

/**
 * The rules for "the same person" and "the same address", which possible duplicates, the
 * editions comparison and the mailing hand-off all take from lib/text-keys.
 */
describe('personKey: the same person', () => {
  const same = (a: [string, string], b: [string, string]) => {
    expect(personKey(...a)).not.toBe('');
    expect(personKey(...a)).toBe(personKey(...b));
  };
  const different = (a: [string, string], b: [string, string]) =>
    expect(personKey(...a)).not.toBe(personKey(...b));

  it('ignores apostrophes, in any of their forms', () => {
    same(['Zoë', "D'Amour"], ['Zoe', 'DAmour']);
    same(['Zoë', 'D’Amour'], ['zoe', "d'amour"]);
    same(['Bryan', "O'Neill"], ['Bryan', 'ONeill']);
  });

  it('ignores hyphens and spaces inside a name', () => {
    same(['Jean-Pierre', 'Martin'], ['Jean Pierre', 'Martin']);
    same(['Jean-Pierre', 'Martin'], ['jeanpierre', 'MARTIN']);
    same(['Anne', 'Dupont-Moretti'], ['Anne', 'Dupont Moretti']);
    same([' Anne ', '  Roy'], ['anne', 'roy']);
  });

  it('ignores accents and case, in either Unicode form', () => {
    same(['Élodie', 'Côté'], ['ELODIE', 'cote']);
    same(['Zoë', 'Lefèvre'], ['Zoe\u0308', 'Lefe\u0300vre']);
    same(['Noémie', 'Müller'], ['Noemie', 'Muller']);
  });

  it('reads ligatures as their letters: Œ/œ, æ, ß', () => {
    same(['Œdipe', 'Cœur'], ['Oedipe', 'Coeur']);
    same(['Lætitia', 'Hæberli'], ['Laetitia', 'Haeberli']);
    same(['Jürgen', 'Straße'], ['Jurgen', 'Strasse']);
    same(['Jürgen', 'STRASSE'], ['jurgen', 'straße']);
  });

  it('takes first and last name swapped, or split differently, for the same person', () => {
    same(['Marie', 'Dupont'], ['Dupont', 'Marie']);
    same(['Zoë', "D'Amour"], ['Damour', 'Zoe']);
    same(['Jean Pierre', 'Martin'], ['Jean', 'Pierre Martin']);
  });

  it('needs both names: half a name is nobody, not even the same half name', () => {
    expect(personKey('Anne', '')).toBe('');
    expect(personKey(null, 'Roy')).toBe('');
    expect(personKey('Anne', undefined)).toBe('');
    expect(personKey("'", 'Roy')).toBe('');
    expect(personKey(' - ', ' ')).toBe('');
  });

  it('tells a family apart: the same last name with other first names is other people', () => {
    different(['Hugo', 'Morin'], ['Léa', 'Morin']);
    different(['Hugo', 'Morin'], ['Inès', 'Morin']);
    different(['Anne', 'Roy'], ['Anne', 'Royer']);
  });
});

describe('emailKey: the same address', () => {
  it('ignores the spaces around it and case', () => {
    expect(emailKey(' Emilie.Dupont@EXAMPLE.com ')).toBe('emilie.dupont@example.com');
    expect(emailKey('JO@X.FR')).toBe(emailKey('jo@x.fr'));
  });

  it('reads an address in either Unicode form, in any case, as one address', () => {
    const composed = 'zoë@exemple.fr'; // ë as one character
    const decomposed = 'ZOE\u0308@EXEMPLE.FR'; // E and a combining diaeresis
    expect(composed).not.toBe(decomposed.toLowerCase());
    expect(emailKey(decomposed)).toBe(emailKey(composed));
    expect(emailKey('jo@zoe\u0301.fr')).toBe(emailKey('JO@ZOÉ.FR'));
  });

  it('reads nothing else into an address: dots, tags and accents tell addresses apart', () => {
    expect(emailKey('j.dupont@x.fr')).not.toBe(emailKey('jdupont@x.fr'));
    expect(emailKey('jo+race@x.fr')).not.toBe(emailKey('jo@x.fr'));
    expect(emailKey('zoe@x.fr')).not.toBe(emailKey('zoë@x.fr'));
  });

  it("gives '' for no address", () => {
    expect(emailKey(null)).toBe('');
    expect(emailKey(undefined)).toBe('');
    expect(emailKey('   ')).toBe('');
  });

  it('gives one family one address: each member is told apart by personKey, not by it', () => {
    const family = ['Famille.Morin@example.com', ' famille.morin@EXAMPLE.com'];
    expect(new Set(family.map(emailKey)).size).toBe(1);
    expect(personKey('Hugo', 'Morin')).not.toBe(personKey('Léa', 'Morin'));
  });
});

describe('lettersKey: names of events and places', () => {
  it('keeps letters and digits alone, folded', () => {
    expect(lettersKey("Trail de l'Œil-de-Bœuf")).toBe('traildeloeildeboeuf');
    expect(lettersKey('Kilomètre vertical 1000')).toBe('kilometrevertical1000');
    expect(lettersKey('Straße des Lacs')).toBe(lettersKey('STRASSE DES LACS'));
    expect(lettersKey(null)).toBe('');
  });
});
