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
});
