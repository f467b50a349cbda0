import { normalizeForSearch } from '@/lib/search-text';

/**
 * The one normalization of the search across events, for the rows indexed and for the query
 * alike: the registrations table's (lib/search-text: case, accents and ligatures folded, the
 * spaces, dots, dashes and slashes between digits dropped), with brackets read as spaces, so
 * "(418) 555-0123" is typed and found as "4185550123", and any whitespace (a line break or tab
 * typed in a field) read as a space: the index separates rows and fields with those two.
 */
export function searchKey(text: string): string {
  const spaced = text.replace(/[()\s]/g, ' ');
  // Most names, addresses and order numbers are plain ASCII without digit groups: lower case
  // is all they need, and it is several times faster over 500,000 rows.
  const key =
    PLAIN.test(spaced) && !DIGIT_GROUP.test(spaced) ? spaced.toLowerCase() : normalizeForSearch(spaced);
  return key.trim();
}

const PLAIN = /^[\x20-\x7e]*$/;
const DIGIT_GROUP = /\d[ .\-/]+\d/;

/**
 * The query's words, each as searchKey makes it; whitespace separates them. A dot, dash or
 * slash after a last digit is dropped: "ORD-2026-" being typed is looked for as "ord-2026", as
 * the digits that follow will be joined to it.
 */
export function queryTerms(query: string): string[] {
  return searchKey(query)
    .split(/\s+/)
    .map((term) => term.replace(/(?<=\d)[.\-/]+$/, ''))
    .filter(Boolean);
}

/** A run of digits with the usual phone punctuation: "+41 79 123 45 67", "(418) 555-0123". */
const PHONE_RUN = /\+?[\d(][\d\s().\-/]{4,}\d/g;
/** Countries whose national numbers start with a 0 the international form drops. */
const TRUNK_ZERO = /^\+(33|32|41|43|44|49|31|352)(0?)(\d{6,})$/;

/**
 * The phone numbers in an answer (an emergency contact "Marie Dupont – 06 12 34 56 78", a
 * phone question), as keys: the digits as written (with a leading + kept), and for the
 * countries above the national form too, so "0612345678" finds "+33 6 12 34 56 78" and
 * "079 123 45 67" finds "+41 79 123 45 67". A run of fewer than 6 digits is not a phone.
 */
export function phoneKeys(answer: string): string[] {
  if (!/\d/.test(answer)) return [];
  const keys: string[] = [];
  for (const match of answer.match(PHONE_RUN) ?? []) {
    const key = searchKey(match).replace(/\s+/g, '');
    if (key.replace(/\D/g, '').length < 6) continue;
    const trunk = TRUNK_ZERO.exec(key);
    if (!trunk) keys.push(key);
    // "+33 (0)6 12…" is written with the national 0 in brackets: both forms, without it.
    else keys.push(`+${trunk[1]}${trunk[3]}`, `0${trunk[3]}`);
  }
  return keys;
}
