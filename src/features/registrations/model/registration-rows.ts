import type { Language } from '@/i18n/languages';
import { localizedText } from '@/lib/localized-field';
import { normalizeForSearch } from '@/lib/search-text';
import type { Category } from '@/features/events/api/schemas';
import type { Registration } from '../api/schemas';
import type { QuestionColumn } from './question-columns';

/** The fixed columns, in display order; question columns follow. */
export const FIXED_COLUMN_IDS = [
  'registration_id',
  'first_name',
  'last_name',
  'email',
  'category',
  'order_id',
  'payment_status',
] as const;
export type FixedColumnId = (typeof FIXED_COLUMN_IDS)[number];

export const KNOWN_STATUSES = ['paid', 'pending', 'free', 'refunded', 'cancelled'] as const;
export type KnownStatus = (typeof KNOWN_STATUSES)[number];

export function isKnownStatus(value: string): value is KnownStatus {
  return (KNOWN_STATUSES as readonly string[]).includes(value);
}

/**
 * A registration as the table shows it in one language: the text of every cell (what the
 * screen and the CSV show), plus lazily computed normalized text for search and sort.
 */
export interface RegistrationRow {
  id: number;
  registration: Registration;
  /** Category id as text, '' when none: the value of the category filter. */
  categoryKey: string;
  /** The raw payment status, '' when none: the value of the status filter. */
  statusKey: string;
  cells: Record<string, string>;
  /** Cache of normalizedCell(). */
  norm: Record<string, string>;
}

export interface RowContext {
  language: Language;
  categories: ReadonlyMap<number, Category>;
  questions: readonly QuestionColumn[];
  statusLabel: (status: string) => string;
}

export function categoryLabel(
  categoryId: number | null | undefined,
  context: Pick<RowContext, 'categories' | 'language'>,
): string {
  if (categoryId === null || categoryId === undefined) return '';
  const category = context.categories.get(categoryId);
  return (category && localizedText(category, 'epr_nom', context.language)) || `#${categoryId}`;
}

export function buildRows(registrations: readonly Registration[], context: RowContext): RegistrationRow[] {
  const statusLabels = new Map<string, string>();
  const categoryLabels = new Map<number, string>();
  return registrations.map((registration) => {
    const status = registration.payment_status ?? '';
    let statusText = statusLabels.get(status);
    if (statusText === undefined) {
      statusText = status ? context.statusLabel(status) : '';
      statusLabels.set(status, statusText);
    }
    const categoryId = registration.category_id ?? null;
    let categoryText = categoryId === null ? '' : categoryLabels.get(categoryId);
    if (categoryText === undefined) {
      categoryText = categoryLabel(categoryId, context);
      categoryLabels.set(categoryId!, categoryText);
    }
    const cells: Record<string, string> = {
      registration_id: String(registration.registration_id),
      first_name: registration.first_name ?? '',
      last_name: registration.last_name ?? '',
      email: registration.email ?? '',
      category: categoryText,
      order_id: registration.order_id ?? '',
      payment_status: statusText,
    };
    for (const question of context.questions) cells[question.id] = '';
    for (const answer of registration.custom_questions) cells[`q:${answer.que_id}`] = answer.reponse ?? '';
    return {
      id: registration.registration_id,
      registration,
      categoryKey: categoryId === null ? '' : String(categoryId),
      statusKey: status,
      cells,
      norm: {},
    };
  });
}

const ASCII = /^[\x20-\x7e]*$/;

/** Normalized text for search and sort; ASCII takes a fast path (most cells are). */
export function normalizeCell(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : normalizeForSearch(text);
}

/**
 * Normalized text of one cell, computed on first use and kept on the row: sorting or
 * searching 25,000 rows then compares plain strings.
 */
export function normalizedCell(row: RegistrationRow, columnId: string): string {
  let value = row.norm[columnId];
  if (value === undefined) {
    value = normalizeCell(row.cells[columnId] ?? '');
    row.norm[columnId] = value;
  }
  return value;
}
