import { boundedMemo } from '@/lib/bounded-memo';
import { phoneKeys, searchKey, sortKey } from '@/lib/text-keys';
import type { Registration } from '@/engine/api/registration-schemas';
import { paymentStatusKey } from '@/engine/api/payment-status';
import { isQuestionColumn, questionOfColumn } from './question-columns';
import type { RegistrationLabels } from './registration-labels';

/**
 * A registration as the table shows it in one language: what its cells show (cellText) and its
 * searched text, computed when a search first needs it. The cells are read from the
 * registration when asked for rather than kept: a record of every row's cells would cost an
 * object and its properties per row, for text the registration holds already.
 */
export interface RegistrationRow {
  id: number;
  registration: Registration;
  /** Category id as text, '' when none: the value of the category filter. */
  categoryKey: string;
  /**
   * The payment status as statuses are compared (payment-status paymentStatusKey: " Cancelled "
   * is "cancelled"), '' when none: what the status filter and its counts go by.
   */
  statusKey: string;
  /** The labels of the row's language: its person's name is read through them (personName). */
  labels: RowLabels;
  /** The category cell: its label, one string shared by the category's rows. */
  category: string;
  /** The payment status cell: its label, one string shared by the status's rows. */
  status: string;
  /** Cache of searchText(): the set of searched columns it is for (searchColumnsKey), or null. */
  searchColumns: string | null;
  /** Cache of searchText(): the searched visible cells, for `searchColumns`. */
  searchText: string;
}

export type RowLabels = Pick<RegistrationLabels, 'category' | 'status' | 'person'>;

/**
 * Builds table rows, remembering each one by its registration: while 25,000 registrations
 * stream in page by page, each snapshot only builds the rows it has not seen. A new builder
 * is made when the language or the categories change (the cells' text changes then).
 * Category and status cells are the labels of registration-labels, word for word.
 */
export class RowBuilder {
  private readonly built = new WeakMap<Registration, RegistrationRow>();

  constructor(private readonly labels: RowLabels) {}

  /** Whether this registration's row is built already (the same object, in these labels). */
  isBuilt(registration: Registration): boolean {
    return this.built.has(registration);
  }

  build(registrations: readonly Registration[]): RegistrationRow[] {
    return registrations.map((registration) => {
      let row = this.built.get(registration);
      if (!row) {
        row = this.buildOne(registration);
        this.built.set(registration, row);
      }
      return row;
    });
  }

  private buildOne(registration: Registration): RegistrationRow {
    const status = registration.payment_status ?? '';
    const categoryId = registration.category_id ?? null;
    return {
      id: registration.registration_id,
      registration,
      categoryKey: categoryId === null ? '' : String(categoryId),
      statusKey: paymentStatusKey(status),
      labels: this.labels,
      category: this.labels.category(categoryId),
      status: this.labels.status(status),
      searchColumns: null,
      searchText: '',
    };
  }
}

/**
 * The person's name as every surface shows it (RegistrationLabels.person). Read when drawn,
 * not kept: a few rows are drawn at a time, and a name kept per row would be a string per row.
 */
export function personName(row: RegistrationRow): string {
  return row.labels.person(row.registration);
}

/**
 * The text of one cell, as the screen, the printed list and the files show it: '' for an empty
 * field, a question the registration did not answer, or a column it does not have.
 */
export function cellText(row: RegistrationRow, columnId: string): string {
  const registration = row.registration;
  switch (columnId) {
    case 'registration_id':
      return String(row.id);
    case 'first_name':
      return registration.first_name ?? '';
    case 'last_name':
      return registration.last_name ?? '';
    case 'email':
      return registration.email ?? '';
    case 'category':
      return row.category;
    case 'order_id':
      return registration.order_id ?? '';
    case 'payment_status':
      return row.status;
  }
  const queId = questionOf(columnId);
  if (queId === null) return '';
  // A question answered twice shows its last answer.
  let text = '';
  for (const answer of registration.custom_questions)
    if (answer.que_id === queId) text = answer.reponse ?? '';
  return text;
}

/**
 * Column id → question id: parsed once per column, not once per cell read. Bounded: column ids
 * also come from addresses and saved views, where anything may be written.
 */
