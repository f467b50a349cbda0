import type { DeviceRegistration } from './registrations-codec';
import { narrowsSearch, phoneKeys, searchKey, searchTerms } from '@/lib/text-keys';
import type { SearchAnswer, SearchHit } from './search-protocol';

/**
 * The search across events: each event's registrations as packed strings of their search keys
 * (name, e-mail, order number, phone numbers found in the answers), rows separated by a line
 * break and fields by a tab (a query term never holds either: terms are split on whitespace),
 * and a 128-bit signature per row: one bit per pair of neighbouring characters. A search reads
 * only the rows whose signature has every bit of the query's words, and checks the words in
 * their text; a one-letter query (no pair) runs `indexOf` over the packed strings instead.
 * Over hundreds of thousands of registrations, a keystroke then reads a small part of the
 * index, where `indexOf` of the longest word over the whole strings would read all of it, every
 * time (the figures: docs/performance.md, "Search across events"). A trigram index would take
 * several times the memory.
 *
 * What a result shows (names, e-mail, order, status, category) is kept packed too, one string
 * per event and the start of each field in an Int32Array: 500,000 rows as five separate
 * strings each would take about 100 MB more.
 */

/** The fields a result shows, in the order they are packed. */
const FIELDS = ['first_name', 'last_name', 'email', 'order_id', 'payment_status'] as const;

/**
 * Some of an event's rows, their keys packed in one string. The rows whose keys are all Latin-1
 * are one part, the others (a name in Chinese, Russian, Arabic, Greek…) another: V8 keeps a
 * string of Latin-1 characters one byte a character and scans it faster; a single other
 * character in it would make the whole string two bytes a character.
 */
interface Part {
  readonly haystack: string;
  /** Where each of its rows starts in `haystack`, and its end as a last entry. */
  readonly rowStarts: Int32Array;
  /** The event's row of each of its rows. */
  readonly rows: Int32Array;
  /** How often each character below U+0100 occurs in `haystack` (see anchorOf). */
  readonly frequencies: Uint32Array;
}

interface IndexedEvent {
  readonly eventId: number;
  /** The version indexed: when its copy was saved (ms), to skip a read of the same version. */
  readonly version: number;
  readonly parts: readonly Part[];
  /** Each row's signature: SIGNATURE_WORDS words of bits, one per pair of characters it holds. */
  readonly signatures: Uint32Array;
  /** The part of each row, and its place in it. */
  readonly partOf: Uint8Array;
  readonly placeInPart: Int32Array;
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
 * Names come from a few thousand distinct values: each is keyed once. First and last name are
 * two fields, as they are two columns of the table, so both searches find the same rows.
 */
const nameKeys = new Map<string, string>();
function nameKey(name: string | null): string {
  if (name === null) return '';
  let key = nameKeys.get(name);
  if (key === undefined) {
    if (nameKeys.size > 200_000) nameKeys.clear();
    key = searchKey(name);
    nameKeys.set(name, key);
  }
  return key;
}

/**
 * The search keys of one registration, tab-separated: each field as the registrations table
 * searches its cell (lib/text-keys searchKey), and the phone numbers of its answers in both
 * forms, as the table searches an answer cell.
 */
export function rowKeys(row: DeviceRegistration): string {
  let keys = `${nameKey(row.first_name)}\t${nameKey(row.last_name)}\t${searchKey(row.email ?? '')}\t${searchKey(row.order_id ?? '')}`;
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
  const fieldStarts = new Int32Array(rows.length * FIELDS.length + 1);
  const ids = new Float64Array(rows.length);
  const categories = new Float64Array(rows.length);
  const nulls = new Uint8Array(rows.length);
  let shownAt = 0;
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % ROWS_PER_SLICE === 0) await pause();
    const row = rows[i]!;
    keys[i] = rowKeys(row);
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
  fieldStarts[rows.length * FIELDS.length] = shownAt;
  const signatures = new Uint32Array(rows.length * SIGNATURE_WORDS);
  keys.forEach((key, i) => addSignature(signatures, i * SIGNATURE_WORDS, key));
  const partOf = new Uint8Array(rows.length);
  const placeInPart = new Int32Array(rows.length);
  const members: number[][] = [[], []];
  keys.forEach((key, i) => {
    const part = WIDE.test(key) ? 1 : 0;
    partOf[i] = part;
    placeInPart[i] = members[part]!.length;
    members[part]!.push(i);
  });
  return {
    eventId,
    version,
    parts: members.map((rowsOfPart) => packPart(keys, rowsOfPart)),
    signatures,
    partOf,
    placeInPart,
    ids,
    categories,
    display: shown.join(''),
    fieldStarts,
    nulls,
  };
}

