import { narrowsSearch, searchTerms } from '@/lib/text-keys';
import {
  answerKeyer,
  parseCleanKey,
  type EventCorrections,
  type QuestionReading,
} from '@/lib/clean-answers/clean-answers';
import { paymentStatusKey } from '@/engine/api/payment-status';
import { questionColumnId } from './question-columns';
import { cellText, searchColumnsKey, searchMatcher, type RegistrationRow } from './registration-rows';
import { countOne } from './facet-options';
import { parseAnswerFilter } from './registrations-view';

export interface RowFilters {
  q: string;
  /** Category ids as text ('' = no category); empty = all. */
  categories: readonly string[];
  /** Payment statuses, compared by their key ('' = none); empty = all. */
  statuses: readonly string[];
  /**
   * Categories and statuses left out ("everyone except"). They name what goes, so a value
   * first seen later (a new status after a sync) stays in; an excluded value that is also
   * chosen is left out.
   */
  excludedCategories?: readonly string[];
  excludedStatuses?: readonly string[];
  /** `<que_id>:<answer key>` entries: a row must match one answer of each question listed. */
  answers?: readonly string[];
  /** The promoter's corrections to how answers are read: a wanted clean value reads with them. */
  corrections?: EventCorrections;
  /** One order number, compared exactly; '' or absent = every order. */
  order?: string;
}

export interface FilteredRows {
  /** Shared by the calls that filter the same rows the same way: never changed in place. */
  rows: readonly RegistrationRow[];
  /** How many rows each category / status would show with the other filters applied. */
  categoryCounts: ReadonlyMap<string, number>;
  statusCounts: ReadonlyMap<string, number>;
}

/** The last search over one row list and column set: typing on narrows from it. */
interface LastSearch {
  columnsKey: string;
  terms: readonly string[];
  matched: readonly RegistrationRow[];
}
const lastSearch = new WeakMap<readonly RegistrationRow[], LastSearch>();

/**
 * The last filtering of each list (keyed by its first row, the same object from one snapshot
 * of a load to the next): while a load runs, each snapshot is the rows of the previous one
 * with more behind them, and whether a row is kept depends on that row alone, so only the new
 * rows are filtered and their counts added. At 25,000 rows, filtering all of them again at
 * every snapshot would be a long task on a phone.
 */
const lastFiltering = new WeakMap<
  RegistrationRow,
  { rows: readonly RegistrationRow[]; key: string; result: FilteredRows }
>();

/**
 * Search over the visible columns and the category, status, answer and order filters, with
 * facet counts (see filterAll); a list that only grew since it was last filtered the same way
 * is filtered from where that left off.
 */
export function filterRows(
  rows: readonly RegistrationRow[],
  filters: RowFilters,
  visibleColumnIds: readonly string[],
): FilteredRows {
  const first = rows[0];
  if (first === undefined) return filterAll(rows, filters, visibleColumnIds);
  const key = filteringKey(filters, visibleColumnIds);
  const last = lastFiltering.get(first);
  let result: FilteredRows;
  if (last && last.key === key && startsWith(rows, last.rows)) {
    if (rows.length === last.rows.length) return last.result;
    const tail = filterAll(rows.slice(last.rows.length), filters, visibleColumnIds);
    result = {
      rows: last.result.rows.concat(tail.rows),
      categoryCounts: addCounts(last.result.categoryCounts, tail.categoryCounts),
      statusCounts: addCounts(last.result.statusCounts, tail.statusCounts),
    };
  } else {
    result = filterAll(rows, filters, visibleColumnIds);
  }
  lastFiltering.set(first, { rows, key, result });
  return result;
}

function filteringKey(filters: RowFilters, visibleColumnIds: readonly string[]): string {
  return JSON.stringify([
    filters.q,
    filters.categories,
    filters.statuses,
    filters.excludedCategories ?? [],
    filters.excludedStatuses ?? [],
    filters.answers ?? [],
    filters.answers?.length ? (filters.corrections ?? {}) : {},
    filters.order ?? '',
    searchColumnsKey(visibleColumnIds),
  ]);
}

/** Whether `rows` begins with every row of `before`, the same objects in the same order. */
function startsWith(rows: readonly RegistrationRow[], before: readonly RegistrationRow[]): boolean {
  if (rows.length < before.length) return false;
  for (let i = 0; i < before.length; i++) if (rows[i] !== before[i]) return false;
  return true;
}

function addCounts(
  before: ReadonlyMap<string, number>,
  more: ReadonlyMap<string, number>,
): Map<string, number> {
  const counts = new Map(before);
  for (const [value, count] of more) counts.set(value, (counts.get(value) ?? 0) + count);
  return counts;
}

