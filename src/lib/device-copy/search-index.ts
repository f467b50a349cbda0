import type { DeviceRegistration } from './registrations-codec';
import { phoneKeys, queryTerms, searchKey } from './search-keys';
import type { SearchAnswer, SearchHit } from './search-protocol';

/**
 * The search across events: each event's registrations as one packed string of their search
 * keys (name, e-mail, order number, phone numbers found in the answers), rows separated by a
 * line break and fields by a tab (a query term never holds either: terms are split on
 * whitespace). A search runs `indexOf` of the query's longest term over each event's string,
 * checks the other terms in the row it landed in, and jumps to the next row. Measured on
 * 500,000 registrations (see search-index.bench in the README): a packed string scanned with
 * indexOf answers in a few ms for a name, against tens of ms for a loop over one string per
 * row, and a trigram index would cost several times the memory for no gain at this size.
 *
 * What a result shows (names, e-mail, order, status, category) is kept packed too, one string
 * per event and the start of each field in an Int32Array: 500,000 rows as five separate
 * strings each would take about 100 MB more.
 */

/** The fields a result shows, in the order they are packed. */
const FIELDS = ['first_name', 'last_name', 'email', 'order_id', 'payment_status'] as const;

interface IndexedEvent {
  readonly eventId: number;
  /** The version indexed: when its copy was saved (ms), to skip a read of the same version. */
  readonly version: number;
  readonly haystack: string;
  /** Where each row starts in `haystack`, and its end as a last entry. */
  readonly rowStarts: Int32Array;
  readonly ids: Float64Array;
  /** NaN: no category. */
  readonly categories: Float64Array;
  readonly display: string;
  /** Where each row's fields start in `display` (FIELDS.length per row), and its end. */
  readonly fieldStarts: Int32Array;
  /** The fields that were null (bit i: FIELDS[i]). */
  readonly nulls: Uint8Array;
}

/**
 * Names come from a few thousand distinct values: each first and last name pair is normalized
 * once. As one text, so digits either side of the space join as in the query ("6 1" is "61").
 */
const nameKeys = new Map<string, string>();
function nameKey(first: string | null, last: string | null): string {
  const name = `${first ?? ''} ${last ?? ''}`;
  let key = nameKeys.get(name);
  if (key === undefined) {
    if (nameKeys.size > 200_000) nameKeys.clear();
    key = searchKey(name);
    nameKeys.set(name, key);
  }
  return key;
}

/** The search keys of one registration, tab-separated. */
export function rowKeys(row: DeviceRegistration): string {
  let keys = `${nameKey(row.first_name, row.last_name)}\t${searchKey(row.email ?? '')}\t${searchKey(row.order_id ?? '')}`;
  for (const answer of row.custom_questions) {
    if (typeof answer.reponse !== 'string') continue;
    for (const phone of phoneKeys(answer.reponse)) keys += `\t${phone}`;
  }
  return keys;
}

/** Rows indexed between two pauses, so a search sent meanwhile waits for one slice at most. */
const ROWS_PER_SLICE = 5_000;

/** Builds an event's entries, pausing every few thousand rows (`pause`: the worker's turn). */
export async function indexEvent(
  eventId: number,
  version: number,
  rows: readonly DeviceRegistration[],
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<IndexedEvent> {
  const keys: string[] = new Array<string>(rows.length);
  const shown: string[] = [];
  const rowStarts = new Int32Array(rows.length + 1);
  const fieldStarts = new Int32Array(rows.length * FIELDS.length + 1);
  const ids = new Float64Array(rows.length);
  const categories = new Float64Array(rows.length);
  const nulls = new Uint8Array(rows.length);
  let at = 0;
  let shownAt = 0;
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % ROWS_PER_SLICE === 0) await pause();
    const row = rows[i]!;
    const key = rowKeys(row);
    keys[i] = key;
    rowStarts[i] = at;
    at += key.length + 1;
    ids[i] = row.registration_id;
    categories[i] = typeof row.category_id === 'number' ? row.category_id : NaN;
    FIELDS.forEach((field, f) => {
      const value = row[field];
      fieldStarts[i * FIELDS.length + f] = shownAt;
      if (typeof value !== 'string') nulls[i]! |= 1 << f;
      const text = typeof value === 'string' ? value : '';
      shown.push(text);
      shownAt += text.length;
    });
  }
  rowStarts[rows.length] = at;
  fieldStarts[rows.length * FIELDS.length] = shownAt;
  return {
    eventId,
    version,
    haystack: keys.join('\n'),
    rowStarts,
    ids,
    categories,
    display: shown.join(''),
    fieldStarts,
    nulls,
  };
}

