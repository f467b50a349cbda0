import type { Registration } from '@/engine/api/registration-schemas';
import {
  AS_TYPED,
  answerKeyer,
  parseCleanKey,
  questionReading,
  type EventCorrections,
  type QuestionReading,
} from '@/lib/clean-answers/clean-answers';

/** The answer checks, each telling the question it is about. */
export type AnswerCheck = 'answer-outside' | 'answer-missing' | 'answer-format';

export interface AnswerFinding {
  readonly check: AnswerCheck;
  readonly registration: Registration;
  readonly queId: number;
  /** The answer as sent; '' for one left empty. */
  readonly value: string;
}

/** Below this many registrations in a category, "almost everyone answered" is a guess. */
const MIN_GROUP = 20;
/** "Almost everyone": the share that must have answered (or followed one format). */
const MOST = 0.9;

/**
 * What the answers of an event's registrations hold that is likely wrong:
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
 */
export function answerFindings(
  registrations: readonly Registration[],
  fold: (text: string) => string,
  corrections: EventCorrections,
): AnswerFinding[] {
  const answers = collectAnswers(registrations, fold);
  const readings = new Map<number, QuestionReading>();
  for (const [queId, question] of answers.questions) {
    const counted = [...question.keys].map(([text, count]) => ({ text, count }));
    readings.set(queId, questionReading([question.fr, question.en], counted));
  }
  const findings: AnswerFinding[] = [];
  const outside = outsideReaders(readings, fold, corrections);
  const formats = dominantFormats(answers, readings);
  const missing = expectedAnswers(answers, registrations);
  const given = new Set<number>();
  for (let row = 0; row < registrations.length; row++) {
    const registration = registrations[row]!;
    given.clear();
    for (let at = answers.rowStart[row]!; at < answers.rowStart[row + 1]!; at++) {
      const queId = answers.queIds[at]!;
      const text = answers.texts[at]!;
      given.add(queId);
      const read = outside.get(queId);
      if (read && read(text)) findings.push({ check: 'answer-outside', registration, queId, value: text });
      const format = formats.get(queId);
      if (format && format.shapeOf(text) !== format.shape) {
        findings.push({ check: 'answer-format', registration, queId, value: text });
      }
    }
    for (const queId of missing.get(registration.category_id ?? null) ?? []) {
      if (!given.has(queId)) findings.push({ check: 'answer-missing', registration, queId, value: '' });
    }
  }
  return findings;
}

/** One question's answers: its texts, its folded answers counted, and their formats counted. */
interface QuestionAnswers {
  fr: string | null;
  en: string | null;
  answered: number;
  readonly keys: Map<string, number>;
  readonly runs: Map<string, number>;
}

/**
 * Every answer given, in one pass: flat, in row order (the answers of row r are
 * `rowStart[r]` to `rowStart[r + 1]`), with each question's counts. A registration that lists
 * a question twice counts once, with its first non-blank answer.
 */
function collectAnswers(registrations: readonly Registration[], fold: (text: string) => string) {
  const questions = new Map<number, QuestionAnswers>();
  const rowStart = new Int32Array(registrations.length + 1);
  const queIds: number[] = [];
  const texts: string[] = [];
  // Per category (null: none), its size and how many of it answered each question.
  const sizes = new Map<number | null, number>();
  const answeredIn = new Map<number | null, Map<number, number>>();
  // Each answer's shape by runs (exact shapes are only made for a question that needs them).
  const shapeOf = new Map<string, string>();
  const seen = new Set<number>();
  registrations.forEach((registration, row) => {
    rowStart[row] = queIds.length;
    const category = registration.category_id ?? null;
    sizes.set(category, (sizes.get(category) ?? 0) + 1);
    let counts = answeredIn.get(category);
    if (!counts) answeredIn.set(category, (counts = new Map<number, number>()));
    seen.clear();
    for (const entry of registration.custom_questions) {
      const queId = entry.que_id;
      let question = questions.get(queId);
      if (!question) {
        question = { fr: null, en: null, answered: 0, keys: new Map(), runs: new Map() };
        questions.set(queId, question);
      }
      question.fr ||= entry.que_question_fr || null;
      question.en ||= entry.que_question_en || null;
      const text = entry.reponse ?? '';
      const key = fold(text);
      if (key === '' || seen.has(queId)) continue;
      seen.add(queId);
      question.answered += 1;
      question.keys.set(key, (question.keys.get(key) ?? 0) + 1);
      let runs = shapeOf.get(text);
      if (runs === undefined) shapeOf.set(text, (runs = runShape(text)));
      question.runs.set(runs, (question.runs.get(runs) ?? 0) + 1);
      counts.set(queId, (counts.get(queId) ?? 0) + 1);
      queIds.push(queId);
      texts.push(text);
    }
  });
  rowStart[registrations.length] = queIds.length;
  return { questions, rowStart, queIds, texts, sizes, answeredIn };
}

