import type { Registration } from '../api/registration-schemas';
import { cachedAnswerKey } from '@/lib/text-keys';
import { choiceAnswers, freeTextAnswers, freeTextMinCount, type QuestionKind } from './answer-kind';
import { tallyQuestions, type AnswerTally, type QuestionTally } from './question-tally';

/** One answer as counted: all spellings that fold to the same key together. */
export interface AnswerCount {
  /** The folded form (case, accents, whitespace) under which spellings were counted together. */
  readonly key: string;
  /** The most common original spelling, as a participant typed it. */
  readonly text: string;
  readonly count: number;
  /** count / answered, from 0 to 1. */
  readonly share: number;
}

/** The answers of one category to one question, lined up with {@link QuestionInsight.answers}. */
export interface QuestionCategorySplit {
  /** null: registrations without a category. */
  readonly categoryId: number | null;
  /** Registrations in the category. */
  readonly total: number;
  readonly answered: number;
  /** counts[i] is the number of answers equal to answers[i] in this category. */
  readonly counts: readonly number[];
  /** Answers of this category that are not listed. */
  readonly other: number;
}

export interface QuestionInsight {
  /** Questions are told apart by que_id only: two questions may share the same text. */
  readonly queId: number;
  readonly que_question_fr: string | null;
  readonly que_question_en: string | null;
  readonly kind: QuestionKind;
  /** Registrations that have an entry for the question (answered or blank). */
  readonly asked: number;
  readonly answered: number;
  /** Registrations with a blank answer, a null one, or no entry at all. */
  readonly notAnswered: number;
  /** Distinct answers after folding. */
  readonly distinct: number;
  /**
   * Choice: every choice, most frequent first. Free text: only the answers given by at least
   * `minListedCount` people and not personal (see answer-kind.ts), often none.
   */
  readonly answers: readonly AnswerCount[];
  /** Free text: how many people must have given an answer for it to be listed. */
  readonly minListedCount?: number;
  /** The answers not listed in `answers`. */
  readonly other: { readonly count: number; readonly distinct: number };
  /** Present when asked for; categories by ascending id, "no category" last. */
  readonly byCategory?: readonly QuestionCategorySplit[];
}

export interface QuestionInsightOptions {
  /** At most how many answers a free-text question lists (those that qualify). Default 10. */
  readonly top?: number;
  /** Also count the listed answers per category (one more pass). Default false. */
  readonly byCategory?: boolean;
}

const byFrequency = (a: AnswerTally, b: AnswerTally) => b.count - a.count || a.firstSeen - b.firstSeen;

/**
 * The answer distribution of every custom question, in the order questions first appear.
 * Shares are of the registrations that answered; `notAnswered` is of all registrations.
 */
export function questionInsights(
  registrations: readonly Registration[],
  { top = 10, byCategory = false }: QuestionInsightOptions = {},
): QuestionInsight[] {
  const keyOf = cachedAnswerKey();
  const total = registrations.length;
  const insights = tallyQuestions(registrations, keyOf).map((question) => summarize(question, total, top));
  if (!byCategory) return insights;
  const splits = splitByCategory(registrations, insights, keyOf);
  return insights.map((insight, index) => ({ ...insight, byCategory: splits[index] ?? [] }));
}

function summarize(question: QuestionTally, total: number, top: number): QuestionInsight {
  const sorted = [...question.answers.values()].sort(byFrequency);
  const choices = choiceAnswers(sorted, question.answered);
  const listed = choices ?? freeTextAnswers(sorted, question.answered, Math.max(0, top));
  const listedCount = listed.reduce((sum, answer) => sum + answer.count, 0);
  const share = (count: number) => (question.answered === 0 ? 0 : count / question.answered);
  return {
    queId: question.queId,
    que_question_fr: question.fr,
    que_question_en: question.en,
    kind: choices ? 'choice' : 'free-text',
    ...(!choices && { minListedCount: freeTextMinCount(question.answered) }),
    asked: question.asked,
    answered: question.answered,
    notAnswered: total - question.answered,
    distinct: sorted.length,
    answers: listed.map(({ key, text, count }) => ({ key, text, count, share: share(count) })),
    other: { count: question.answered - listedCount, distinct: sorted.length - listed.length },
  };
}

interface SplitTally {
  total: number;
  answered: number[];
  counts: number[][];
}

/**
 * The second pass: the listed answers per category. Kept out of the first pass because
 * counting every free-text answer per category would cost memory for nothing.
 */
function splitByCategory(
  registrations: readonly Registration[],
  insights: readonly QuestionInsight[],
  keyOf: (text: string) => string,
): QuestionCategorySplit[][] {
  const questionIndex = new Map(insights.map((insight, index) => [insight.queId, index]));
  const answerIndex = insights.map((insight) => new Map(insight.answers.map((a, i) => [a.key, i])));
  const tallies = new Map<number | null, SplitTally>();
  const done = new Set<number>();
  for (const registration of registrations) {
    const categoryId = registration.category_id ?? null;
    let tally = tallies.get(categoryId);
    if (!tally) {
      tally = {
        total: 0,
        answered: insights.map(() => 0),
        counts: insights.map((insight) => insight.answers.map(() => 0)),
      };
      tallies.set(categoryId, tally);
    }
    tally.total += 1;
    done.clear();
    for (const entry of registration.custom_questions) {
      // Same rule as the first pass: the first non-blank answer of a question counts.
      if (done.has(entry.que_id)) continue;
      const key = keyOf(entry.reponse ?? '');
      const q = questionIndex.get(entry.que_id);
      if (key === '' || q === undefined) continue;
      done.add(entry.que_id);
      tally.answered[q] = (tally.answered[q] ?? 0) + 1;
      const a = answerIndex[q]?.get(key);
      const counts = tally.counts[q];
      if (a !== undefined && counts) counts[a] = (counts[a] ?? 0) + 1;
    }
  }
  const categoryIds = [...tallies.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
  return insights.map((_, q) =>
    categoryIds.map((categoryId) => {
      const tally = tallies.get(categoryId);
      const counts = tally?.counts[q] ?? [];
      const answered = tally?.answered[q] ?? 0;
      return {
        categoryId,
        total: tally?.total ?? 0,
        answered,
        counts,
        other: answered - counts.reduce((sum, count) => sum + count, 0),
      };
    }),
  );
}
