/**
 * An event's entries in the search index (IndexedEvent), built from its registrations: each
 * row's search keys packed in one string per part (Latin-1 rows apart from the others), its
 * signature, and what a result shows, packed too; and the reads of one row (its keys, its hit).
 */
import { phoneKeys, searchKey } from '@/lib/text-keys';
import type { DeviceRegistration } from './registrations-codec';
import type { SearchHit } from './search-protocol';
import { addSignature, SIGNATURE_WORDS } from './search-signatures';

/** The fields a result shows, in the order they are packed. */
const FIELDS = ['first_name', 'last_name', 'email', 'order_id', 'payment_status'] as const;

/**
 * Some of an event's rows, their keys packed in one string. The rows whose keys are all Latin-1
 * are one part, the others (a name in Chinese, Russian, Arabic, Greek…) another: V8 keeps a
 * string of Latin-1 characters one byte a character and scans it faster; a single other
 * character in it would make the whole string two bytes a character.
 */
export interface Part {
  readonly haystack: string;
  /** Where each of its rows starts in `haystack`, and its end as a last entry. */
  readonly rowStarts: Int32Array;
  /** The event's row of each of its rows. */
  readonly rows: Int32Array;
  /** How often each character below U+0100 occurs in `haystack` (see anchorOf in search-scans.ts). */
  readonly frequencies: Uint32Array;
}

export interface IndexedEvent {
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

export function hitOf(event: IndexedEvent, row: number): SearchHit {
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
export function partRowText(part: Part, place: number): string {
  return part.haystack.slice(part.rowStarts[place], part.rowStarts[place + 1]! - 1);
}

/** The keys of the event's row `row`. */
export function rowText(event: IndexedEvent, row: number): string {
  return partRowText(event.parts[event.partOf[row]!]!, event.placeInPart[row]!);
}