const WIDE = /[\u0100-\uffff]/;

/**
 * A row's signature has 128 bits; each pair of neighbouring characters of its keys sets one.
 * A row can hold a term only if its signature has every bit of the term's pairs: checking four
 * words per row skips most rows without reading their text (a row of about 60 pairs sets about
 * a third of the bits, so a term of 5 letters leaves about 1 row in 100 to read). 8 MB at
 * 500,000 rows.
 */
const SIGNATURE_WORDS = 4;

function pairBit(first: number, second: number): number {
  return (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77)) >>> 25;
}

function addSignature(into: Uint32Array, at: number, text: string): void {
  for (let i = 1; i < text.length; i++) {
    const first = text.charCodeAt(i - 1);
    const second = text.charCodeAt(i);
    // A term holds no tab: the pairs across two fields are never looked for.
    if (first === 9 || second === 9) continue;
    const bit = pairBit(first, second);
    into[at + (bit >>> 5)]! |= 1 << (bit & 31);
  }
}

/** The signature every row holding all the terms has, or null when no term has two characters. */
function termsSignature(terms: readonly string[]): Uint32Array | null {
  const signature = new Uint32Array(SIGNATURE_WORDS);
  for (const term of terms) addSignature(signature, 0, term);
  return signature.some((word) => word !== 0) ? signature : null;
}

function packPart(keys: readonly string[], rows: readonly number[]): Part {
  const rowStarts = new Int32Array(rows.length + 1);
  let at = 0;
  const packed = rows.map((row, i) => {
    const key = keys[row]!;
    rowStarts[i] = at;
    at += key.length + 1;
    return key;
  });
  rowStarts[rows.length] = at;
  const haystack = packed.join('\n');
  const frequencies = new Uint32Array(256);
  for (let i = 0; i < haystack.length; i++) {
    const code = haystack.charCodeAt(i);
    if (code < 256) frequencies[code]! += 1;
  }
  return { haystack, rowStarts, rows: Int32Array.from(rows), frequencies };
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

/** The keys of a part's row `place`. */
function partRowText(part: Part, place: number): string {
  return part.haystack.slice(part.rowStarts[place], part.rowStarts[place + 1]! - 1);
}

/** The keys of the event's row `row`. */
function rowText(event: IndexedEvent, row: number): string {
  return partRowText(event.parts[event.partOf[row]!]!, event.placeInPart[row]!);
}

/**
 * Matches counted at most: past that, the answer says "more than 1,000" and the search stops.
 * Counting every row of a one-letter query over 500,000 registrations is a whole scan of the
 * index for a number nobody reads; stopping there keeps each keystroke of a name being typed
 * to a fraction of a scan.
 */
export const COUNT_AT_MOST = 1_000;

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
   * in its list's order (for a one-letter query, its Latin-1 rows first), and how many match in
   * all. An empty query matches nothing.
   *
   * A query that only makes the previous one more specific (each earlier word is inside a word
   * of this one: "mar" after "ma", "marie d" after "marie") can only match rows the previous
   * one matched, so only those are checked: typing narrows in a few ms. Counting stops past
   * COUNT_AT_MOST (`more`); such an answer is not narrowed from.
   */
  search(query: string, limit: number, order: readonly number[] = []): Omit<SearchAnswer, 'building'> {
    const events = this.eventIds();
    const terms = searchTerms(query).sort((a, b) => b.length - a.length);
    const results: SearchHit[] = [];
    if (terms.length === 0) return { total: 0, more: false, results, events };
    const orderKey = order.join(',');
    const last = this.last;
    const narrow = last !== null && last.order === orderKey && narrowsSearch(last.terms, terms);
    const signature = termsSignature(terms);
    const kept = new Map<number, number[]>();
    let total = 0;
    let more = false;
    /** Takes a match; false once the count is past its cap (the search stops). */
    const found = (event: IndexedEvent, row: number): boolean => {
      if (total === COUNT_AT_MOST) {
        more = true;
        return false;
      }
      total += 1;
      if (results.length < limit) results.push(hitOf(event, row));
      kept.get(event.eventId)!.push(row);
      return true;
    };
    const ranked = [...new Set([...order.filter((id) => this.events.has(id)), ...events])];
    for (const eventId of ranked) {
      if (more) break;
      const event = this.events.get(eventId)!;
      kept.set(eventId, []);
      const candidates = narrow ? last.rows.get(eventId) : undefined;
      if (candidates) {
        for (const row of candidates) {
          const text = rowText(event, row);
          if (terms.every((term) => text.includes(term)) && !found(event, row)) break;
        }
      } else if (signature) {
        scanSignatures(event, signature, terms, (row) => found(event, row));
      } else {
        for (const part of event.parts) {
          let going = true;
          scanPart(part, terms, (place) => (going = found(event, part.rows[place]!)));
          if (!going) break;
        }
      }
    }
    this.last = more ? null : { terms, order: orderKey, rows: kept };
    return { total, more, results, events };
  }
}

