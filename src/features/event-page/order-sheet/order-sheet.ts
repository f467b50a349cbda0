import type { Category } from '@/engine/api/event-schemas';
import { LEFT_OUT_STATUSES, paymentStatusKey } from '@/engine/api/payment-status';
import type { QuestionInsight } from '@/engine/figures/question-insights';
import { cleanOrder } from '@/lib/clean-answers/clean-answers';
import { pickLocalized } from '@/lib/localized-field';
import { answerKey } from '@/lib/text-keys';
import type { RegistrationLabels } from '@/features/registrations/rows/registration-labels';

/**
 * The merchandise order of an event: how many of each size to order, from the answers to a
 * question read as sizes (clean-answers.ts), counted for the payment statuses the promoter
 * chooses, grouped by category, by category type or not at all, with a spare margin rounded
 * up per size. Pure: the engine counted the answers per category and status (answer-cells.ts);
 * this only adds them up, so changing a choice redraws at once.
 */

/** By category, by category type, by groups of categories the promoter names, or none. */
export type OrderGrouping = 'category' | 'type' | 'named' | 'none';
export const ORDER_GROUPINGS: readonly OrderGrouping[] = ['category', 'type', 'named', 'none'];

export interface OrderChoice {
  /** Status keys counted (payment-status compares); null: every status but the left-out ones. */
  readonly statuses: readonly string[] | null;
  readonly grouping: OrderGrouping;
  /** Spare, in percent of each size's count, rounded up per size. */
  readonly margin: number;
  /**
   * With the 'named' grouping: the group name given to each category (by its id, "none" for
   * registrations without one). Categories given the same name, whatever its case or accents,
   * are counted together; a category without a name is a group of its own.
   */
  readonly names?: Readonly<Record<string, string>>;
}

/** The key of a category in OrderChoice.names. */
export const groupNameKey = (categoryId: number | null) =>
  categoryId === null ? 'none' : String(categoryId);

export const DEFAULT_ORDER_CHOICE: OrderChoice = { statuses: null, grouping: 'category', margin: 0 };

/** Group ids are strings: a category id, a category type's folded name, "all" or "none". */
export interface OrderGroup {
  readonly id: string;
  /**
   * The group's name (a category as registration-labels names it, a category type), or null:
   * registrations without a category type, or all of them when not grouped.
   */
  readonly name: string | null;
  /** One count per size, in the sheet's size order. */
  readonly counts: readonly number[];
  readonly total: number;
}

/** A line of the sheet, named: a group, or the totals ("counted", "to order"). */
export interface SheetLine {
  readonly id: string;
  readonly kind: 'group' | 'counted' | 'order';
  readonly name: string;
  /** One count per size, in the sheet's size order. */
  readonly counts: readonly number[];
  readonly total: number;
}

export interface OrderSheet {
  /** The sizes ordered (clean keys), in the vocabulary's order: those anyone answered. */
  readonly sizes: readonly string[];
  readonly groups: readonly OrderGroup[];
  /** Per size, over all groups. */
  readonly counted: readonly number[];
  /** Per size with the margin, each rounded up. */
  readonly toOrder: readonly number[];
  readonly total: number;
  readonly totalToOrder: number;
  /** Answers of the counted statuses that could not be read as a size: listed, not ordered. */
  readonly unread: readonly { readonly key: string; readonly text: string; readonly count: number }[];
  /**
   * Registrations that answered the question, per status key (payment-status), whatever the
   * choice counts: a frozen order keeps them, to tell new registrations and cancellations later.
   */
  readonly answeredByStatus: Readonly<Record<string, number>>;
}

/** Whether a status is counted by the choice (null: all but cancelled and refunded). */
export function countsStatus(choice: OrderChoice, status: string): boolean {
  const key = paymentStatusKey(status);
  return choice.statuses === null
    ? !(LEFT_OUT_STATUSES as readonly string[]).includes(key)
    : choice.statuses.includes(key);
}

/** A count with the spare margin, rounded up: 10 M at 5% is 11, never 10.5. */
export function withMargin(count: number, margin: number): number {
  return count === 0 ? 0 : Math.ceil((count * (100 + margin)) / 100 - 1e-9);
}

