import type { Registration } from '../api/schemas';

/** One custom question of the event, discovered from the answers (there is no questions endpoint). */
export interface QuestionColumn {
  /** Column id: `q:<que_id>`. Answers are matched by que_id, never by text: two questions may share a text. */
  id: string;
  queId: number;
  que_question_fr: string | null;
  que_question_en: string | null;
}

export const questionColumnId = (queId: number) => `q:${queId}`;

/** Every question that appears in any registration, in first-seen order, with the first non-empty text in each language. */
export function discoverQuestions(registrations: readonly Registration[]): QuestionColumn[] {
  const byId = new Map<number, QuestionColumn>();
  for (const registration of registrations) {
    for (const answer of registration.custom_questions) {
      let question = byId.get(answer.que_id);
      if (!question) {
        question = {
          id: questionColumnId(answer.que_id),
          queId: answer.que_id,
          que_question_fr: null,
          que_question_en: null,
        };
        byId.set(answer.que_id, question);
      }
      question.que_question_fr ||= answer.que_question_fr;
      question.que_question_en ||= answer.que_question_en;
    }
  }
  return [...byId.values()];
}
