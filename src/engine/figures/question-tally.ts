import type { Registration } from '../api/registration-schemas';

/** One distinct answer (after answerKey()) of one question. */
export interface AnswerTally {
  readonly key: string;
  count: number;
  /** Order of first appearance: breaks ties between equal counts, so results are stable. */
  readonly firstSeen: number;
  /** The most common original spelling so far. */
  text: string;
  textCount: number;
  /** Count per original spelling; only made once a second spelling shows up. */
  spellings: Map<string, number> | null;
}

/** Raw counts for one question (matched by que_id), before any presentation choice. */
export interface QuestionTally {
  readonly queId: number;
  /** The first non-empty text seen in each language (one registration may lack it). */
  fr: string | null;
  en: string | null;
  /** Registrations that have an entry for the question, answered or blank. */
  asked: number;
  answered: number;
  readonly answers: Map<string, AnswerTally>;
  /** More distinct answers came than the tally was asked to count: `answers` is incomplete. */
  givenUp: boolean;
}

/**
 * Counts every answer of every question in one pass. A registration that lists a question
 * twice counts once, with its first non-blank answer. Questions come out in first-seen order.
 * A question with more than `giveUpAfter` distinct answers stops being counted (givenUp): a
 * computation that only wants the questions a vocabulary reads spares itself free text.
 */
export function tallyQuestions(
  registrations: readonly Registration[],
  keyOf: (text: string) => string,
  giveUpAfter = Infinity,
): QuestionTally[] {
  const questions = new Map<number, QuestionTally>();
  const seen = new Set<number>();
  const answeredHere = new Set<number>();
  let order = 0;
  for (const registration of registrations) {
    seen.clear();
    answeredHere.clear();
    for (const entry of registration.custom_questions) {
      let question = questions.get(entry.que_id);
      if (!question) {
        question = {
          queId: entry.que_id,
          fr: null,
          en: null,
          asked: 0,
          answered: 0,
          answers: new Map(),
          givenUp: false,
        };
        questions.set(entry.que_id, question);
      }
      question.fr ||= entry.que_question_fr || null;
      question.en ||= entry.que_question_en || null;
      if (!seen.has(entry.que_id)) {
        seen.add(entry.que_id);
        question.asked += 1;
      }
      if (answeredHere.has(entry.que_id) || question.givenUp) continue;
      const text = entry.reponse ?? '';
      const key = keyOf(text);
      if (key === '') continue;
      answeredHere.add(entry.que_id);
      question.answered += 1;
      countAnswer(question.answers, key, text, order++);
      if (question.answers.size > giveUpAfter) {
        question.givenUp = true;
        question.answers.clear();
      }
    }
  }
  return [...questions.values()];
}

function countAnswer(answers: Map<string, AnswerTally>, key: string, text: string, order: number): void {
  const tally = answers.get(key);
  if (!tally) {
    answers.set(key, { key, count: 1, firstSeen: order, text, textCount: 1, spellings: null });
    return;
  }
  tally.count += 1;
  if (text === tally.text && !tally.spellings) {
    tally.textCount += 1;
    return;
  }
  tally.spellings ??= new Map([[tally.text, tally.textCount]]);
  const count = (tally.spellings.get(text) ?? 0) + 1;
  tally.spellings.set(text, count);
  // Strictly more: on a tie the spelling seen first stays.
  if (count > tally.textCount || text === tally.text) {
    tally.text = text;
    tally.textCount = count;
  }
}
