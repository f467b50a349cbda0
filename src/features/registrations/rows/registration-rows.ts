import { phoneKeys, searchKey, sortKey } from '@/lib/text-keys';
import type { Registration } from '@/engine/api/registration-schemas';
import { paymentStatusKey } from '@/engine/api/payment-status';
import { isQuestionColumn } from './question-columns';
import type { RegistrationLabels } from './registration-labels';

/**
 * A registration as the table shows it in one language: the text of every cell (what the
 * screen and the CSV show), plus its searched text, computed when a search first needs it.
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
  /** The person's name as every surface shows it (see RegistrationLabels.person). */
  name: string;
  cells: Record<string, string>;
  /** Cache of searchText(): the searched visible cells, for one set of columns. */
  search: { columns: string; text: string } | null;
}

type RowLabels = Pick<RegistrationLabels, 'category' | 'status' | 'person'>;

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
    // A question the registration did not answer has no cell: readers use `?? ''`.
    const cells: Record<string, string> = {
      registration_id: String(registration.registration_id),
      first_name: registration.first_name ?? '',
      last_name: registration.last_name ?? '',
      email: registration.email ?? '',
      category: this.labels.category(categoryId),
      order_id: registration.order_id ?? '',
      payment_status: this.labels.status(status),
    };
    for (const answer of registration.custom_questions) cells[`q:${answer.que_id}`] = answer.reponse ?? '';
    return {
      id: registration.registration_id,
      registration,
      categoryKey: categoryId === null ? '' : String(categoryId),
      statusKey: paymentStatusKey(status),
      name: this.labels.person(registration),
      cells,
      search: null,
    };
  }
}

/**
 * The text of one cell as it is sorted (lib/text-keys sortKey). Not kept per cell: each
 * column's order is sorted once and cached (sort-rows), so keeping a folded copy of every cell
 * would only cost memory.
 */
export function sortedCell(row: RegistrationRow, columnId: string): string {
  return sortKey(row.cells[columnId] ?? '');
}

/**
 * What one cell is searched as: its search key, and for an answer the national and
 * international forms of the phone numbers in it, as the search across events indexes them.
 */
function searchedCell(row: RegistrationRow, columnId: string): string {
  const text = row.cells[columnId] ?? '';
  if (!isQuestionColumn(columnId)) return searchKey(text);
  let searched = answersSearched.get(text);
  if (searched === undefined) {
    const phones = phoneKeys(text);
    searched = phones.length === 0 ? searchKey(text) : [searchKey(text), ...phones].join(FIELD_SEPARATOR);
    if (answersSearched.size >= ANSWERS_REMEMBERED) answersSearched.clear();
    answersSearched.set(text, searched);
  }
  return searched;
}

/**
 * Answers as searched, by their text: the same few answers ("M", "Oui", a club's name) come back
 * on most rows, so each is folded once. Bounded: free-text answers are mostly distinct.
 */
const answersSearched = new Map<string, string>();
const ANSWERS_REMEMBERED = 50_000;

/** Between the searched cells: no search term holds it (terms are split on spaces). */
const FIELD_SEPARATOR = '\u0001';

/**
 * The searched text of the row's visible cells, joined by a character no search term can
 * contain, so one `includes` per term searches every column. Kept on the row until the visible
 * columns change.
 */
export function searchText(
  row: RegistrationRow,
  columnIds: readonly string[],
  columnsKey: string = searchColumnsKey(columnIds),
): string {
  if (row.search?.columns === columnsKey) return row.search.text;
  const text = columnIds.map((columnId) => searchedCell(row, columnId)).join(FIELD_SEPARATOR);
  row.search = { columns: columnsKey, text };
  return text;
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
