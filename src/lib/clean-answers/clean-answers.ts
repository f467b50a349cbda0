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
 * The promoter's corrections to how one question's answers are read: an answer's folded key
 * (answerKey) and the clean value it means, a value of the question's vocabulary ("M" for
 * "m/l"), or '' for "none of them: count it as typed". They win over the vocabulary's reading.
 */
export type AnswerCorrections = Readonly<Record<string, string>>;
/** An event's corrections, per question (its que_id as a string). */
export type EventCorrections = Readonly<Record<string, AnswerCorrections>>;

/** No correction: every answer read as its vocabulary reads it. */
export const NO_CORRECTIONS: EventCorrections = Object.freeze({});

/** The key of a correction that keeps an answer as typed. */
export const AS_TYPED = '';

/**
 * The key an answer is counted under: its clean key when the reading (or the promoter's
 * correction) knows it, its folded form otherwise, '' for no answer.
 */
function readAnswerKey(
  raw: string,
  reading: QuestionReading,
  fold: (text: string) => string,
  corrections: ReadonlyMap<string, string> | null,
): string {
  const key = fold(raw);
  if (key === '' || !reading) return key;
  const corrected = corrections?.get(key);
  if (corrected !== undefined) return corrected === AS_TYPED ? key : cleanKey(reading, corrected);
  const value = VOCABULARIES[reading].read(raw);
  return value === null ? key : cleanKey(reading, value);
}

/** The corrections that name a value of the vocabulary, or keep an answer as typed. */
function usableCorrections(
  reading: VocabularyId,
  corrections: AnswerCorrections | undefined,
): ReadonlyMap<string, string> | null {
  if (!corrections) return null;
  const values = VOCABULARIES[reading].values as readonly string[];
  const usable = Object.entries(corrections).filter(
    ([key, value]) => key !== '' && (value === AS_TYPED || values.includes(value)),
  );
  return usable.length > 0 ? new Map(usable) : null;
}

/**
 * readAnswerKey remembered per original text: the same few answers come back thousands of
 * times. One keyer per computation, so nothing outlives it. `fold` is answerKey, or a
 * computation's own remembered answerKey (a question read as typed then costs nothing more).
 * Corrections apply only to a question read with a vocabulary.
 */
export function answerKeyer(
  reading: QuestionReading,
  fold: (text: string) => string = answerKey,
  corrections?: AnswerCorrections,
): (raw: string) => string {
  if (!reading) return fold;
  const usable = usableCorrections(reading, corrections);
  const cache = new Map<string, string>();
  return (raw) => {
    let key = cache.get(raw);
    if (key === undefined) {
      key = readAnswerKey(raw, reading, fold, usable);
      cache.set(raw, key);
    }
    return key;
  };
}

/** At most this many questions, and answers per question, are kept corrected. */
const MAX_CORRECTED_QUESTIONS = 200;
const MAX_CORRECTIONS = 2_000;
const MAX_KEY_LENGTH = 300;

/** An event's corrections in whatever was read back (storage, a message), or none. Never throws. */
export function parseEventCorrections(value: unknown): EventCorrections {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const questions = Object.entries(value).filter(([queId]) => /^\d{1,15}$/.test(queId));
  const parsed: Record<string, AnswerCorrections> = {};
  for (const [queId, corrections] of questions.slice(0, MAX_CORRECTED_QUESTIONS)) {
    if (typeof corrections !== 'object' || corrections === null || Array.isArray(corrections)) continue;
    const kept = Object.entries(corrections as Record<string, unknown>)
      .filter(
        (entry): entry is [string, string] =>
          entry[0] !== '' &&
          entry[0].length <= MAX_KEY_LENGTH &&
          typeof entry[1] === 'string' &&
          /^[A-Z0-9]{0,8}$/.test(entry[1]),
      )
      .slice(0, MAX_CORRECTIONS);
    if (kept.length > 0) parsed[queId] = Object.fromEntries(kept);
  }
  return parsed;
}

/** Words in a question that say its answers are sizes: "Taille du t-shirt", "T-shirt size". */
const SIZE_QUESTION = /\b(taille|size|t-?shirt|tee-?shirt|maillot|jersey)\b/;

/**
 * More distinct answers (folded) than any vocabulary's spellings: free text, whatever else it
 * holds. A computation that only wants the questions read may stop counting one past this.
 */
export const MAX_VOCABULARY_SPELLINGS = 1_000;
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
  if (answers.length > MAX_VOCABULARY_SPELLINGS) return null;
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
