import { REGISTRATION_FIELDS } from '@/engine/api/registration-fields';
import { registrationFrom } from '@/engine/api/page-registration';
import { isRecord } from '@/engine/rpc/contract';
import type { Bytes } from './record-crypto';
import { ChunkDictionary, entryAt } from './chunk-dictionary';
import {
  pack,
  unpack,
  withExtras,
  type ExtraFields,
  type Json,
  type Packed,
  type Record_,
} from './packed-values';

/**
 * Compact encoding of an event's registrations for the device copy. The API repeats the
 * question texts in every row and the key of every field: here the texts are kept once per
 * event (a table of que_id -> texts), the rows are arrays of values, and each chunk writes its
 * repeated responses and payment statuses once (ChunkDictionary).
 *
 * Exact round trip: every field comes back with its value, extra fields the API sends (on a
 * registration or an answer) are kept, a field that was absent stays absent, a row whose
 * answers do not follow the event's questions keeps its own. As in JSON, a field whose value
 * is `undefined` counts as absent. Values must be JSON values (they come from JSON).
 *
 * Plain functions: usable in a Web Worker.
 */

/** An answer as the app keeps it (see the registrations feature's schema). */
export interface DeviceAnswer {
  que_id: number;
  que_question_fr: string | null;
  que_question_en: string | null;
  reponse: string | null;
  [extra: string]: unknown;
}

/** A registration as the app keeps it: the documented fields, and whatever else the API sent. */
export interface DeviceRegistration {
  registration_id: number;
  event_id?: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  category_id?: number | null;
  order_id: string | null;
  payment_status: string | null;
  custom_questions: DeviceAnswer[];
  [extra: string]: unknown;
}

/** The question texts of an event, kept once: `order` is the usual sequence of answers. */
export interface QuestionTable {
  readonly order: readonly number[];
  /** [que_id, French text, English text], for every question seen. */
  readonly texts: readonly (readonly [number, unknown, unknown])[];
}

/** A row's values in this order: the copies kept on devices are written so (see REGISTRATION_FIELDS). */
const ROW_KEYS = REGISTRATION_FIELDS;
/** An answer's values in this order, the response second: the copies kept on devices are written so. */
const ANSWER_KEYS = ['que_id', 'reponse', 'que_question_fr', 'que_question_en'] as const;
const ANSWERS_AT = ROW_KEYS.indexOf('custom_questions');
const STATUS_AT = ROW_KEYS.indexOf('payment_status');

/** The question table of an event: texts from the first answer to each question. */
export function buildQuestionTable(rows: readonly DeviceRegistration[]): QuestionTable {
  let order: number[] | null = null;
  const texts = new Map<number, readonly [number, unknown, unknown]>();
  for (const row of rows) {
    const answers: unknown = row.custom_questions;
    if (!Array.isArray(answers)) continue;
    for (const answer of answers as Record_[]) {
      const id = answer.que_id;
      if (typeof id === 'number' && !texts.has(id))
        texts.set(id, [id, answer.que_question_fr, answer.que_question_en]);
    }
    if (
      order === null &&
      answers.length > 0 &&
      answers.every((answer: Record_) => typeof answer.que_id === 'number')
    )
      order = (answers as DeviceAnswer[]).map((answer) => answer.que_id);
  }
  return { order: order ?? [], texts: [...texts.values()] };
}

/**
 * A row's answers: the indexes of their responses in the chunk's dictionary when they follow
 * the table (same questions, same order, same texts, the four fields only), else
 * `{ a: [packed answer…] }`.
 */
