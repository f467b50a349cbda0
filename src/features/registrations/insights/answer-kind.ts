import type { AnswerTally } from './question-tally';

/**
 * How a question is shown: as a distribution of choices (t-shirt size, "how did you hear of
 * us") or as free text (club, emergency contact). The API does not say which questions are
 * multiple-choice, so it is decided from the answers themselves.
 */
export type QuestionKind = 'choice' | 'free-text';

/** At most this many choices are listed; a longer list is not read as a set of choices. */
const MAX_CHOICES = 12;
/** A choice is an answer given at least twice and by at least 1% of those who answered. */
const MIN_CHOICE_SHARE = 0.01;
/** The listed choices must cover this share of the answers; the rest is a rare "other". */
const MIN_COVERAGE = 0.9;

/**
 * The answers to list as choices, or null when the question reads as free text.
 *
 * A choice question has a few answers that repeat: keep the answers given at least twice and
 * by at least 1% of respondents (at most {@link MAX_CHOICES}); if they cover 90% of the
 * answers, the question is choice-like and the remaining rare answers (a typo, a stray
 * "N/A") are shown together as "other". Free text repeats little, so its frequent answers
 * cover far less (a club name list next to thousands of licence numbers, say).
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
    listed.push(answer);
    covered += answer.count;
  }
  return listed.length > 0 && covered >= answered * MIN_COVERAGE ? listed : null;
}
