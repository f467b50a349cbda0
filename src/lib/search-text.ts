/**
 * Search that ignores case and accents: "evian" finds "Évian", "oeuvre" finds "Œuvre",
 * "strasse" finds "Straße". Used by the events list and the registrations table, so both
 * screens agree on what matches.
 */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };
const LIGATURE_PATTERN = /[œæßøđłı]/g;

export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(LIGATURE_PATTERN, (char) => LIGATURES[char] ?? char);
}

/** The query's words, normalized; an empty query has none and matches everything. */
export function searchTerms(query: string): string[] {
  return normalizeForSearch(query).split(/\s+/).filter(Boolean);
}

/** True when every term appears somewhere in the already-normalized haystack. */
export function matchesTerms(normalizedHaystack: string, terms: readonly string[]): boolean {
  return terms.every((term) => normalizedHaystack.includes(term));
}