function encodeAnswers(
  answers: unknown,
  table: QuestionTable,
  texts: Map<number, readonly unknown[]>,
  dictionary: ChunkDictionary,
): Json {
  if (!Array.isArray(answers)) return { raw: answers };
  const list = answers as Record_[];
  const compact =
    list.length === table.order.length &&
    list.every((answer, i) => {
      const known = texts.get(table.order[i] ?? NaN);
      return (
        answer.que_id === table.order[i] &&
        known !== undefined &&
        answer.que_question_fr === known[1] &&
        answer.que_question_en === known[2] &&
        ANSWER_KEYS.every((key) => answer[key] !== undefined) &&
        Object.keys(answer).length === ANSWER_KEYS.length
      );
    });
  if (compact) return list.map((answer, position) => dictionary.response(position, answer.reponse));
  return { a: list.map((answer) => pack(answer, ANSWER_KEYS)) };
}

function decodeAnswers(
  encoded: unknown,
  answersAt: readonly (readonly Record_[])[],
  extraFields: ExtraFields,
): unknown {
  if (Array.isArray(encoded)) {
    const answers: Record_[] = [];
    for (let position = 0; position < encoded.length; position++)
      answers.push(entryAt(answersAt[position] ?? [], encoded[position]));
    return answers;
  }
  const wrapped = encoded as { a?: Packed[]; raw?: unknown };
  if (wrapped.a) return wrapped.a.map((packed) => reorderAnswer(unpack(packed, ANSWER_KEYS, extraFields)));
  return wrapped.raw;
}

/** Answers come back with the API's field order (que_id, texts, response), then extras. */
function reorderAnswer(answer: Record_): Record_ {
  const { que_id, que_question_fr, que_question_en, reponse, ...extras } = answer;
  const ordered: Record_ = {};
  if (que_id !== undefined) ordered.que_id = que_id;
  if (que_question_fr !== undefined) ordered.que_question_fr = que_question_fr;
  if (que_question_en !== undefined) ordered.que_question_en = que_question_en;
  if (reponse !== undefined) ordered.reponse = reponse;
  return Object.assign(ordered, extras);
}

function textsOf(table: QuestionTable): Map<number, readonly unknown[]> {
  return new Map(table.texts.map((entry) => [entry[0], entry]));
}

/**
 * The line that ends a chunk's rows: JSON text never holds a raw line feed, so the first one
 * ends the rows' document and starts the extra fields' (when the rows have any).
 */
const LINE_FEED = 0x0a;

/**
 * Encodes rows (one chunk) against the event's question table, to UTF-8 JSON: the rows' values,
 * then, on a line of their own, the extra fields the API sent on each row (null for a row
 * without), when any row has some. The page holds the documented fields only, and reads the
 * first line alone (rowsOnly).
 */
export function encodeRegistrationChunk(rows: readonly DeviceRegistration[], table: QuestionTable): Bytes {
  const texts = textsOf(table);
  const dictionary = new ChunkDictionary();
  const extras: (Record_ | null)[] = [];
  let anyExtras = false;
  const encodeValue = (key: string, value: unknown): Json =>
    key === 'custom_questions'
      ? encodeAnswers(value, table, texts, dictionary)
      : key === 'payment_status'
        ? dictionary.status(value)
        : value;
  const packed = rows.map((row) =>
    pack(row, ROW_KEYS, encodeValue, (rowExtras) => {
      extras.push(rowExtras);
      anyExtras ||= rowExtras !== null;
    }),
  );
  const chunk: PackedChunk = { d: dictionary.responses, s: dictionary.statuses, r: packed };
  const text = JSON.stringify(chunk) + (anyExtras ? `\n${JSON.stringify(extras)}` : '');
  return new TextEncoder().encode(text);
}

/** A chunk's first line: its dictionary (ChunkDictionary) and its rows. */
interface PackedChunk {
  readonly d: unknown[][];
  readonly s: unknown[];
  readonly r: Packed[];
}

function isPackedChunk(value: unknown): value is PackedChunk {
  return isRecord(value) && Array.isArray(value.d) && Array.isArray(value.s) && Array.isArray(value.r);
}

/** A chunk's bytes without its extra fields' line: what the page decodes (a view, not a copy). */
export function rowsOnly(bytes: Bytes): Bytes {
  const end = bytes.indexOf(LINE_FEED);
  return end < 0 ? bytes : bytes.subarray(0, end);
}