const questionOf = boundedMemo(1_000, questionOfColumn);

/**
 * The text of one cell as it is sorted (lib/text-keys sortKey). Not kept per cell: each
 * column's order is sorted once and cached (sort-rows), so keeping a folded copy of every cell
 * would only cost memory.
 */
export function sortedCell(row: RegistrationRow, columnId: string): string {
  return sortKey(cellText(row, columnId));
}

/**
 * What one cell is searched as: its search key, and for an answer the national and
 * international forms of the phone numbers in it, as the search across events indexes them.
 */
function searchedCell(row: RegistrationRow, columnId: string): string {
  const text = cellText(row, columnId);
  return isQuestionColumn(columnId) ? answerSearched(text) : searchKey(text);
}

/**
 * An answer as searched, by its text: the same few answers ("M", "Oui", a club's name) come back
 * on most rows, so each is folded once. Bounded: free-text answers are mostly distinct.
 */
const answerSearched = boundedMemo(50_000, (text: string) => {
  const phones = phoneKeys(text);
  return phones.length === 0 ? searchKey(text) : [searchKey(text), ...phones].join(FIELD_SEPARATOR);
});

/** Between the searched cells: no search term holds it (terms are split on spaces). */
const FIELD_SEPARATOR = '\u0001';

/**
 * Columns whose cell is a label shared by many rows (a category's, a payment status's): searched
 * through the label, once per search, rather than copied into every row's searched text.
 */
const LABEL_COLUMNS: ReadonlySet<string> = new Set(['category', 'payment_status']);

/**
 * The searched text of the row's visible cells but its labels (LABEL_COLUMNS), joined by a
 * character no search term can contain, so one `includes` per term searches every such column.
 * Kept on the row until the visible columns change. Search with `searchMatcher`, which reads the
 * labels too.
 */
export function searchText(
  row: RegistrationRow,
  columnIds: readonly string[],
  columnsKey: string = searchColumnsKey(columnIds),
): string {
  if (row.searchColumns === columnsKey) return row.searchText;
  // Joined, not concatenated cell by cell: one flat string, not a chain of pieces.
  const text = columnIds
    .filter((columnId) => !LABEL_COLUMNS.has(columnId))
    .map((columnId) => searchedCell(row, columnId))
    .join(FIELD_SEPARATOR);
  row.searchColumns = columnsKey;
  row.searchText = text;
  return text;
}

/**
 * Whether a row holds every term in one of the visible columns (all words, any order, each
 * within one cell): in its searched text, or in its category's or status's label when that
 * column is visible. Each label is folded and searched once per matcher, not once per row.
 */
export function searchMatcher(
  columnIds: readonly string[],
  terms: readonly string[],
  columnsKey: string = searchColumnsKey(columnIds),
): (row: RegistrationRow) => boolean {
  const byCategory = columnIds.includes('category');
  const byStatus = columnIds.includes('payment_status');
  const termsIn = new Map<string, readonly boolean[]>();
  const labelHas = (label: string): readonly boolean[] => {
    let found = termsIn.get(label);
    if (!found) {
      const searched = searchKey(label);
      termsIn.set(label, (found = terms.map((term) => searched.includes(term))));
    }
    return found;
  };
  return (row) => {
    const text = searchText(row, columnIds, columnsKey);
    const inCategory = byCategory ? labelHas(row.category) : null;
    const inStatus = byStatus ? labelHas(row.status) : null;
    return terms.every(
      (term, i) => text.includes(term) || inCategory?.[i] === true || inStatus?.[i] === true,
    );
  };
}

const columnsKeys = new WeakMap<readonly string[], string>();

/**
 * Identifies a set of searched columns in the searchText() cache. The same array always gets
 * the same string instance, so the per-row cache check is a pointer comparison, not a
 * comparison of two long strings, 100,000 times per keystroke.
 */
export function searchColumnsKey(columnIds: readonly string[]): string {
  let key = columnsKeys.get(columnIds);
  if (key === undefined) {
    key = columnIds.join('\u0002');
    columnsKeys.set(columnIds, key);
  }
  return key;
}
