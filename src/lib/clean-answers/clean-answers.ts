import { answerKey } from '../text-keys';
import { GARMENT_SIZES, readGarmentSize } from './garment-sizes';
import { YES_NO, readYesNo } from './yes-no';

/**
 * Clean answers: the one place that decides what a participant's answer means. A question whose
 * answers are garment sizes or yes/no gets that vocabulary, and each answer is counted, filtered
 * and exported under its clean value ("XL" for "xl ", "TG", "Extra large"). An answer the
 * vocabulary cannot read keeps its own folded form (answerKey), so it is counted and listed on
 * its own, never dropped and never guessed. Any other question keeps its own distinct answers.
 */

export const VOCABULARIES = {
  SIZE: { values: GARMENT_SIZES, read: readGarmentSize },
  YESNO: { values: YES_NO, read: readYesNo },
} as const satisfies Record<string, Vocabulary>;

interface Vocabulary {
  /** The clean values, in the order they are listed. */
  readonly values: readonly string[];
  /** The clean value an answer names, or null when it names none or several. */
  readonly read: (raw: string) => string | null;
}

export type VocabularyId = keyof typeof VOCABULARIES;
export const VOCABULARY_IDS = Object.keys(VOCABULARIES) as VocabularyId[];

/** How a question's answers are read: by a vocabulary, or as they were typed (null). */
export type QuestionReading = VocabularyId | null;

/**
 * The key of a clean value: "=SIZE:XL". answerKey folds to lower case, so no typed answer ever
 * has a key of this form: a clean key and a folded answer cannot be mistaken for each other.
 */
export function cleanKey(vocabulary: VocabularyId, value: string): string {
  return `=${vocabulary}:${value}`;
}

const CLEAN_KEY = /^=([A-Z]+):([A-Z0-9]+)$/;

/** The vocabulary and value of a clean key, or null for a folded answer or anything else. */
export function parseCleanKey(key: string): { vocabulary: VocabularyId; value: string } | null {
  const match = CLEAN_KEY.exec(key);
  if (!match) return null;
  const vocabulary = VOCABULARY_IDS.find((id) => id === match[1]);
  if (!vocabulary) return null;
  const value = match[2]!;
  return (VOCABULARIES[vocabulary].values as readonly string[]).includes(value)
    ? { vocabulary, value }
    : null;
}

/**
 * The key an answer is counted under: its clean key when the reading knows it, its folded form
 * otherwise, '' for no answer.
 */
function readAnswerKey(
  raw: string,
  reading: QuestionReading,
  fold: (text: string) => string = answerKey,
): string {
  const key = fold(raw);
  if (key === '' || !reading) return key;
  const value = VOCABULARIES[reading].read(raw);
  return value === null ? key : cleanKey(reading, value);
}

/**
 * readAnswerKey remembered per original text: the same few answers come back thousands of
 * times. One keyer per computation, so nothing outlives it. `fold` is answerKey, or a
 * computation's own remembered answerKey (a question read as typed then costs nothing more).
 */
export function answerKeyer(
  reading: QuestionReading,
  fold: (text: string) => string = answerKey,
): (raw: string) => string {
  if (!reading) return fold;
  const cache = new Map<string, string>();
  return (raw) => {
    let key = cache.get(raw);
    if (key === undefined) {
      key = readAnswerKey(raw, reading, fold);
      cache.set(raw, key);
    }
    return key;
  };
}

/** Words in a question that say its answers are sizes: "Taille du t-shirt", "T-shirt size". */
const SIZE_QUESTION = /\b(taille|size|t-?shirt|tee-?shirt|maillot|jersey)\b/;

/** From this many answers on, how much they repeat tells free text apart (see questionReading). */
const FREE_TEXT_FROM = 200;
/** The share of answers a vocabulary must read to be the question's. */
const READ_SHARE = 0.8;
/** ...or, when the question itself asks for a size, this share. */
const READ_SHARE_ASKED = 0.5;

/**
 * How a question's answers are read, decided from the question's text and its distinct answers
 * with their counts: the first vocabulary that reads most of them, or null (as typed).
 */
export function questionReading(
  questionTexts: readonly (string | null | undefined)[],
  answers: readonly { readonly text: string; readonly count: number }[],
): QuestionReading {
  const answered = answers.reduce((sum, answer) => sum + answer.count, 0);
  if (answered === 0) return null;
  // A vocabulary has few values, so its answers repeat: from a few hundred answers on, one
  // distinct answer for every two is free text (names, numbers), ruled out without reading it.
  if (answered >= FREE_TEXT_FROM && answers.length * 2 > answered) return null;
  const asksSize = questionTexts.some((text) => text && SIZE_QUESTION.test(answerKey(text)));
  for (const id of VOCABULARY_IDS) {
    const { read } = VOCABULARIES[id];
    const share = id === 'SIZE' && asksSize ? READ_SHARE_ASKED : READ_SHARE;
    // Free text (names, phone numbers) is given up on as soon as too much of it is unread.
    const unreadAllowed = answered - answered * share;
    let unread = 0;
    const values = new Set<string>();
    for (const answer of answers) {
      const value = read(answer.text);
      if (value !== null) values.add(value);
      else if ((unread += answer.count) > unreadAllowed) break;
    }
    // One value alone is not a vocabulary: a question everyone answered "M" to is not told apart.
    if (values.size >= 2 && unread <= unreadAllowed) return id;
  }
  return null;
}

/** Where a clean key stands in its vocabulary's order; folded answers come after, by -1. */
export function cleanOrder(key: string): number {
  const clean = parseCleanKey(key);
  return clean ? (VOCABULARIES[clean.vocabulary].values as readonly string[]).indexOf(clean.value) : -1;
}
