import fc from 'fast-check';
import {
  answerKey,
  fileNamePart,
  foldText,
  isBlankAnswer,
  initialOf,
  matchesTerms,
  narrowsSearch,
  phoneKeys,
  searchKey,
  searchTerms,
  sortKey,
} from './text-keys';

describe('the search key', () => {
  it('ignores accents and case', () => {
    expect(searchKey('Évian-les-Bains')).toBe('evian-les-bains');
    expect(searchKey('ZOË Ångström Çà')).toBe('zoe angstrom ca');
  });

  it('unfolds ligatures and special letters', () => {
    expect(searchKey('Œuvre Straße Søren Łódź')).toBe('oeuvre strasse soren lodz');
    expect(searchKey('CŒUR ÆSIR Þór Ðorđe ﬁnale')).toBe('coeur aesir thor dorde finale');
  });

  it('reads brackets and any whitespace as one space, and joins digits across them', () => {
    expect(searchKey('Émilie DUPONT-Lajoie')).toBe('emilie dupont-lajoie');
    expect(searchKey('(418) 555-0123')).toBe('4185550123');
    expect(searchKey('Jean\tDUPONT\n(CA Genève)')).toBe('jean dupont ca geneve');
    expect(searchTerms('  Jean   DUPONT ')).toEqual(['jean', 'dupont']);
    expect(searchTerms('(418) 555')).toEqual(['418555']);
  });

  it("finds typographic dashes, apostrophes and quotes by the keyboard's", () => {
    const haystack = searchKey('O’Brien · Marie Dupont – 06 12 34 56 78 · « le “Lac” »');
    for (const query of ["o'brien", 'dupont - 06', '"lac"', 'O’Brien', 'dupont — 0612'])
      expect(matchesTerms(haystack, searchTerms(query)), query).toBe(true);
    expect(searchKey('10–12 km')).toBe('1012 km');
  });

  it('keeps every character of a text it has no fold for, however long', () => {
    const long = `${'é'.repeat(20_000)}–${'ü'.repeat(5)}`;
    expect(searchKey(long)).toBe(`${'e'.repeat(20_000)}-${'u'.repeat(5)}`);
    expect(foldText(`Œ ${'à'.repeat(9_000)}`)).toBe(`oe ${'a'.repeat(9_000)}`);
  });

  it('leaves non-Latin scripts searchable', () => {
    const haystack = searchKey('Алексей 王芳');
    expect(matchesTerms(haystack, searchTerms('алексей'))).toBe(true);
    expect(matchesTerms(haystack, searchTerms('王芳'))).toBe(true);
  });

  it('matches when every word of the query is found, in any order', () => {
    const haystack = searchKey('Marathon du Lac Léman · Genève');
    expect(matchesTerms(haystack, searchTerms('geneve marathon'))).toBe(true);
    expect(matchesTerms(haystack, searchTerms('  LEMAN '))).toBe(true);
    expect(matchesTerms(haystack, searchTerms('geneve trail'))).toBe(false);
    expect(matchesTerms(haystack, searchTerms(''))).toBe(true);
  });

  it('finds a phone number however its digits are spaced or punctuated', () => {
    const haystack = searchKey('06 12 34 56 78 · +33 (0)6.12.34.56.79 · 01-23-45-67-89');
    for (const query of [
      '0612345678',
      '06 12 34 56 78',
      '06.12.34.56.78',
      '12 34',
      '6.12.34.56.79',
      '0123456789',
    ])
      expect(matchesTerms(haystack, searchTerms(query)), query).toBe(true);
    expect(matchesTerms(haystack, searchTerms('0612345677'))).toBe(false);
    // Letters stay apart from numbers: "10 km" is still two words.
    expect(searchTerms('10 km')).toEqual(['10', 'km']);
  });

  it('reads a number being typed without the separator after its last digit, so it never finds less for a keystroke', () => {
    const haystack = searchKey('06 12 34 56 78');
    for (const typed of ['06', '06.', '06.1', '06.12-', '06.12-3'])
      expect(matchesTerms(haystack, searchTerms(typed)), typed).toBe(true);
    expect(searchTerms('0.')).toEqual(['0']);
    // Also after a space or a bracket: the next digit joins across both ("6).0" is "60").
    for (const typed of ['6).', '6 -', '6 . /', '0-).'])
      expect(matchesTerms(searchKey('60'), searchTerms(typed)), typed).toBe(true);
    expect(searchTerms('6 -x')).toEqual(['6', '-x']);
    // Only after a digit: a word that is only punctuation, or ends a word of letters, stays.
    expect(searchTerms('km.')).toEqual(['km.']);
  });

  it('a query typed further finds a subset of what it found (the table narrows on that)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '6', '1', ' ', '.', '-', '(', ')', 'a') }),
        fc.string({ unit: fc.constantFrom('0', '6', '1', ' ', '.', '-', '(', ')', 'a') }),
        fc.string({ unit: fc.constantFrom('0', '6', '1', ' ', '.', '-', 'a', 'b') }),
        (typed, more, text) => {
          const haystack = searchKey(text);
          const before = searchTerms(typed);
          const after = searchTerms(typed + more);
          if (matchesTerms(haystack, after)) expect(matchesTerms(haystack, before)).toBe(true);
          // The searches narrow from the previous answer only when this holds.
          if (narrowsSearch(before, after) && matchesTerms(haystack, after))
            expect(matchesTerms(haystack, before)).toBe(true);
        },
      ),
    );
  });
});

