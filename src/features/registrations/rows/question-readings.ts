import {
  answerKeyer,
  MAX_VOCABULARY_SPELLINGS,
  NO_CORRECTIONS,
  questionReading,
  type EventCorrections,
  type QuestionReading,
} from '@/lib/clean-answers/clean-answers';
import { cachedAnswerKey } from '@/lib/text-keys';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import type { QuestionColumn } from './question-columns';
import type { RegistrationLabels } from './registration-labels';
import { cellText, type RegistrationRow } from './registration-rows';

/** Rows read per task: each question's answers of this many rows take a few milliseconds. */
const ROWS_PER_SLICE = 25_000;

/**
 * How each question's answers are read (sizes, yes/no, or as typed), decided by the same rule
 * as the event page's figures (clean-answers.ts) from every row of the event, so a file and
 * the figures agree on what is a size. A long list is read a slice at a time, with a pause
 * between slices, so that an export or a print of 100,000 rows never holds the page.
 */
export async function questionReadings(
  rows: readonly RegistrationRow[],
  questions: readonly QuestionColumn[],
): Promise<Map<string, QuestionReading>> {
  const readings = new Map<string, QuestionReading>();
  // Counted by folded answer, blanks left out, as the engine's figures count them.
  const fold = cachedAnswerKey();
  let read = 0;
  for (const question of questions) {
    const counts = new Map<string, number>();
    let freeText = false;
    for (const row of rows) {
      if (++read % ROWS_PER_SLICE === 0) await yieldToBrowser();
      const key = fold(cellText(row, question.id));
      if (key === '') continue;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      // More spellings than any vocabulary has: free text, whatever the rest holds. Its
      // answers are not read further (a list of 100,000 different ones would hold the page).
      if (counts.size > MAX_VOCABULARY_SPELLINGS) {
        freeText = true;
        break;
      }
    }
    const answers = [...counts].map(([text, count]) => ({ text, count }));
    readings.set(
      question.id,
      freeText ? null : questionReading([question.que_question_fr, question.que_question_en], answers),
    );
  }
  return readings;
}

/** The clean values of some questions: which of them have one, and a row's answer as its clean value. */
export interface CleanAnswers {
  /** Whether the question of this column is read with a vocabulary. */
  readonly reads: (columnId: string) => boolean;
  /** A row's answer as its clean value, named ("XL" for "TG"), or null. */
  readonly of: (row: RegistrationRow, columnId: string) => string | null;
}

/** No question read with a vocabulary: every answer shows as typed. */
export const NO_CLEAN_ANSWERS: CleanAnswers = { reads: () => false, of: () => null };

interface ReadModel {
  readonly rows: readonly RegistrationRow[];
  readonly questions: readonly QuestionColumn[];
  readonly labels: Pick<RegistrationLabels, 'cleanAnswer'>;
}

/**
 * The clean values of the questions among `columnIds` that are read with a vocabulary, in the
 * model's language, with the promoter's corrections: what a file's clean column, the check-in
 * list and the labels show. null
 * where a question is read as typed, or where its vocabulary could not read the answer.
 */
export async function cleanAnswers(
  model: ReadModel,
  columnIds: readonly string[],
  corrections: EventCorrections = NO_CORRECTIONS,
): Promise<CleanAnswers> {
  const shown = model.questions.filter((question) => columnIds.includes(question.id));
  const keyers = new Map<string, (raw: string) => string>();
  for (const [id, reading] of await questionReadings(model.rows, shown)) {
    const queId = shown.find((question) => question.id === id)?.queId;
    if (reading) keyers.set(id, answerKeyer(reading, undefined, corrections[String(queId)]));
  }
  return {
    reads: (columnId) => keyers.has(columnId),
    of: (row, columnId) => {
      const keyOf = keyers.get(columnId);
      return keyOf ? model.labels.cleanAnswer(keyOf(cellText(row, columnId))) : null;
    },
  };
}
