import {
  AS_TYPED,
  MAX_VOCABULARY_SPELLINGS,
  answerKeyer,
  parseCleanKey,
  questionReading,
  type EventCorrections,
} from '@/lib/clean-answers/clean-answers';
import type { RowFacts } from './row-facts';
import type { CategoryCounts, QuestionCounts } from './scan-state';

/** The answer checks, each telling the question it is about. */
export type AnswerCheck = 'answer-outside' | 'answer-missing' | 'answer-format';

export interface AnswerFinding {
  readonly check: AnswerCheck;
  readonly queId: number;
  /** The answer as sent; '' for one left empty. */
  readonly value: string;
}

/** Below this many registrations in a category, "almost everyone answered" is a guess. */
const MIN_GROUP = 20;
/** "Almost everyone": the share that must have answered (or followed one format). */
const MOST = 0.9;

/** A question's format: the shape of almost all its answers, exactly or by runs. */
interface Format {
  readonly shape: string;
  readonly exact: boolean;
}

/**
 * What the answers of a whole event decide for each registration's answers:
 * - `answer-outside`: a question read with a clean vocabulary (sizes, yes/no: questionReading,
 *   with the promoter's corrections) got an answer the vocabulary does not read, and the
 *   promoter did not keep it as typed;
 * - `answer-missing`: in a category of at least MIN_GROUP registrations where at least MOST of
 *   them answered a question, the others left it empty (a question asked of some categories
 *   only is never "missing" in the others);
 * - `answer-format`: a question answered as typed, at least MIN_GROUP times, where at least MOST
 *   of the answers share one format holding a digit (a time "1:23:45", a licence "A123456"):
 *   the answers that do not follow it. A format is first compared exactly (each digit and
 *   letter in its place), then by runs ("1:23:45" and "01:23:45" alike).
 * `signature` changes whenever any of it does: a registration's answer findings made under
 * the same signature stand.
 */
export interface AnswerDecisions {
  readonly signature: string;
  readonly outside: ReadonlyMap<number, (text: string) => boolean>;
  readonly formats: ReadonlyMap<number, Format>;
  /** Per category, the questions its registrations are expected to have answered. */
  readonly expected: ReadonlyMap<number | null, readonly number[]>;
}

export function answerDecisions(
  questions: ReadonlyMap<number, QuestionCounts>,
  categories: ReadonlyMap<number | null, CategoryCounts>,
  corrections: EventCorrections,
): AnswerDecisions {
  const outside = new Map<number, (text: string) => boolean>();
  const formats = new Map<number, Format>();
  const read: [number, string][] = [];
  for (const [queId, question] of questions) {
    // Past this many spellings no vocabulary reads a question (questionReading).
    const reading =
      question.freeText || question.keys.size > MAX_VOCABULARY_SPELLINGS
        ? null
        : questionReading(
            [question.fr, question.en],
            [...question.keys].map(([text, count]) => ({ text, count })),
          );
    if (reading) {
      read.push([queId, reading]);
      outside.set(queId, outsideReader(reading, corrections[String(queId)]));
      continue;
    }
    if (question.answered < MIN_GROUP) continue;
    // Almost all answers alike exactly are alike by runs too: a format by runs comes first.
    const runs = dominant(question.runs, question.answered);
    if (runs === null) continue;
    const exact = dominant(question.exact, question.answered);
    formats.set(queId, exact !== null ? { shape: exact, exact: true } : { shape: runs, exact: false });
  }
  const expected = new Map<number | null, number[]>();
  for (const [category, { size, answered }] of categories) {
    if (size < MIN_GROUP) continue;
    const wanted = [...answered]
      .filter(([, count]) => count < size && count >= size * MOST)
      .map(([queId]) => queId)
      .sort((a, b) => a - b);
    if (wanted.length > 0) expected.set(category, wanted);
  }
  const signature = JSON.stringify([
    read,
    [...formats].sort(([a], [b]) => a - b),
    [...expected].sort(([a], [b]) => (a ?? -1) - (b ?? -1)),
    corrections,
  ]);
  return { signature, outside, formats, expected };
}

/** Whether an answer to a question read with `reading` is outside its vocabulary. */
function outsideReader(
  reading: NonNullable<ReturnType<typeof questionReading>>,
  corrected: EventCorrections[string] | undefined,
): (text: string) => boolean {
  const keyOf = answerKeyer(reading, undefined, corrected);
  const keptAsTyped = new Set(
    Object.entries(corrected ?? {}).flatMap(([key, value]) => (value === AS_TYPED ? [key] : [])),
  );
  return (text) => {
    const key = keyOf(text);
    return parseCleanKey(key) === null && !keptAsTyped.has(key);
  };
}

/** One registration's answer findings under the event's decisions, in the order of its answers. */
export function rowAnswerFindings(facts: RowFacts, decisions: AnswerDecisions): AnswerFinding[] {
  const found: AnswerFinding[] = [];
  for (const answer of facts.answers) {
    const { queId, text } = answer;
    if (decisions.outside.get(queId)?.(text)) found.push({ check: 'answer-outside', queId, value: text });
    const format = decisions.formats.get(queId);
    if (format && (format.exact ? answer.exact : answer.runs) !== format.shape) {
      found.push({ check: 'answer-format', queId, value: text });
    }
  }
  for (const queId of decisions.expected.get(facts.category) ?? []) {
    if (!facts.answers.some((answer) => answer.queId === queId)) {
      found.push({ check: 'answer-missing', queId, value: '' });
    }
  }
  return found;
}

/** The shape at least MOST of the answers follow, when it holds a digit and some answers differ. */
function dominant(counts: ReadonlyMap<string, number>, answered: number): string | null {
  for (const [shape, count] of counts) {
    if (count >= answered * MOST && count < answered && shape.includes('9')) return shape;
  }
  return null;
}
