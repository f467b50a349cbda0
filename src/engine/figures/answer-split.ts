import { answerKeyer, type EventCorrections, type QuestionReading } from '@/lib/clean-answers/clean-answers';
import type { Registration } from '../api/registration-schemas';

/** The answers of one category to one question, lined up with the question's listed answers. */
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

/** What the split needs of a question: its id, its reading and its listed answers' keys. */
interface SplitQuestion {
  readonly queId: number;
  readonly reading: QuestionReading;
  readonly answers: readonly { readonly key: string }[];
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
export function splitByCategory(
  registrations: readonly Registration[],
  insights: readonly SplitQuestion[],
  fold: (text: string) => string,
  corrections: EventCorrections,
): QuestionCategorySplit[][] {
  const questionIndex = new Map(insights.map((insight, index) => [insight.queId, index]));
  const answerIndex = insights.map((insight) => new Map(insight.answers.map((a, i) => [a.key, i])));
  const keyers = insights.map((insight) =>
    answerKeyer(insight.reading, fold, corrections[String(insight.queId)]),
  );
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
      const q = questionIndex.get(entry.que_id);
      if (q === undefined) continue;
      const key = keyers[q]!(entry.reponse ?? '');
      if (key === '') continue;
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
