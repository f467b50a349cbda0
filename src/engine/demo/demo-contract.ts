import { isHttpUrl, isRecord, method, type Parser } from '@/engine/rpc/contract';

/** Headers as name and value pairs: what crosses between the threads (a Headers object cannot). */
export type HeaderList = [string, string][];

const isHeaderList = (value: unknown): value is HeaderList =>
  Array.isArray(value) &&
  value.every(
    (entry) =>
      Array.isArray(entry) &&
      entry.length === 2 &&
      typeof entry[0] === 'string' &&
      typeof entry[1] === 'string',
  );

/**
 * The built-in demo API runs in the engine (demo-handler.ts): one copy of its data, which the
 * engine's own loads and the page's requests both see, so a day the demo moves forward is seen
 * by both.
 * - `demo.start`: loads the demo (the first time) for a demo session under `baseUrl` and answers
 *   the main demo promoter's key; fails when it cannot be loaded (offline before it ever was);
 * - `demo.answer`: answers one request of a demo session as the API would.
 */

export interface DemoRequest {
  /** The demo's base address, absolute: what it answers under (anything else is a 404). */
  readonly baseUrl: string;
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: HeaderList;
}

export interface DemoAnswer {
  readonly status: number;
  readonly headers: HeaderList;
  /** The body's bytes, transferred. */
  readonly body: ArrayBuffer;
}

/** Whatever realm made it (a structured clone may come from another). */
const isArrayBuffer = (value: unknown): value is ArrayBuffer =>
  Object.prototype.toString.call(value) === '[object ArrayBuffer]';

const parseRequest: Parser<DemoRequest> = (params) => {
  if (!isRecord(params) || !isHttpUrl(params.baseUrl) || !isHttpUrl(params.url)) return null;
  if ((params.method !== 'GET' && params.method !== 'POST') || !isHeaderList(params.headers)) return null;
  return {
    value: { baseUrl: params.baseUrl, url: params.url, method: params.method, headers: params.headers },
  };
};

const parseAnswer: Parser<DemoAnswer> = (answer) => {
  if (!isRecord(answer) || !isHeaderList(answer.headers) || !isArrayBuffer(answer.body)) return null;
  const { status } = answer;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) return null;
  return { value: { status, headers: answer.headers, body: answer.body } };
};

const parseStart: Parser<{ readonly baseUrl: string }> = (params) =>
  isRecord(params) && isHttpUrl(params.baseUrl) ? { value: { baseUrl: params.baseUrl } } : null;

export const demoContract = {
  'demo.start': method<{ readonly baseUrl: string }, { readonly apiKey: string }>({
    params: parseStart,
    result: (answer) =>
      isRecord(answer) && typeof answer.apiKey === 'string' && answer.apiKey !== ''
        ? { value: { apiKey: answer.apiKey } }
        : null,
  }),
  'demo.answer': method<DemoRequest, DemoAnswer>({ params: parseRequest, result: parseAnswer }),
};
