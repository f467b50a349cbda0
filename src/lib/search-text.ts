/**
 * Search that ignores case and accents: "evian" finds "Évian", "oeuvre" finds "Œuvre",
 * "strasse" finds "Straße". Used by the events list and the registrations table, so both
 * screens agree on what matches.
 */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };
const LIGATURE_PATTERN = /[œæßøđłı]/g;

/** Spaces, dots, dashes and slashes between two digits: "06 12 34 56 78", "06.12.34", "1 000". */
const BETWEEN_DIGITS = /(?<=\d)[ .\-/]+(?=\d)/g;

/**
 * Folds case, accents and ligatures, and joins digits across the spaces and punctuation people
 * type between them, so "0612345678" finds "06 12 34 56 78" and "06.12.34.56.78" (and the
 * other way round). Both the text searched and the query go through it. Joining only makes
 * words longer, so a query typed further still finds a subset of what it found before.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(LIGATURE_PATTERN, (char) => LIGATURES[char] ?? char)
    .replace(BETWEEN_DIGITS, '');
}

/** The query's words, normalized; an empty query has none and matches everything. */
export function searchTerms(query: string): string[] {
  return normalizeForSearch(query)
    .split(/\s+/)
    .map((term) => term.replace(SEPARATOR_BEING_TYPED, ''))
    .filter(Boolean);
}

/**
 * A dot, dash or slash typed after a digit at the end of a word: "06." on the way to "06.12".
 * The next digit will join across it, so until it comes the word is read without it; kept, it
 * would find nothing for one keystroke ("06." is in no normalized text) and then find again.
 */
const SEPARATOR_BEING_TYPED = /(?<=\d)[.\-/]+$/;

/** True when every term appears somewhere in the already-normalized haystack. */
export function matchesTerms(normalizedHaystack: string, terms: readonly string[]): boolean {
  return terms.every((term) => normalizedHaystack.includes(term));
}
