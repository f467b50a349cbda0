import fc from 'fast-check';
import { matchesTerms, normalizeForSearch, searchTerms } from './search-text';

describe('search normalisation', () => {
  it('ignores accents and case', () => {
    expect(normalizeForSearch('Évian-les-Bains')).toBe('evian-les-bains');
    expect(normalizeForSearch('ZOË Ångström Çà')).toBe('zoe angstrom ca');
  });

  it('unfolds ligatures and special letters', () => {
    expect(normalizeForSearch('Œuvre Straße Søren Łódź')).toBe('oeuvre strasse soren lodz');
  });

  it('leaves non-Latin scripts searchable', () => {
    const haystack = normalizeForSearch('Алексей 王芳');
    expect(matchesTerms(haystack, searchTerms('алексей'))).toBe(true);
    expect(matchesTerms(haystack, searchTerms('王芳'))).toBe(true);
  });

  it('matches when every word of the query is found, in any order', () => {
    const haystack = normalizeForSearch('Marathon du Lac Léman · Genève');
    expect(matchesTerms(haystack, searchTerms('geneve marathon'))).toBe(true);
    expect(matchesTerms(haystack, searchTerms('  LEMAN '))).toBe(true);
    expect(matchesTerms(haystack, searchTerms('geneve trail'))).toBe(false);
    expect(matchesTerms(haystack, searchTerms(''))).toBe(true);
  });

  it('finds a phone number however its digits are spaced or punctuated', () => {
    const haystack = normalizeForSearch('06 12 34 56 78 · +33 (0)6.12.34.56.79 · 01-23-45-67-89');
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
    const haystack = normalizeForSearch('06 12 34 56 78');
    for (const typed of ['06', '06.', '06.1', '06.12-', '06.12-3'])
      expect(matchesTerms(haystack, searchTerms(typed)), typed).toBe(true);
    expect(searchTerms('0.')).toEqual(['0']);
    // Only after a digit: a word that is only punctuation, or ends a word of letters, stays.
    expect(searchTerms('km.')).toEqual(['km.']);
  });

  it('a query typed further finds a subset of what it found (the table narrows on that)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '6', '1', ' ', '.', '-', 'a') }),
        fc.string({ unit: fc.constantFrom('0', '6', '1', ' ', '.', '-', 'a') }),
        fc.string({ unit: fc.constantFrom('0', '6', '1', ' ', '.', '-', 'a', 'b') }),
        (typed, more, text) => {
          const haystack = normalizeForSearch(text);
          if (matchesTerms(haystack, searchTerms(typed + more)))
            expect(matchesTerms(haystack, searchTerms(typed))).toBe(true);
        },
      ),
    );
  });
});
