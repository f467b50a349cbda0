import type { Registration } from '../api/registration-schemas';
import { answerCells, type AnswerCell } from './answer-cells';
import { splitByCategory, type QuestionCategorySplit } from './answer-split';
import { cachedAnswerKey } from '@/lib/text-keys';
import {
  answerKeyer,
  cleanOrder,
  MAX_VOCABULARY_SPELLINGS,
  questionReading,
  type AnswerCorrections,
  type EventCorrections,
  type QuestionReading,
} from '@/lib/clean-answers/clean-answers';
import {
  choiceAnswers,
  freeTextAnswers,
  freeTextMinCount,
  looksPersonal,
  type QuestionKind,
} from './answer-kind';
import { tallyQuestions, type AnswerTally, type QuestionTally } from './question-tally';

/** One answer as counted: all spellings that fold to the same key, or mean the same, together. */
export interface AnswerCount {
  /**
   * The key under which spellings were counted together: the clean value's key ("=SIZE:XL")
   * when the question's reading knows the answer, else its folded form (case, accents, spaces).
   */
  readonly key: string;
  /** The most common original spelling, as a participant typed it. */
  readonly text: string;
  readonly count: number;
  /** count / answered, from 0 to 1. */
  readonly share: number;
  /**
   * A clean value: the answers read as it, each as most often typed, most frequent first
   * ("XL" 2,100, "TG" 105, "Extra large" 81): how the answers were read, shown to the promoter.
   */
  readonly readFrom?: readonly { readonly text: string; readonly count: number }[];
}

export type { QuestionCategorySplit };

export interface QuestionInsight {
  /** Questions are told apart by que_id only: two questions may share the same text. */
  readonly queId: number;
  readonly que_question_fr: string | null;
  readonly que_question_en: string | null;
  readonly kind: QuestionKind;
  /** The vocabulary the answers are read with (sizes, yes/no), or null: counted as typed. */
  readonly reading: QuestionReading;
  /** Registrations that have an entry for the question (answered or blank). */
  readonly asked: number;
  readonly answered: number;
  /** Registrations with a blank answer, a null one, or no entry at all. */
  readonly notAnswered: number;
  /** Distinct answers after folding (and reading, with a vocabulary). */
  readonly distinct: number;
  /**
   * Read with a vocabulary: its values in the vocabulary's order, then the answers it could not
   * read, most frequent first. Choice: every choice, most frequent first. Free text: only the
   * answers given by at least `minListedCount` people and not personal (see answer-kind.ts),
   * often none.
   */
  readonly answers: readonly AnswerCount[];
  /** Free text: how many people must have given an answer for it to be listed. */
  readonly minListedCount?: number;
  /** The answers not listed in `answers`. */
  readonly other: { readonly count: number; readonly distinct: number };
  /** Present when asked for; categories by ascending id, "no category" last. */
  readonly byCategory?: readonly QuestionCategorySplit[];
  /** With byCategory, for a question read with a vocabulary: its answers per category and status. */
  readonly cells?: readonly AnswerCell[];
  /**
   * Read with a vocabulary: each distinct answer as typed (folded), most frequent first, and
   * the key it is counted under: what the promoter sees, and corrects, of the reading.
   */
  readonly typed?: readonly TypedAnswer[];
}

/** One distinct answer to a question read with a vocabulary. */
export interface TypedAnswer {
  /** Its folded form (answerKey): what a correction names. */
  readonly key: string;
  /** As most often typed. */
  readonly text: string;
  readonly count: number;
  /** The key it is counted under: a clean key, or its own folded form when unread. */
  readonly readAs: string;
}

export interface QuestionInsightOptions {
  /** At most how many answers a free-text question lists (those that qualify). Default 10. */
  readonly top?: number;
  /** Also count the listed answers per category (one more pass). Default false. */
  readonly byCategory?: boolean;
  /** The promoter's corrections to how answers are read (clean-answers.ts), per question. */
  readonly corrections?: EventCorrections;
  /**
   * Only the questions read as sizes, with their cells when byCategory (no split by category):
   * what the merch order sheet needs, without counting free text. Default false.
   */
  readonly sizesOnly?: boolean;
}

/** At most this many distinct answers of a read question are listed for correcting. */
const MAX_TYPED_LISTED = 200;

const byFrequency = (a: AnswerTally, b: AnswerTally) => b.count - a.count || a.firstSeen - b.firstSeen;

/**
 * The answer distribution of every custom question, in the order questions first appear.
 * Shares are of the registrations that answered; `notAnswered` is of all registrations.
 */