/**
 * Search over the visible columns (all words, any order, ignoring case and accents) and the
 * category and status filters (chosen values and exclusions), with facet counts. Keeps the
 * rows' order. This runs on every keystroke over up to 100,000 rows, so it searches one
 * precomputed normalized string per row (see searchText), and a query that extends the previous one ("mar" after "ma") only searches
 * the rows the previous one matched: every word of the longer query contains a word of the
 * shorter one, so its matches are a subset.
 */
function filterAll(
  rows: readonly RegistrationRow[],
  filters: RowFilters,
  visibleColumnIds: readonly string[],
): FilteredRows {
  const columnsKey = searchColumnsKey(visibleColumnIds);
  const matched = answerRows(
    searchRows(rows, filters.q, visibleColumnIds, columnsKey),
    filters.answers ?? [],
    filters.corrections ?? {},
  );
  const order = filters.order?.trim() ?? '';
  const categories = new Set(filters.categories);
  // Values from a link or a saved view may be a status as sent: compared by their key.
  const statuses = new Set(filters.statuses.map(paymentStatusKey));
  const notCategories = new Set(filters.excludedCategories);
  const notStatuses = new Set((filters.excludedStatuses ?? []).map(paymentStatusKey));
  const categoryCounts = new Map<string, number>();
  const statusCounts = new Map<string, number>();
  const result: RegistrationRow[] = [];

  for (const row of matched) {
    if (order !== '' && cellText(row, 'order_id').trim() !== order) continue;
    const categoryOk =
      (categories.size === 0 || categories.has(row.categoryKey)) && !notCategories.has(row.categoryKey);
    const statusOk = (statuses.size === 0 || statuses.has(row.statusKey)) && !notStatuses.has(row.statusKey);
    // Facet counts: what each option would give combined with the other facet (its choices
    // and exclusions), so a value excluded in one facet still shows its count to bring back.
    if (statusOk) countOne(categoryCounts, row.categoryKey);
    if (categoryOk) countOne(statusCounts, row.statusKey);
    if (categoryOk && statusOk) result.push(row);
  }
  return { rows: result, categoryCounts, statusCounts };
}

function searchRows(
  rows: readonly RegistrationRow[],
  q: string,
  columnIds: readonly string[],
  columnsKey: string,
): readonly RegistrationRow[] {
  const terms = searchTerms(q);
  if (terms.length === 0) return rows;
  const last = lastSearch.get(rows);
  const from =
    last && last.columnsKey === columnsKey && narrowsSearch(last.terms, terms) ? last.matched : rows;
  const matched = from.filter(searchMatcher(columnIds, terms, columnsKey));
  lastSearch.set(rows, { columnsKey, terms, matched });
  return matched;
}

/**
 * The key of each row's answer to each question, as an answer filter reads it, computed when a
 * filter first needs it.
 */
const answerKeys = new WeakMap<RegistrationRow, Map<string, string>>();

function answerKeyOf(
  row: RegistrationRow,
  columnId: string,
  slot: string,
  keyOf: (raw: string) => string,
): string {
  let keys = answerKeys.get(row);
  if (!keys) {
    keys = new Map();
    answerKeys.set(row, keys);
  }
  let key = keys.get(slot);
  if (key === undefined) {
    key = keyOf(cellText(row, columnId));
    keys.set(slot, key);
  }
  return key;
}

/**
 * Rows that gave one of the wanted answers to each question filtered. A wanted clean value
 * ("=SIZE:XL") reads that question's answers with its vocabulary and the promoter's
 * corrections, so "XL", "TG" and "x-large" all match; an answer the vocabulary cannot read
 * keeps its folded form and matches as before.
 */
function answerRows(
  rows: readonly RegistrationRow[],
  answers: readonly string[],
  corrections: EventCorrections,
): readonly RegistrationRow[] {
  if (answers.length === 0) return rows;
  const wanted = new Map<string, { queId: number; keys: Set<string>; reading: QuestionReading }>();
  for (const entry of answers) {
    const { queId, key } = parseAnswerFilter(entry);
    const columnId = questionColumnId(queId);
    const question = wanted.get(columnId) ?? { queId, keys: new Set<string>(), reading: null };
    question.keys.add(key);
    question.reading ??= parseCleanKey(key)?.vocabulary ?? null;
    wanted.set(columnId, question);
  }
  // The same few answers come back thousands of times: each is read once per filtering.
  const questions = [...wanted].map(([columnId, { queId, keys, reading }]) => {
    const corrected = reading ? corrections[String(queId)] : undefined;
    // Each reading of a question, corrected or not, keeps its own keys on the row.
    const slot = reading ? `${columnId}\u0000${reading}\u0000${JSON.stringify(corrected ?? {})}` : columnId;
    return { columnId, keys, slot, keyOf: answerKeyer(reading, undefined, corrected) };
  });
  return rows.filter((row) =>
    questions.every(({ columnId, keys, slot, keyOf }) => keys.has(answerKeyOf(row, columnId, slot, keyOf))),
  );
}
