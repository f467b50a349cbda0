import { isHttpUrl, isRecord, method, type Parser } from '@/engine/rpc/contract';
import { isHeaderList, type HeaderList, type PageReading } from './page-reader-protocol';
import type { RegistrationPageResponse } from '../api/registration-schemas';

/**
 * The engine's page methods (see page-reader.ts for why pages are read there):
 * - `pages.fetch`: ask the API for a page (the URL and headers apiRequest built) and read it
 *   in the engine. Cancelling the call aborts the request. A demo session's page is answered by
 *   the engine's demo (engine/demo), never by the network.
 */

export interface PageFetch {
  readonly url: string;
  readonly headers: HeaderList;
  /** A demo session's base address (absolute): the engine's demo answers. Null for a real API. */
  readonly demoBase: string | null;
}

/**
 * What the engine answers a fetch:
 * - `response`: the API's status and headers, and for a success the body's reading (an error's
 *   body is never read: the page does not show it);
 * - `failed`: no answer from the API (offline, DNS, a CORS refusal), in the browser's words.
 */
export type PageAnswer =
  | {
      readonly kind: 'response';
      readonly status: number;
      readonly headers: HeaderList;
      readonly reading: PageReading | null;
    }
  | { readonly kind: 'failed'; readonly detail: string };

/** A status a Response can be built with (fetch never gives another in CORS mode). */
const isHttpStatus = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 200 && (value as number) <= 599;

/**
 * A reading the engine could have made. The rows were checked against the schema in the
 * engine; here only the reading's own shape is.
 */
const parseReading: Parser<PageReading> = (reading) => {
  if (!isRecord(reading)) return null;
  if (reading.ok === true) {
    if (!isRecord(reading.data) || !Array.isArray(reading.data.registrations)) return null;
    return { value: { ok: true, data: reading.data as RegistrationPageResponse } };
  }
  if (reading.ok !== false || typeof reading.detail !== 'string') return null;
  if (reading.problem === 'not-json')
    return { value: { ok: false, problem: 'not-json', detail: reading.detail } };
  if (reading.problem === 'invalid' && typeof reading.field === 'string')
    return { value: { ok: false, problem: 'invalid', field: reading.field, detail: reading.detail } };
  return null;
};

/** Only the API's own kind of address: the page built it from the session's base URL. */
const parseFetch: Parser<PageFetch> = (params) => {
  if (!isRecord(params) || !isHttpUrl(params.url) || !isHeaderList(params.headers)) return null;
  const { demoBase } = params;
  if (demoBase !== null && !isHttpUrl(demoBase)) return null;
  return { value: { url: params.url, headers: params.headers, demoBase } };
};

const parseAnswer: Parser<PageAnswer> = (answer) => {
  if (!isRecord(answer)) return null;
  if (answer.kind === 'failed')
    return typeof answer.detail === 'string' ? { value: { kind: 'failed', detail: answer.detail } } : null;
  if (answer.kind !== 'response' || !isHttpStatus(answer.status) || !isHeaderList(answer.headers))
    return null;
  const { status, headers } = answer;
  // A success comes with its body's reading; an error without (its body is not read).
  if (status < 200 || status > 299)
    return answer.reading === null ? { value: { kind: 'response', status, headers, reading: null } } : null;
  const reading = parseReading(answer.reading);
  return reading ? { value: { kind: 'response', status, headers, reading: reading.value } } : null;
};

export const pageReaderContract = {
  'pages.fetch': method<PageFetch, PageAnswer>({ params: parseFetch, result: parseAnswer }),
};