describe('a blank answer', () => {
  it('is exactly one whose answer key is empty, whatever its script, marks or spaces', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom(
              ' ',
              '\t',
              '\n',
              '\u00a0',
              '\u3000',
              '\u0301',
              '\u037a',
              '\u00b4',
              'a',
              '.',
              'É',
              '李',
            ),
            fc.string({ unit: 'grapheme', maxLength: 1 }),
          ),
        }),
        (text) => {
          expect(isBlankAnswer(text)).toBe(answerKey(text) === '');
        },
      ),
      { numRuns: 2000 },
    );
    // A Greek letter that folds to a space and a mark: blank, though it is a letter.
    expect(isBlankAnswer('\u037a ')).toBe(true);
    expect(isBlankAnswer(' \u00a0\n')).toBe(true);
    expect(isBlankAnswer(' É ')).toBe(false);
  });
});

describe('phone numbers in answers', () => {
  it('are found in both forms, national and international', () => {
    expect(phoneKeys('Marie Dupont – 06 12 34 56 78')).toEqual(['0612345678']);
    expect(phoneKeys('+41 79 123 45 67')).toEqual(['+41791234567', '0791234567']);
    expect(phoneKeys('+33 (0)6 12 34 56 78')).toEqual(['+330612345678', '+33612345678', '0612345678']);
    expect(phoneKeys('(418) 555-0142')).toEqual(['4185550142']);
    // A size, a short number or a club is no phone.
    expect(phoneKeys('XL')).toEqual([]);
    expect(phoneKeys('10 km')).toEqual([]);
    expect(phoneKeys('CA Genève')).toEqual([]);
  });
});

describe('the other keys fold as the search does', () => {
  const names = ['Élodie', 'Œuvray', 'Ærø', 'Straße', 'Þór', 'Ðorđe', 'Łódź', 'ﬁnale', 'Zoë D’Amour'];

  it('answers are counted together under the search fold, without joining digits', () => {
    expect(answerKey('  Genève ')).toBe(answerKey('GENEVE'));
    expect(answerKey('Taille  unique')).toBe('taille unique');
    expect(answerKey('06 12 34')).toBe('06 12 34');
    for (const name of names) expect(answerKey(name)).toBe(foldText(name));
  });

  it('files a name under the initial of its folded first letter, Œ and Æ included', () => {
    expect(
      ['Élodie', 'œuvray', "'t Hooft", "D'Amour", '  ßmith', 'Ærø', 'Þór', 'Ðorđe'].map(initialOf),
    ).toEqual(['E', 'O', 'T', 'D', 'S', 'A', 'T', 'D']);
    expect(['李', 'Иванов', '', '---'].map(initialOf)).toEqual([null, null, null, null]);
    for (const name of names) expect(initialOf(name)).toBe(foldText(name).charAt(0).toUpperCase());
  });

  it('names files with the same letters the search reads', () => {
    expect(fileNamePart('Cœur du Léman – Œnologie 2026')).toBe('coeur-du-leman-oenologie-2026');
    expect(fileNamePart('Straße der Þór')).toBe('strasse-der-thor');
    expect(fileNamePart('王芳')).toBe('');
  });

  it('sorts by the folded text, spacing made single', () => {
    expect(sortKey('  Éric   Durand ')).toBe('eric durand');
    expect(sortKey('Œuvre') < sortKey('Olivier')).toBe(true);
  });
});