function hitOf(event: IndexedEvent, row: number): SearchHit {
  const field = (f: number): string | null => {
    if (event.nulls[row]! & (1 << f)) return null;
    const start = event.fieldStarts[row * FIELDS.length + f]!;
    return event.display.slice(start, event.fieldStarts[row * FIELDS.length + f + 1]);
  };
  const category = event.categories[row]!;
  return {
    eventId: event.eventId,
    registrationId: event.ids[row]!,
    firstName: field(0),
    lastName: field(1),
    email: field(2),
    orderId: field(3),
    status: field(4),
    categoryId: Number.isNaN(category) ? null : category,
  };
}

/** The text of row `row`'s keys. */
function rowText(event: IndexedEvent, row: number): string {
  return event.haystack.slice(event.rowStarts[row], event.rowStarts[row + 1]! - 1);
}

/** The rows of the last search, kept while they are this many or fewer, to narrow the next. */
const KEEP_AT_MOST = 150_000;

interface LastSearch {
  readonly terms: readonly string[];
  readonly order: string;
  /** The matching rows of each event, in list order. */
  readonly rows: Map<number, number[]>;
}

/** Every synced event's entries, by event id. */
export class SearchIndex {
  private readonly events = new Map<number, IndexedEvent>();
  /** The previous search, while the index has not changed since. */
  private last: LastSearch | null = null;

  set(event: IndexedEvent): void {
    this.events.set(event.eventId, event);
    this.last = null;
  }

  versionOf(eventId: number): number | undefined {
    return this.events.get(eventId)?.version;
  }

  clear(): void {
    this.events.clear();
    this.last = null;
  }

  eventIds(): number[] {
    return [...this.events.keys()].sort((a, b) => a - b);
  }

  /**
   * The registrations matching every word of the query, in any field (so a name in either
   * order): the first `limit` of them, the events in `order` first (then by id), each event's
   * in its list's order, and how many match in all. An empty query matches nothing.
   *
   * A query that only makes the previous one more specific (each earlier word is inside a word
   * of this one: "mar" after "ma", "marie d" after "marie") can only match rows the previous
   * one matched, so only those are checked: typing narrows in a few ms.
   */
  search(query: string, limit: number, order: readonly number[] = []): Omit<SearchAnswer, 'building'> {
    const events = this.eventIds();
    const terms = queryTerms(query).sort((a, b) => b.length - a.length);
    const results: SearchHit[] = [];
    if (terms.length === 0) return { total: 0, results, events };
    const orderKey = order.join(',');
    const last = this.last;
    const narrow =
      last !== null &&
      last.order === orderKey &&
      last.terms.every((earlier) => terms.some((term) => term.includes(earlier)));
    const kept = new Map<number, number[]>();
    let keeping = true;
    let total = 0;
    const found = (event: IndexedEvent, row: number) => {
      total += 1;
      if (results.length < limit) results.push(hitOf(event, row));
      if (!keeping) return;
      if (total > KEEP_AT_MOST) {
        keeping = false;
        kept.clear();
      } else kept.get(event.eventId)!.push(row);
    };
    const ranked = [...new Set([...order.filter((id) => this.events.has(id)), ...events])];
    for (const eventId of ranked) {
      const event = this.events.get(eventId)!;
      kept.set(eventId, []);
      const candidates = narrow ? last.rows.get(eventId) : undefined;
      if (candidates) {
        for (const row of candidates) {
          const text = rowText(event, row);
          if (terms.every((term) => text.includes(term))) found(event, row);
        }
      } else scanEvent(event, terms, (row) => found(event, row));
    }
    this.last = keeping ? { terms, order: orderKey, rows: kept } : null;
    return { total, results, events };
  }
}

/**
 * Finds the event's rows holding every term: indexOf of the longest term (the rarest, most
 * likely) over the whole string, the others checked in the row it landed in, then on from the
 * next row. Rows are met in order, so the row of a position is found by walking forward.
 */
function scanEvent(event: IndexedEvent, terms: readonly string[], found: (row: number) => void): void {
  const [scan, ...others] = terms;
  if (scan === undefined) return;
  const { haystack, rowStarts } = event;
  let row = 0;
  let position = haystack.indexOf(scan);
  while (position !== -1) {
    while (rowStarts[row + 1]! <= position) row += 1;
    if (others.length === 0 || others.every((term) => rowText(event, row).includes(term))) found(row);
    position = haystack.indexOf(scan, rowStarts[row + 1]);
  }
}
