/**
 * The one place where text is folded for comparison. Every screen that searches, sorts, files
 * names by initial, names a file, counts answers together or decides that two registrations
 * are the same person or the same address takes its key from here, so the same text means the
 * same thing everywhere.
 *
 * The base fold (foldText) ignores case, accents and ligatures: "evian" is "Évian", "oeuvre" is
 * "Œuvre", "strasse" is "Straße". Each key below is that fold plus what its use needs.
 */

/** Letters that compatibility decomposition leaves whole: ligatures and letters of their own. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};
const FOLDED_LETTER = /[œæßøđðłıþ]/g;
const COMBINING_MARKS = /\p{M}/gu;

/** Printable ASCII: most names, addresses and numbers; lower case is all they need. */
const PLAIN = /^[\x20-\x7e]*$/;

/** Case, accents and ligatures folded: "Zoë CŒUR" -> "zoe coeur". Nothing else changes. */
export function foldText(text: string): string {
  if (PLAIN.test(text)) return text.toLowerCase();
  return oneBytePerCharacter(
    text
      .normalize('NFKD')
      .replace(COMBINING_MARKS, '')
      .toLowerCase()
      .replace(FOLDED_LETTER, (char) => LETTER_FOLDS[char] ?? char),
  );
}

/** A character Latin-1 does not hold: a string with one takes two bytes a character. */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;
/** Characters copied per call of String.fromCharCode: well under any engine's argument limit. */
const COPY_CHUNK = 8_192;

/**
 * The same text, stored at one byte a character when every character fits in one. JavaScript
 * engines keep a string made from a two-byte one (an accent decomposed and dropped, a dash
 * replaced) at two bytes a character even once all its characters fit in one, and a single
 * such part makes a joined text two-byte too. Folded keys are kept per row (the table's search
 * text, the search across events' index), so this halves what they hold.
 */
