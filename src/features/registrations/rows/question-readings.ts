import { questionReading, type QuestionReading } from '@/lib/clean-answers/clean-answers';
import type { QuestionColumn } from './question-columns';
import type { RegistrationRow } from './registration-rows';

/**
 * How each question's answers are read (sizes, yes/no, or as typed), decided by the same rule
 * as the event page's figures (clean-answers.ts) from every row of the event, so a file and
 * the figures agree on what is a size.
 */
export function questionReadings(
  rows: readonly RegistrationRow[],
  questions: readonly QuestionColumn[],
): Map<string, QuestionReading> {
  const readings = new Map<string, QuestionReading>();
  for (const question of questions) {
    const counts = new Map<string, number>();
    for (const row of rows) {
      const text = row.cells[question.id];
      if (text) counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    const answers = [...counts].map(([text, count]) => ({ text, count }));
    readings.set(question.id, questionReading([question.que_question_fr, question.que_question_en], answers));
  }
  return readings;
}