export function questionInsights(
  registrations: readonly Registration[],
  { top = 10, byCategory = false, corrections = {}, sizesOnly = false }: QuestionInsightOptions = {},
  // One remembered fold for every pass (and the data doctor's): each answer is folded once.
  fold: (text: string) => string = cachedAnswerKey(),
): QuestionInsight[] {
  const total = registrations.length;
  // Past this many spellings no vocabulary reads a question (questionReading): sizes only stop there.
  const all = tallyQuestions(registrations, fold, sizesOnly ? MAX_VOCABULARY_SPELLINGS : Infinity);
  const read = all.map((question) => ({
    question,
    reading: question.givenUp
      ? null
      : questionReading(
          [question.fr, question.en],
          [...question.answers.values()].map(({ key, count }) => ({ text: key, count })),
        ),
  }));
  const kept = sizesOnly ? read.filter(({ reading }) => reading === 'SIZE') : read;
  const insights = kept.map(({ question, reading }) =>
    summarize(question, reading, total, top, corrections[String(question.queId)]),
  );
  if (!byCategory) return insights;
  if (sizesOnly) {
    const cells = answerCells(registrations, insights, fold, corrections);
    return insights.map((insight, index) => ({ ...insight, ...(cells[index] && { cells: cells[index] }) }));
  }
  const splits = splitByCategory(registrations, insights, fold, corrections);
  const cells = answerCells(registrations, insights, fold, corrections);
  return insights.map((insight, index) => ({
    ...insight,
    byCategory: splits[index] ?? [],
    ...(cells[index] && { cells: cells[index] }),
  }));
}

/** At most this many answers a vocabulary could not read are listed one by one. */
const MAX_UNREAD_LISTED = 20;

function summarize(
  question: QuestionTally,
  reading: QuestionReading,
  total: number,
  top: number,
  corrections: AnswerCorrections | undefined,
): QuestionInsight {
  const readFrom = new Map<string, { text: string; count: number }[]>();
  const typed: TypedAnswer[] = [];
  const read = readAnswers(question, reading, corrections, readFrom, typed);
  const sorted = [...read.values()].sort(byFrequency);
  const choices = reading ? readChoices(sorted) : choiceAnswers(sorted, question.answered);
  const listed = choices ?? freeTextAnswers(sorted, question.answered, Math.max(0, top));
  const listedCount = listed.reduce((sum, answer) => sum + answer.count, 0);
  const share = (count: number) => (question.answered === 0 ? 0 : count / question.answered);
  return {
    queId: question.queId,
    que_question_fr: question.fr,
    que_question_en: question.en,
    kind: choices ? 'choice' : 'free-text',
    reading,
    ...(!choices && { minListedCount: freeTextMinCount(question.answered) }),
    asked: question.asked,
    answered: question.answered,
    notAnswered: total - question.answered,
    distinct: sorted.length,
    answers: listed.map(({ key, text, count }) => {
      const from = readFrom.get(key);
      return {
        key,
        text,
        count,
        share: share(count),
        ...(from && { readFrom: from.sort((a, b) => b.count - a.count) }),
      };
    }),
    other: { count: question.answered - listedCount, distinct: sorted.length - listed.length },
    ...(reading && {
      typed: typed.sort((a, b) => b.count - a.count).slice(0, MAX_TYPED_LISTED),
    }),
  };
}

/** The question's answers counted again under their clean keys: "XL", "TG" and "x-large" as one. */
function readAnswers(
  question: QuestionTally,
  reading: QuestionReading,
  corrections: AnswerCorrections | undefined,
  readFrom: Map<string, { text: string; count: number }[]>,
  typed: TypedAnswer[],
): Map<string, AnswerTally> {
  if (!reading) return question.answers;
  const keyOf = answerKeyer(reading, undefined, corrections);
  const read = new Map<string, AnswerTally>();
  for (const tally of question.answers.values()) {
    const key = keyOf(tally.text);
    typed.push({ key: tally.key, text: tally.text, count: tally.count, readAs: key });
    if (key !== tally.key) {
      const from = readFrom.get(key) ?? [];
      from.push({ text: tally.text, count: tally.count });
      readFrom.set(key, from);
    }
    const merged = read.get(key);
    if (!merged) {
      read.set(key, { ...tally, key, spellings: tally.spellings && new Map(tally.spellings) });
      continue;
    }
    merged.count += tally.count;
    if (tally.textCount > merged.textCount) {
      merged.text = tally.text;
      merged.textCount = tally.textCount;
    }
  }
  return read;
}

/**
 * A read question's listed answers: every clean value in its vocabulary's order, then the
 * answers it could not read, so none is hidden in "other" unless there are many, or one looks
 * like someone's contact details.
 */
function readChoices(sorted: readonly AnswerTally[]): AnswerTally[] {
  const clean = sorted.filter((tally) => cleanOrder(tally.key) >= 0);
  clean.sort((a, b) => cleanOrder(a.key) - cleanOrder(b.key));
  const unread = sorted
    .filter((tally) => cleanOrder(tally.key) < 0 && !looksPersonal(tally.text))
    .slice(0, MAX_UNREAD_LISTED);
  return [...clean, ...unread];
}
