import { ANSWER_FIELDS } from './registration-fields';

/**
 * Every answer carries its question's titles in both languages (API document 2.5), so a large
 * event repeats the same few titles on every row, most questions the same few answers (a size,
 * yes or no, a distance) and every row one of a few payment statuses. Read from JSON, or copied
 * from one thread to another, each repeat is an object or a string of its own: at 100,000
 * registrations they weigh more than the names. `shareRepeatedValues` points every equal title
 * and payment status of a batch of rows at one string, and every equal answer (same question,
 * titles and response, no other field) at one object, in place; what the rows say does not
 * change. Answers are never written to once read, so rows may share them.
 *
 * It reads what it is given as untrusted (rows relayed by another thread are not parsed again):
 * anything not shaped like an answer is left as it is. Never throws.
 */
export function shareRepeatedValues<T>(rows: T): T {
  if (!Array.isArray(rows)) return rows;
  try {
    const firstOf = new Map<unknown, Record<string, unknown>>();
    const sharedOf = new Map<unknown, Map<unknown, Record<string, unknown>>>();
    const statuses = new Map<string, string>();
    for (const row of rows as unknown[]) {
      if (!isRecord(row)) continue;
      const status = row.payment_status;
      if (typeof status === 'string') {
        const shared = statuses.get(status);
        if (shared === undefined) statuses.set(status, status);
        else row.payment_status = shared;
      }
      const answers = row.custom_questions;
      if (!Array.isArray(answers)) continue;
      for (let i = 0; i < answers.length; i++) {
        const answer: unknown = answers[i];
        if (!isRecord(answer)) continue;
        let sameQuestion = sharedOf.get(answer.que_id);
        const shared = sameQuestion?.get(answer.reponse);
        if (
          shared !== undefined &&
          shared.que_question_fr === answer.que_question_fr &&
          shared.que_question_en === answer.que_question_en
        ) {
          if (shared !== answer && isPlainAnswer(answer)) answers[i] = shared;
          continue;
        }
        const first = firstOf.get(answer.que_id);
        if (!first) firstOf.set(answer.que_id, answer);
        else
          for (const key of TITLE_KEYS) {
            if (typeof answer[key] === 'string' && answer[key] === first[key]) answer[key] = first[key];
          }
        if (shared !== undefined || !isPlainAnswer(answer)) continue;
        if (!sameQuestion)
          sharedOf.set(answer.que_id, (sameQuestion = new Map<unknown, Record<string, unknown>>()));
        sameQuestion.set(answer.reponse, answer);
      }
    }
  } catch {
    // A row that cannot be written to (frozen, or a getter) keeps its own strings and answers.
  }
  return rows;
}

const TITLE_KEYS = ['que_question_fr', 'que_question_en'] as const;

/** An answer with the documented fields and nothing else, as a plain object: safe to share. */
function isPlainAnswer(answer: Record<string, unknown>): boolean {
  if (Object.getPrototypeOf(answer) !== Object.prototype) return false;
  // Counted without listing the keys: this runs for every answer of every row.
  let fields = 0;
  for (const key in answer) {
    if (!ANSWER_FIELD_SET.has(key) || ++fields > ANSWER_FIELDS.length) return false;
  }
  return fields === ANSWER_FIELDS.length;
}

const ANSWER_FIELD_SET = new Set<string>(ANSWER_FIELDS);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