/**
 * Where to start looking for `term`: its part from its rarest character on. indexOf runs
 * through the text from one occurrence of its first character to the next, so "emilie" is
 * found several times faster from its "i" than from its "e" (every e-mail address holds
 * several e's); the part before is checked where it landed. Characters past U+00FF count as rare.
 */
function anchorOf(term: string, frequencies: Uint32Array): number {
  let best = 0;
  let bestCount = Infinity;
  for (let i = 0; i < term.length; i++) {
    const code = term.charCodeAt(i);
    const count = code < 256 ? frequencies[code]! : 0;
    if (count < bestCount) {
      best = i;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Finds the part's rows holding every term: indexOf of the longest term (the rarest, most
 * likely) over the whole string, from its rarest character (anchorOf), the others checked in
 * the row it landed in, then on from the next row. Rows are met in order, so the row of a
 * position is found by walking forward. `found` answers false to stop.
 */
function scanPart(part: Part, terms: readonly string[], found: (place: number) => boolean): void {
  const [scan, ...others] = terms;
  if (scan === undefined) return;
  const { haystack, rowStarts } = part;
  const anchor = anchorOf(scan, part.frequencies);
  const head = scan.slice(0, anchor);
  const tail = scan.slice(anchor);
  let place = 0;
  let position = haystack.indexOf(tail, anchor);
  while (position !== -1) {
    const start = position - anchor;
    // The part before the anchor holds no line break: when it is there, it is in the same row.
    if (anchor > 0 && !haystack.startsWith(head, start)) {
      position = haystack.indexOf(tail, position + 1);
      continue;
    }
    while (rowStarts[place + 1]! <= start) place += 1;
    if (others.length === 0 || others.every((term) => partRowText(part, place).includes(term))) {
      if (!found(place)) return;
    }
    position = haystack.indexOf(tail, rowStarts[place + 1]! + anchor);
  }
}

/**
 * Finds the event's rows holding every term, in the list's order: only the rows whose
 * signature has the terms' bits are read. `found` answers false to stop.
 */
function scanSignatures(
  event: IndexedEvent,
  signature: Uint32Array,
  terms: readonly string[],
  found: (row: number) => boolean,
): void {
  // As signed 32-bit integers, like the results of `&` they are compared with.
  const [a, b, c, d] = Array.from(signature, (word) => word | 0) as [number, number, number, number];
  const { signatures } = event;
  const rows = event.ids.length;
  for (let row = 0, at = 0; row < rows; row++, at += SIGNATURE_WORDS) {
    if (
      (signatures[at]! & a) !== a ||
      (signatures[at + 1]! & b) !== b ||
      (signatures[at + 2]! & c) !== c ||
      (signatures[at + 3]! & d) !== d
    )
      continue;
    const text = rowText(event, row);
    if (terms.every((term) => text.includes(term)) && !found(row)) return;
  }
}
