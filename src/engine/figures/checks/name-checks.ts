import { lettersKey } from '@/lib/text-keys';
import { GIVEN_NAMES } from './given-names';

/** The name checks one registration's first and last name can fail on their own. */
export type NameCheck = 'name-test' | 'name-swapped' | 'name-symbols' | 'name-case' | 'name-spaces';

/**
 * Words people type to try a form: a name made of one of them (digits aside: "Test2") is a test
 * entry. Keyboard runs and one letter repeated ("aaa", "xxxx") count too.
 */
const TEST_WORDS = new Set([
  'test',
  'tests',
  'testing',
  'tester',
  'essai',
  'essais',
  'asdf',
  'asdfgh',
  'qwerty',
  'azerty',
  'qsdf',
  'dummy',
  'fake',
  'foo',
  'foobar',
  'lorem',
  'ipsum',
  'sample',
  'exemple',
  'example',
]);
const ONE_LETTER_REPEATED = /^(\p{L})\1{2,}$/u;

/** Whether a name (as lettersKey reads it, digits dropped) is a word typed to try a form. */
function isTestWord(name: string): boolean {
  const letters = name.replace(/\d/g, '');
  return TEST_WORDS.has(letters) || ONE_LETTER_REPEATED.test(letters);
}

/**
 * Characters a name holds beside its letters and marks: spaces, apostrophes, hyphens and dots
 * ("Jean-Marie", "D'Amour", "St. John"). Anything else (a digit, "@", "_", "/", "?") is stray.
 */
const STRAY = /[^\p{L}\p{M}\s'’.\-‐]/u;
const CASED = /\p{Lu}|\p{Ll}/u;

/** What one name part (a first or a last name, as sent) says on its own. */
export interface NamePart {
  /** As lettersKey reads it: folded, letters and digits only. */
  readonly key: string;
  readonly test: boolean;
  readonly given: boolean;
  readonly stray: boolean;
  /** Has a letter of a cased script, and every such letter is a capital (or lower case). */
  readonly upper: boolean;
  readonly lower: boolean;
  readonly padded: boolean;
}

export function namePart(sent: string): NamePart {
  const key = lettersKey(sent);
  const cased = CASED.test(sent);
  return {
    key,
    test: key !== '' && isTestWord(key),
    given: GIVEN_NAMES.has(key),
    stray: STRAY.test(sent),
    upper: cased && sent === sent.toUpperCase(),
    lower: cased && sent === sent.toLowerCase(),
    padded: sent !== sent.trim(),
  };
}

/**
 * The checks a registration's name fails, each once, in the order of NameCheck, from what its
 * two parts say (namePart). A name with a part missing is checked on what is there; a name
 * with no letter of a cased script (Chinese, Arabic) is never "in capitals".
 */
export function nameProblems(first: NamePart, last: NamePart): NameCheck[] {
  const problems: NameCheck[] = [];
  if (first.test || last.test) problems.push('name-test');
  else if (last.given && first.key !== '' && !first.given) problems.push('name-swapped');
  if (first.stray || last.stray) problems.push('name-symbols');
  if (wholeNameInOneCase(first, last)) problems.push('name-case');
  if (first.padded || last.padded) problems.push('name-spaces');
  return problems;
}

/**
 * "JEAN DUPONT" or "jean dupont": the whole name in one case. A surname alone in capitals
 * ("Jean DUPONT") is how French forms are often filled, not a mistake. Names of fewer than four
 * letters in all ("J D", "Li") prove nothing.
 */
function wholeNameInOneCase(first: NamePart, last: NamePart): boolean {
  if (first.key.length + last.key.length < 4) return false;
  const present = [first, last].filter((part) => part.key !== '');
  return present.every((part) => part.upper) || present.every((part) => part.lower);
}
