import { answerKeyer, type EventCorrections } from '@/lib/clean-answers/clean-answers';
import { paymentStatusKey } from '../api/payment-status';
import type { Registration } from '../api/registration-schemas';

/**
 * The answers of a question read with a vocabulary (sizes, yes/no), counted per category and
 * payment status: all an order sheet needs to count any choice of statuses, grouped any way,
 * on the page, without the rows.
 */
export interface AnswerCell {
  /** null: registrations without a category. */
  readonly categoryId: number | null;
  /** The status as first sent (compared as payment-status compares; '' for none). */
  readonly status: string;
  /** Registrations of this category and status that answered. */
  readonly answered: number;
  /** counts[i]: the answers equal to the question's answers[i]. */
  readonly counts: readonly number[];
}

interface CountedQuestion {
  readonly queId: number;
  readonly reading: Parameters<typeof answerKeyer>[0];
  readonly answers: readonly { readonly key: string }[];
}

interface Cell {
  categoryId: number | null;
  status: string;
  answered: number;
  counts: number[];
}

/**
 * One pass over the registrations for the questions read with a vocabulary; the others get
 * undefined. The first non-blank answer of a question counts, as in the figures.
 */
export function answerCells(
  registrations: readonly Registration[],
  questions: readonly CountedQuestion[],
  fold?: (text: string) => string,
  corrections: EventCorrections = {},
): (readonly AnswerCell[] | undefined)[] {
  const read = questions.flatMap((question, index) => (question.reading ? [{ question, index }] : []));
  // Per question read: category -> status key -> cell.
  const cells: (Map<number | null, Map<string, Cell>> | undefined)[] = questions.map((question) =>
    question.reading ? new Map() : undefined,
  );
  if (read.length === 0) return cells.map(() => undefined);
  const byQueId = new Map(
    read.map(({ question, index }) => [
      question.queId,
      {
        index,
        keyOf: answerKeyer(question.reading, fold, corrections[String(question.queId)]),
        answerIndex: new Map(question.answers.map((answer, i) => [answer.key, i])),
        size: question.answers.length,
      },
    ]),
  );
  const done = new Set<number>();
  // The same few statuses come back on every row: each is folded once.
  const statusKeys = new Map<string, string>();
  for (const registration of registrations) {
    done.clear();
    const status = registration.payment_status ?? '';
    let statusKey = statusKeys.get(status);
    if (statusKey === undefined) statusKeys.set(status, (statusKey = paymentStatusKey(status)));
    const categoryId = registration.category_id ?? null;
    for (const entry of registration.custom_questions) {
      if (done.has(entry.que_id)) continue;
      const question = byQueId.get(entry.que_id);
      if (!question) continue;
      const key = question.keyOf(entry.reponse ?? '');
      if (key === '') continue;
      done.add(entry.que_id);
      const table = cells[question.index]!;
      let byStatus = table.get(categoryId);
      if (!byStatus) table.set(categoryId, (byStatus = new Map<string, Cell>()));
      let cell = byStatus.get(statusKey);
      if (!cell) {
        cell = { categoryId, status, answered: 0, counts: new Array<number>(question.size).fill(0) };
        byStatus.set(statusKey, cell);
      }
      cell.answered += 1;
      const at = question.answerIndex.get(key);
      if (at !== undefined) cell.counts[at] = (cell.counts[at] ?? 0) + 1;
    }
  }
  return cells.map((table) => table && [...table.values()].flatMap((byStatus) => [...byStatus.values()]));
}