/** The sheet of a question read as sizes; its insight must carry the cells (byCategory). */
export function orderSheet(
  question: QuestionInsight,
  labels: Pick<RegistrationLabels, 'categories' | 'category' | 'language'>,
  choice: OrderChoice,
): OrderSheet {
  const { categories, language } = labels;
  const sizeIndexes = question.answers
    .map((answer, index) => ({ answer, index }))
    .filter(({ answer }) => cleanOrder(answer.key) >= 0);
  const unreadIndexes = question.answers
    .map((answer, index) => ({ answer, index }))
    .filter(({ answer }) => cleanOrder(answer.key) < 0);
  const byId = new Map(categories.map((category) => [category.category_id, category]));
  // A named group is titled as typed for the first of its categories in the event's order.
  const titles = new Map<string, string>();
  for (const id of [...categories.map((category) => groupNameKey(category.category_id)), 'none']) {
    const name = choice.names?.[id]?.trim();
    if (name && !titles.has(answerKey(name))) titles.set(answerKey(name), name);
  }
  const groups = new Map<string, { name: string | null; counts: number[] }>();
  const unread = unreadIndexes.map(() => 0);
  const answeredByStatus: Record<string, number> = {};
  for (const cell of question.cells ?? []) {
    const statusKey = paymentStatusKey(cell.status);
    answeredByStatus[statusKey] = (answeredByStatus[statusKey] ?? 0) + cell.answered;
    if (!countsStatus(choice, cell.status)) continue;
    const { id, name } = groupOf(cell.categoryId, choice, byId, titles, labels);
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { name, counts: sizeIndexes.map(() => 0) }));
    sizeIndexes.forEach(({ index }, at) => (group.counts[at]! += cell.counts[index] ?? 0));
    unreadIndexes.forEach(({ index }, at) => (unread[at]! += cell.counts[index] ?? 0));
  }
  const listed = [...groups].map(([id, { name, counts }]) => ({
    id,
    name,
    counts,
    total: counts.reduce((sum, count) => sum + count, 0),
  }));
  // Named groups in the order the promoter reads them; the unnamed one last.
  listed.sort((a, b) =>
    a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name, language),
  );
  const counted = sizeIndexes.map((_, at) => listed.reduce((sum, group) => sum + (group.counts[at] ?? 0), 0));
  const toOrder = counted.map((count) => withMargin(count, choice.margin));
  // Sizes nobody of the counted statuses asked for are left out of the columns.
  const kept = counted.flatMap((count, at) => (count > 0 ? [at] : []));
  return {
    sizes: kept.map((at) => sizeIndexes[at]!.answer.key),
    groups: listed.map((group) => ({ ...group, counts: kept.map((at) => group.counts[at]!) })),
    counted: kept.map((at) => counted[at]!),
    toOrder: kept.map((at) => toOrder[at]!),
    total: counted.reduce((sum, count) => sum + count, 0),
    totalToOrder: toOrder.reduce((sum, count) => sum + count, 0),
    unread: unreadIndexes
      .map(({ answer }, at) => ({ key: answer.key, text: answer.text, count: unread[at]! }))
      .filter((answer) => answer.count > 0),
    answeredByStatus,
  };
}

function groupOf(
  categoryId: number | null,
  { grouping, names }: OrderChoice,
  byId: ReadonlyMap<number, Category>,
  titles: ReadonlyMap<string, string>,
  labels: Pick<RegistrationLabels, 'category' | 'language'>,
): { id: string; name: string | null } {
  if (grouping === 'none') return { id: 'all', name: null };
  const named = grouping === 'named' ? names?.[groupNameKey(categoryId)]?.trim() : undefined;
  if (named) {
    const key = answerKey(named);
    return { id: `named:${key}`, name: titles.get(key) ?? named };
  }
  if (grouping === 'category' || grouping === 'named') {
    return { id: categoryId === null ? 'none' : String(categoryId), name: labels.category(categoryId) };
  }
  const category = categoryId === null ? undefined : byId.get(categoryId);
  const type = category ? pickLocalized(category, 'epr_type', labels.language)?.text.trim() : undefined;
  return type ? { id: `type:${answerKey(type)}`, name: type } : { id: 'none', name: null };
}