function oneBytePerCharacter(text: string): string {
  if (BEYOND_LATIN1.test(text)) return text;
  let copy = '';
  for (let start = 0; start < text.length; start += COPY_CHUNK) {
    const end = Math.min(text.length, start + COPY_CHUNK);
    const codes = new Array<number>(end - start);
    for (let index = start; index < end; index++) codes[index - start] = text.charCodeAt(index);
    copy += String.fromCharCode(...codes);
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Search

/** Spaces, dots, dashes and slashes between two digits: "06 12 34 56 78", "06.12.34", "1 000". */
const DIGIT_GROUP = /(?<=\d)[ .\-/]+(?=\d)/g;
/** Brackets and any whitespace (a line break or tab typed in a field) read as one space. */
const SPACING = /[()\s]+/g;

/**
 * The form in which text is searched, for the text searched and the query alike: folded, with
 * brackets and whitespace read as spaces and digits joined across the spaces and punctuation
 * people type between them, so "0612345678" finds "06 12 34 56 78" and "06.12.34.56.78", and
 * "4185550123" finds "(418) 555-0123". Joining only makes words longer, so a query typed
 * further still finds a subset of what it found before.
 */
export function searchKey(text: string): string {
  // Most cells are plain ASCII words with single spaces: lower case is all they need.
  if (PLAIN.test(text) && !PLAIN_SPACING.test(text) && !HAS_DIGIT_GROUP.test(text)) return text.toLowerCase();
  const typographic = TYPOGRAPHIC_PUNCTUATION.test(text);
  const plainPunctuation = typographic
    ? text.replace(TYPOGRAPHIC_PUNCTUATIONS, (char) => PUNCTUATION_FOLDS[char] ?? char)
    : text;
  const key = foldText(plainPunctuation).replace(SPACING, ' ').replace(DIGIT_GROUP, '').trim();
  // foldText copies what it folds to one byte a character; text that was plain once its
  // punctuation was replaced took its shortcut (lower case only) and is still two-byte.
  return typographic && PLAIN.test(plainPunctuation) ? oneBytePerCharacter(key) : key;
}

/**
 * Typographic dashes, apostrophes and quotes are searched as the keyboard's: "o'brien" finds
 * "O’Brien", and "06-12" finds "06–12". Word processors and phones put them in names and
 * answers ("Marie Dupont – 06 12 34 56 78"); nobody types them in a search box.
 */
const PUNCTUATION_FOLDS: Readonly<Record<string, string>> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  '\u201c': '"',
  '\u201d': '"',
};
const TYPOGRAPHIC_PUNCTUATIONS = /[\u2010-\u2015\u2212\u2018\u2019\u02bc\u201c\u201d]/g;
/** TYPOGRAPHIC_PUNCTUATIONS as a test (a global pattern keeps its place between calls). */
const TYPOGRAPHIC_PUNCTUATION = new RegExp(TYPOGRAPHIC_PUNCTUATIONS.source);

/** Spacing searchKey changes in plain ASCII text: brackets, runs of spaces, spaces at the ends. */
const PLAIN_SPACING = /[()]| {2}|^ | $/;
/** DIGIT_GROUP as a test (a global pattern keeps its place between calls). */
const HAS_DIGIT_GROUP = new RegExp(DIGIT_GROUP.source);

/**
 * A dot, dash or slash typed after a digit at the end of a word: "06." on the way to "06.12".
 * The next digit will join across it, so until it comes the word is read without it; kept, it
 * would find nothing for one keystroke and then find again.
 */
const SEPARATOR_BEING_TYPED = /(?<=\d)[.\-/]+$/;
/**
 * The same at the end of the query, spaces and brackets among them: "6)." or "6 -" on the way
 * to "6).0" or "6 -0", which the next digit joins into one number ("60").
 */
const SEPARATORS_BEING_TYPED_AT_END = /(?<=\d)[ .\-/]+$/;

/** The query's words, each as searchKey makes it; an empty query has none. */
export function searchTerms(query: string): string[] {
  return searchKey(query)
    .replace(SEPARATORS_BEING_TYPED_AT_END, '')
    .split(' ')
    .map((term) => term.replace(SEPARATOR_BEING_TYPED, ''))
    .filter(Boolean);
}

/** True when every term appears somewhere in text already made by searchKey. No term matches all. */
export function matchesTerms(searchedText: string, terms: readonly string[]): boolean {
  return terms.every((term) => searchedText.includes(term));
}

/**
 * Whether every row `terms` match is among those `earlier` matched: each earlier word is inside
 * a word of the new query ("mar" after "ma", "marie d" after "marie"). Searches narrow on it.
 */
export function narrowsSearch(earlier: readonly string[], terms: readonly string[]): boolean {
  return earlier.every((word) => terms.some((term) => term.includes(word)));
}

/** A run of digits with the usual phone punctuation: "+41 79 123 45 67", "(418) 555-0123". */
const PHONE_RUN = /\+?[\d(][\d\s().\-/]{4,}\d/g;
/** Countries whose national numbers start with a 0 the international form drops. */
const TRUNK_ZERO = /^\+(33|32|41|43|44|49|31|352)(0?)(\d{6,})$/;

/**
 * The phone numbers in an answer (an emergency contact "Marie Dupont – 06 12 34 56 78", a
 * phone question), as search keys: the digits as written (a leading + kept), and for the
 * countries above the international and national forms too, so "0612345678" finds "+33 6 12 34 56 78" and
 * "079 123 45 67" finds "+41 79 123 45 67". A run of fewer than 6 digits is not a phone.
 */
export function phoneKeys(answer: string): string[] {
  if (!/\d/.test(answer)) return [];
  const keys: string[] = [];
  for (const match of answer.match(PHONE_RUN) ?? []) {
    const key = searchKey(match).replace(/ /g, '');
    if (key.replace(/\D/g, '').length < 6) continue;
    keys.push(key);
    const trunk = TRUNK_ZERO.exec(key);
    // "+33 (0)6 12…" is written with the national 0 in brackets: both forms without it too.
    if (trunk)
      for (const form of [`+${trunk[1]}${trunk[3]}`, `0${trunk[3]}`]) if (form !== key) keys.push(form);
  }
  return keys;
}

// ---------------------------------------------------------------------------------------------
// Sorting, counting, filing, naming

/** The form in which text is sorted: folded, its spacing made single. */
export function sortKey(text: string): string {
  return foldText(text).replace(SPACING, ' ').trim();
}

/**
 * The form under which answers are counted together: folded, runs of whitespace made one and
 * trimmed, so "Genève ", "geneve" and "GENÈVE" are one answer. '' means "not answered".
 */
export function answerKey(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim();
}

/** A printable ASCII character other than a space: no fold takes it away. */
const VISIBLE_ASCII = /[\x21-\x7e]/;

/**
 * Whether an answer is "not answered": its answerKey is ''. Folded only when nothing in it
 * settles the question first (an answer of accents, marks or other scripts alone).
 */
export function isBlankAnswer(text: string): boolean {
  return !VISIBLE_ASCII.test(text) && answerKey(text) === '';
}

/**
 * answerKey() remembered per original text: the same few answers ("M", "Facebook") come back
 * thousands of times. One cache per computation, so nothing outlives it.
 */
export function cachedAnswerKey(): (text: string) => string {
  const cache = new Map<string, string>();
  return (text) => {
    let key = cache.get(text);
    if (key === undefined) {
      key = answerKey(text);
      cache.set(text, key);
    }
    return key;
  };
}

/**
 * The initial a name is filed under: its first letter, folded, in capitals ("Élodie" -> "E",
 * "Œuvre" -> "O", "'t Hooft" -> "T", "d'Amour" -> "D"). Leading characters that are not letters
 * are skipped. null when its first letter is not Latin (Chinese, Cyrillic, Arabic, Greek
 * names), or there is none: those go to a section of their own.
 */
export function initialOf(name: string): string | null {
  const first = /\p{L}/u.exec(name)?.[0];
  if (!first) return null;
  const initial = foldText(first).charAt(0).toUpperCase();
  return initial >= 'A' && initial <= 'Z' ? initial : null;
}

/** Lowercase ASCII words joined by single dashes: "Cœur du Léman" -> "coeur-du-leman". */
export function fileNamePart(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

// ---------------------------------------------------------------------------------------------
// The same person, the same address

/**
 * Text compared loosely, by its letters and digits alone: folded, everything else dropped
 * ("Zoë D'Amour" -> "zoedamour"). Names of people and of events are compared this way.
 */
export function lettersKey(text: string | null | undefined): string {
  return foldText(text ?? '').replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The rule for "the same person": two registrations are one person when their person keys are
 * equal and not ''. The key reads the first and last name folded, with only their letters and
 * digits ("Zoë D'Amour" is "Zoe DAmour" and "zoe d-amour"), and:
 * - a person needs both names: a registration with a first or a last name alone has the key ''
 *   and is nobody's namesake;
 * - first and last name swapped are the same person ("Dupont Marie" is "Marie Dupont"), as is
 *   a name split differently between the two fields ("Jean Pierre | Martin" and "Jean | Pierre
 *   Martin"): forms filled in a hurry do both, and two different people whose names are each
 *   other's swap are rarer than one person who typed them the wrong way round.
 * A shared name alone does not make one person: the callers add the e-mail or the order.
 */
export function personKey(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = lettersKey(firstName);
  const last = lettersKey(lastName);
  if (first === '' || last === '') return '';
  const asTyped = first + last;
  const swapped = last + first;
  return asTyped < swapped ? asTyped : swapped;
}

/**
 * The rule for "the same address": trimmed, in one Unicode form, case ignored; '' for none.
 * Nothing else is read into an address ("j.dupont@" and "jdupont@" are two addresses): a
 * provider's own rules differ and a wrong merge would send one person another's mail.
 */
export function emailKey(email: string | null | undefined): string {
  const trimmed = (email ?? '').trim();
  return PLAIN.test(trimmed) ? trimmed.toLowerCase() : trimmed.normalize('NFC').toLowerCase();
}
