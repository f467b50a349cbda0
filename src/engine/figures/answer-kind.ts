import type { AnswerTally } from './question-tally';

/**
 * How a question is shown: as a distribution of choices (t-shirt size, "how did you hear of
 * us") or as free text (club, emergency contact). The API does not say which questions are
 * multiple-choice, so it is decided from the answers themselves.
 *
 * The rule, in short (docs/user-guide.md, "The event page", Answers):
 * - A question is a choice when a few answers that repeat cover 90% of its answers; one whose
 *   answers are mostly unique is free text.
 * - Free text is private: its chart lists an answer only when at least max(3, 1% of those who
 *   answered) people gave it, and never one that looks like contact or identity data (an
 *   e-mail address, or six digits or more: a phone, licence or birth date), however often it
 *   was given. The rest is counted, never shown. When nothing qualifies, the overview says
 *   how many answered and did not, and where each answer is (the registration's details).
 */
export type QuestionKind = 'choice' | 'free-text';

/** At most this many choices are listed; a longer list is not read as a set of choices. */
const MAX_CHOICES = 12;
/** A choice is an answer given at least twice and by at least 1% of those who answered. */
const MIN_CHOICE_SHARE = 0.01;
/** The listed choices must cover this share of the answers; the rest is a rare "other". */
const MIN_COVERAGE = 0.9;
/** A free-text answer is listed only if at least this many people gave it... */
const MIN_FREE_TEXT_COUNT = 3;
/** ...and at least this share of those who answered. */
const MIN_FREE_TEXT_SHARE = 0.01;

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const DIGIT = /\d/g;

/**
 * An answer that reads as one person's contact or identity detail: an e-mail address, or six
 * digits or more in all (phone numbers however spaced, licence numbers, dates of birth,
 * postcodes with a street number). Such an answer is never a choice nor a listed answer.
 */
export function looksPersonal(text: string): boolean {
  return EMAIL.test(text) || (text.match(DIGIT)?.length ?? 0) >= 6;
}

/** How many people must have given a free-text answer for it to be listed. */
export function freeTextMinCount(answered: number): number {
  return Math.max(MIN_FREE_TEXT_COUNT, Math.ceil(answered * MIN_FREE_TEXT_SHARE));
}

/**
 * The answers to list as choices, or null when the question reads as free text.
 *
 * A choice question has a few answers that repeat: keep the answers given at least twice and
 * by at least 1% of respondents (at most {@link MAX_CHOICES}); if they cover 90% of the
 * answers, the question is choice-like and the remaining rare answers (a typo, a stray
 * "N/A") are shown together as "other". Free text repeats little, so its frequent answers
 * cover far less (a club name list next to thousands of licence numbers, say). A personal
 * value never counts as a choice, so a question of phone numbers is free text however few
 * numbers it holds.
 *
 * @param sorted the question's answers, most frequent first
 */
export function choiceAnswers(sorted: readonly AnswerTally[], answered: number): AnswerTally[] | null {
  if (answered === 0) return null;
  const minCount = Math.max(2, Math.ceil(answered * MIN_CHOICE_SHARE));
  const listed: AnswerTally[] = [];
  let covered = 0;
  for (const answer of sorted) {
    if (answer.count < minCount || listed.length === MAX_CHOICES) break;
    if (looksPersonal(answer.text)) return null;
    listed.push(answer);
    covered += answer.count;
  }
  return listed.length > 0 && covered >= answered * MIN_COVERAGE ? listed : null;
}

/**
 * The answers of a free-text question that may be listed: given by at least
 * {@link freeTextMinCount} people, not personal, at most `top` of them, most frequent first.
 *
 * @param sorted the question's answers, most frequent first
 */
export function freeTextAnswers(
  sorted: readonly AnswerTally[],
  answered: number,
  top: number,
): AnswerTally[] {
  const minCount = freeTextMinCount(answered);
  const listed: AnswerTally[] = [];
  for (const answer of sorted) {
    if (answer.count < minCount || listed.length >= top) break;
    if (!looksPersonal(answer.text)) listed.push(answer);
  }
  return listed;
}
