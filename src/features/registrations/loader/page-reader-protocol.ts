import { readJsonBody, type BodyReading } from '@/lib/json-body';
import { registrationPageResponseSchema, type RegistrationPageResponse } from './schemas';

/*
 * What the page and the page reader worker say to each other (see page-reader.ts), and the
 * reading itself, which both run: the worker for each page, the page when there is no worker.
 */

/**
 * What the page sends:
 * - `fetch`: ask the API for a page and read it there (the URL and headers apiRequest built);
 * - `cancel`: that page is no longer wanted (the load stopped, or its time ran out);
 * - `read`: read these bytes, already fetched (the demo API answers in the page); copied, so
 *   the page keeps its own for the fallback.
 */
export type PageReaderRequest =
  | {
      readonly id: number;
      readonly kind: 'fetch';
      readonly url: string;
      readonly headers: HeaderList;
    }
  | { readonly id: number; readonly kind: 'cancel' }
  | { readonly id: number; readonly kind: 'read'; readonly bytes: ArrayBuffer };

/**
 * What the worker answers:
 * - `response`: the API's status and headers, and for a success the body's reading (an error's
 *   body is never read: the page does not show it);
 * - `failed`: no answer from the API (offline, DNS, a CORS refusal), in the browser's words;
 * - `reading`: the reading of bytes the page sent.
 */
export type PageReaderReply =
  | {
      readonly id: number;
      readonly kind: 'response';
      readonly status: number;
      readonly headers: HeaderList;
      readonly reading: PageReading | null;
    }
  | { readonly id: number; readonly kind: 'failed'; readonly detail: string }
  | { readonly id: number; readonly kind: 'reading'; readonly reading: PageReading };

export type PageReading = BodyReading<RegistrationPageResponse>;

/** Headers as name and value pairs: what crosses between the threads (a Headers object cannot). */
export type HeaderList = [string, string][];

/** Reads a page's bytes on the current thread (the worker's job, and the page's fallback). Never throws. */
export function readPageBytes(bytes: ArrayBuffer): PageReading {
  let text: string;
  try {
    text = new TextDecoder().decode(bytes);
  } catch (cause) {
    return { ok: false, problem: 'not-json', detail: cause instanceof Error ? cause.message : 'not text' };
  }
  return readJsonBody(registrationPageResponseSchema, text);
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isHeaderList = (value: unknown): value is HeaderList =>
  Array.isArray(value) &&
  value.every(
    (entry) =>
      Array.isArray(entry) &&
      entry.length === 2 &&
      typeof entry[0] === 'string' &&
      typeof entry[1] === 'string',
  );

/** A status a Response can be built with (fetch never gives another in CORS mode). */
const isHttpStatus = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 200 && (value as number) <= 599;

/**
 * A reading the worker could have made, or undefined. The rows were checked against the schema
 * in the worker; here only the reading's own shape is.
 */
function parseReading(reading: unknown): PageReading | undefined {
  if (!isRecord(reading)) return undefined;
  if (reading.ok === true) {
    if (!isRecord(reading.data) || !Array.isArray(reading.data.registrations)) return undefined;
    return { ok: true, data: reading.data as RegistrationPageResponse };
  }
  if (reading.ok !== false || typeof reading.detail !== 'string') return undefined;
  if (reading.problem === 'not-json') return { ok: false, problem: 'not-json', detail: reading.detail };
  if (reading.problem === 'invalid' && typeof reading.field === 'string')
    return { ok: false, problem: 'invalid', field: reading.field, detail: reading.detail };
  return undefined;
}

/** A message from the worker, or null when it is not a reply it could have sent. Never throws. */
export function parsePageReaderReply(message: unknown): PageReaderReply | null {
  if (!isRecord(message) || !Number.isSafeInteger(message.id)) return null;
  const id = message.id as number;
  if (message.kind === 'failed')
    return typeof message.detail === 'string' ? { id, kind: 'failed', detail: message.detail } : null;
  if (message.kind === 'reading') {
    const reading = parseReading(message.reading);
    return reading ? { id, kind: 'reading', reading } : null;
  }
  if (message.kind !== 'response' || !isHttpStatus(message.status) || !isHeaderList(message.headers))
    return null;
  const { status, headers } = message;
  const success = status >= 200 && status <= 299;
  // A success comes with its body's reading; an error without (its body is not read).
  if (!success)
    return message.reading === null ? { id, kind: 'response', status, headers, reading: null } : null;
  const reading = parseReading(message.reading);
  return reading ? { id, kind: 'response', status, headers, reading } : null;
}

/** Whatever realm made it (a structured clone may come from another). */
const isArrayBuffer = (value: unknown): value is ArrayBuffer =>
  Object.prototype.toString.call(value) === '[object ArrayBuffer]';

/** A message from the page, or null when it is not a request it could have sent. Never throws. */
export function parsePageReaderRequest(message: unknown): PageReaderRequest | null {
  if (!isRecord(message) || !Number.isSafeInteger(message.id)) return null;
  const id = message.id as number;
  if (message.kind === 'cancel') return { id, kind: 'cancel' };
  if (message.kind === 'read')
    return isArrayBuffer(message.bytes) ? { id, kind: 'read', bytes: message.bytes } : null;
  if (message.kind !== 'fetch' || typeof message.url !== 'string' || !isHeaderList(message.headers))
    return null;
  // Only the API's own kind of address: the page built it from the session's base URL.
  if (!/^https?:\/\//i.test(message.url)) return null;
  return { id, kind: 'fetch', url: message.url, headers: message.headers };
}
