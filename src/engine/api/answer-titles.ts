/**
 * Every answer carries its question's titles in both languages (API document 2.5), so a large
 * event repeats the same few titles on every row. Read from JSON, or copied from one thread to
 * another, each repeat is a string of its own: at 100,000 registrations they weigh more than the
 * answers. `shareAnswerTitles` points every equal title of a batch of rows at one string, in
 * place; what the rows say does not change.
 *
 * It reads what it is given as untrusted (rows relayed by another thread are not parsed again):
 * anything not shaped like an answer is left as it is. Never throws.
 */
export function shareAnswerTitles<T>(rows: T): T {
  if (!Array.isArray(rows)) return rows;
  try {
    const first = new Map<unknown, Record<string, unknown>>();
    for (const row of rows as unknown[]) {
      const answers = isRecord(row) ? row.custom_questions : null;
      if (!Array.isArray(answers)) continue;
      for (const answer of answers as unknown[]) {
        if (!isRecord(answer)) continue;
        const known = first.get(answer.que_id);
        if (!known) {
          first.set(answer.que_id, answer);
          continue;
        }
        for (const key of TITLE_KEYS) {
          if (typeof answer[key] === 'string' && answer[key] === known[key]) answer[key] = known[key];
        }
      }
    }
  } catch {
    // A row that cannot be written to (frozen, or a getter) keeps its own strings.
  }
  return rows;
}

const TITLE_KEYS = ['que_question_fr', 'que_question_en'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
