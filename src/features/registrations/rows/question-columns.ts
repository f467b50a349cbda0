import type { Registration } from '@/engine/api/registration-schemas';

/** One custom question of the event, discovered from the answers (there is no questions endpoint). */
export interface QuestionColumn {
  /** Column id: `q:<que_id>`. Answers are matched by que_id, never by text: two questions may share a text. */
  id: string;
  queId: number;
  que_question_fr: string | null;
  que_question_en: string | null;
}

const QUESTION_COLUMN = 'q:';
export const questionColumnId = (queId: number) => `${QUESTION_COLUMN}${queId}`;
/** Whether a column of the table holds the answers to a question. */
export const isQuestionColumn = (columnId: string) => columnId.startsWith(QUESTION_COLUMN);

/** The question whose answers a column holds (the inverse of questionColumnId), or null. */
export function questionOfColumn(columnId: string): number | null {
  if (!isQuestionColumn(columnId)) return null;
  const text = columnId.slice(QUESTION_COLUMN.length);
  const queId = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(queId) ? queId : null;
}

/**
 * Every question that appears in any registration, in first-seen order, with the first
 * non-empty text in each language. Incremental: while pages stream in, only registrations
 * not seen before are scanned, and the same array comes back while nothing new appears
 * (so columns, titles and the table are not rebuilt for nothing).
 */
export class QuestionDiscovery {
  private readonly scanned = new WeakSet<Registration>();
  private readonly byId = new Map<number, QuestionColumn>();
  private current: QuestionColumn[] = [];

  /** The questions found so far, in the order they were first seen. */
  get found(): QuestionColumn[] {
    return this.current;
  }

  update(registrations: readonly Registration[]): QuestionColumn[] {
    let changed = false;
    for (const registration of registrations) {
      if (this.scanned.has(registration)) continue;
      this.scanned.add(registration);
      for (const answer of registration.custom_questions) {
        const known = this.byId.get(answer.que_id);
        const fr = known?.que_question_fr || answer.que_question_fr;
        const en = known?.que_question_en || answer.que_question_en;
        // Nearly every answer is of a question already known with these titles: nothing is
        // allocated for it (25,000 registrations bring about 250,000 answers).
        if (known && known.que_question_fr === fr && known.que_question_en === en) continue;
        this.byId.set(answer.que_id, {
          id: questionColumnId(answer.que_id),
          queId: answer.que_id,
          que_question_fr: fr,
          que_question_en: en,
        });
        changed = true;
      }
    }
    if (changed) this.current = [...this.byId.values()];
    return this.current;
  }
}