/**
 * One chunk as the copy keeps it, decrypted: how the engine hands a reopened list to the page,
 * which decodes it itself (decoding these bytes costs the page less than taking the same rows
 * as a structured clone; the engine hands over a copy of their rows' line: see list-rows-sender.ts).
 */
export interface EncodedRows {
  readonly bytes: Bytes;
  readonly questions: QuestionTable;
}

/**
 * The rows of an EncodedRows received from another thread, as the page holds them (their
 * documented fields: pageRegistration), or null when it is not one. Never throws.
 */
export function decodeEncodedRows(received: unknown): DeviceRegistration[] | null {
  if (!isRecord(received)) return null;
  const { bytes, questions } = received;
  if (!(bytes instanceof Uint8Array) || !isQuestionTable(questions)) return null;
  try {
    return decodeRegistrationChunk(bytes as Bytes, questions, 'drop');
  } catch {
    return null;
  }
}

function isQuestionTable(value: unknown): value is QuestionTable {
  if (!isRecord(value)) return false;
  const { order, texts } = value;
  return (
    Array.isArray(order) &&
    order.every((id) => typeof id === 'number') &&
    Array.isArray(texts) &&
    texts.every((entry) => Array.isArray(entry) && entry.length === 3 && typeof entry[0] === 'number')
  );
}

/** Decodes a chunk made by encodeRegistrationChunk with the same table. Throws on bytes that are not one. */
export function decodeRegistrationChunk(
  bytes: Bytes,
  table: QuestionTable,
  extraFields: ExtraFields = 'keep',
): DeviceRegistration[] {
  const texts = textsOf(table);
  const rowsPart = rowsOnly(bytes);
  const chunk: unknown = JSON.parse(new TextDecoder().decode(rowsPart));
  if (!isPackedChunk(chunk)) throw new Error('Not a registrations chunk');
  const packed = chunk.r;
  // The extra fields' line, read only where they are kept.
  const apart: unknown =
    extraFields === 'keep' && rowsPart.byteLength < bytes.byteLength
      ? JSON.parse(new TextDecoder().decode(bytes.subarray(rowsPart.byteLength + 1)))
      : null;
  if (apart !== null && !(Array.isArray(apart) && apart.length === packed.length))
    throw new Error('Not a registrations chunk');
  const extrasOf = (index: number): unknown => (apart as unknown[] | null)?.[index];
  // Each answer of the dictionary made once, with its question's id and texts.
  const answersAt = chunk.d.map((responses, position) => {
    if (!Array.isArray(responses)) throw new Error('Not a registrations chunk');
    const id = table.order[position] ?? NaN;
    const known = texts.get(id) ?? [];
    return responses.map((reponse: unknown): Record_ => ({
      que_id: id,
      que_question_fr: known[1],
      que_question_en: known[2],
      reponse,
    }));
  });
  const decodeValue = (key: string, value: unknown) =>
    key === 'custom_questions'
      ? decodeAnswers(value, answersAt, extraFields)
      : key === 'payment_status'
        ? entryAt(chunk.s, value)
        : value;
  return packed.map((entry: unknown, index) => {
    if (!Array.isArray(entry) || entry.length < ANSWERS_AT + 1) throw new Error('Not a registrations chunk');
    // Past the values: nothing, or (some field absent) a 0 and the absent mask.
    if (entry.length > ROW_KEYS.length)
      return unpack(entry, ROW_KEYS, extraFields, decodeValue, extrasOf(index)) as DeviceRegistration;
    // The parsed chunk is this decoder's own: its values are decoded in place.
    entry[STATUS_AT] = entryAt(chunk.s, entry[STATUS_AT]);
    entry[ANSWERS_AT] = decodeAnswers(entry[ANSWERS_AT], answersAt, extraFields);
    return withExtras(registrationFrom(entry), extrasOf(index), extraFields);
  });
}