type CollectedAnswers = ReturnType<typeof collectAnswers>;

/** Per question read with a vocabulary: whether an answer is outside it (see answerFindings). */
function outsideReaders(
  readings: ReadonlyMap<number, QuestionReading>,
  fold: (text: string) => string,
  corrections: EventCorrections,
): Map<number, (text: string) => boolean> {
  const readers = new Map<number, (text: string) => boolean>();
  for (const [queId, reading] of readings) {
    if (!reading) continue;
    const corrected = corrections[String(queId)];
    const keyOf = answerKeyer(reading, fold, corrected);
    const keptAsTyped = new Set(
      Object.entries(corrected ?? {}).flatMap(([key, value]) => (value === AS_TYPED ? [key] : [])),
    );
    readers.set(queId, (text) => {
      const key = keyOf(text);
      return parseCleanKey(key) === null && !keptAsTyped.has(key);
    });
  }
  return readers;
}

/** Per category, the questions almost all of it answered but not all (see answerFindings). */
function expectedAnswers(answers: CollectedAnswers, registrations: readonly Registration[]) {
  const expected = new Map<number | null, number[]>();
  if (registrations.length < MIN_GROUP) return expected;
  for (const [category, size] of answers.sizes) {
    if (size < MIN_GROUP) continue;
    const wanted: number[] = [];
    for (const [queId, count] of answers.answeredIn.get(category)!) {
      if (count < size && count >= size * MOST) wanted.push(queId);
    }
    if (wanted.length > 0) expected.set(category, wanted);
  }
  return expected;
}

/** A question's format: the shape of almost all its answers, exact or by runs. */
interface Format {
  readonly shape: string;
  readonly shapeOf: (text: string) => string;
}

/**
 * Per question answered as typed, the format almost all its answers follow, if one. Almost
 * all answers alike exactly are alike by runs too, so only a question with a format by runs
 * has its answers shaped exactly.
 */
function dominantFormats(
  answers: CollectedAnswers,
  readings: ReadonlyMap<number, QuestionReading>,
): Map<number, Format> {
  const candidates = new Map<number, string>();
  for (const [queId, question] of answers.questions) {
    if (readings.get(queId) || question.answered < MIN_GROUP) continue;
    const runs = dominant(question.runs, question.answered);
    if (runs !== null) candidates.set(queId, runs);
  }
  const formats = new Map<number, Format>();
  if (candidates.size === 0) return formats;
  const exact = new Map<number, Map<string, number>>();
  answers.queIds.forEach((queId, at) => {
    if (!candidates.has(queId)) return;
    let counts = exact.get(queId);
    if (!counts) exact.set(queId, (counts = new Map<string, number>()));
    const shape = exactShape(answers.texts[at]!);
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  });
  for (const [queId, runs] of candidates) {
    const shape = dominant(exact.get(queId)!, answers.questions.get(queId)!.answered);
    formats.set(queId, shape !== null ? { shape, shapeOf: exactShape } : { shape: runs, shapeOf: runShape });
  }
  return formats;
}

/** Each digit a 9, each letter an A (any case, any script), the rest as typed, trimmed. */
export function exactShape(text: string): string {
  return shape(text, false);
}

/** The shape with each run of digits or letters written once: "01:23:45" and "1:23:45" alike. */
export function runShape(text: string): string {
  return shape(text, true);
}

const DIGIT = /\p{N}/u;
const LETTER = /\p{L}/u;

function shape(text: string, runs: boolean): string {
  const trimmed = text.trim();
  let shaped = '';
  let last = '';
  for (const char of trimmed) {
    const code = char.charCodeAt(0);
    const mark =
      code >= 48 && code <= 57
        ? '9'
        : (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
          ? 'A'
          : code < 128
            ? char
            : DIGIT.test(char)
              ? '9'
              : LETTER.test(char)
                ? 'A'
                : char;
    if (runs && mark === last && (mark === '9' || mark === 'A')) continue;
    shaped += mark;
    last = mark;
  }
  return shaped;
}

/** The shape at least MOST of the answers follow, when it holds a digit and some answers differ. */
function dominant(counts: ReadonlyMap<string, number>, answered: number): string | null {
  for (const [shape, count] of counts) {
    if (count >= answered * MOST && count < answered && shape.includes('9')) return shape;
  }
  return null;
}
