import {
  isRecord,
  parsePageReaderReply,
  readPageBytes,
  type PageReaderReply,
  type PageReaderRequest,
  type PageReading,
} from './page-reader-protocol';

/**
 * Fetches and reads pages of registrations in a Web Worker (page-reader-worker.ts). A page of
 * 500 registrations is about 400 kB of JSON: receiving it, parsing it and checking it against
 * the schema on the main thread would be a task of tens of milliseconds a page, a long one on a
 * phone, fifty times over for 25,000 rows, while the page only has to take in the checked rows.
 *
 * apiRequest still builds the request (address, key, timeout) and maps every answer to an
 * ApiError: `sendRegistrationPageRequest` hands it a Response with the worker's status and
 * headers, and `readRegistrationPageBody` the worker's reading of its body. Nothing is lost to
 * the worker: when there is none (tests in jsdom), it could not start, broke or answers
 * something unreadable, the page fetches and reads the page itself. The demo API answers in the
 * page, so its bodies are sent to the worker to be read.
 */

type Waiting = (reply: PageReaderReply | null) => void;

let worker: Worker | null = null;
/** The worker could not start or broke: the page fetches and reads every page itself from now on. */
let broken = false;
const waiting = new Map<number, Waiting>();
let nextId = 1;
/** The worker's reading of each Response it answered, for readRegistrationPageBody. */
const readings = new WeakMap<Response, PageReading>();

function startWorker(): Worker | null {
  if (broken || typeof Worker === 'undefined') return null;
  if (worker) return worker;
  // Vite bundles the worker because `new URL(..., import.meta.url)` sits inside `new Worker(...)`.
  const started = new Worker(new URL('./page-reader-worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<unknown>) => {
    const reply = parsePageReaderReply(event.data);
    const id = reply?.id ?? (isRecord(event.data) ? event.data.id : undefined);
    if (typeof id !== 'number') return;
    waiting.get(id)?.(reply);
    waiting.delete(id);
  };
  const fail = (event: Event) => {
    event.preventDefault();
    broken = true;
    started.terminate();
    worker = null;
    const left = [...waiting.values()];
    waiting.clear();
    for (const answer of left) answer(null);
  };
  started.onerror = fail;
  started.onmessageerror = fail;
  worker = started;
  return started;
}

/**
 * Asks the worker and waits for its reply (null: no usable reply). When `signal` fires, the
 * worker is told to drop the request and this rejects with the signal's reason.
 */
function ask(
  reader: Worker,
  request: PageReaderRequest,
  signal?: AbortSignal | null,
): Promise<PageReaderReply | null> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      waiting.delete(request.id);
      reader.postMessage({ id: request.id, kind: 'cancel' } satisfies PageReaderRequest);
      reject(signal?.reason as Error);
    };
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    waiting.set(request.id, (reply) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(reply);
    });
    reader.postMessage(request);
  });
}

/**
 * apiRequest's `send` for pages of registrations: the request made by the worker, answered as
 * a Response with the API's status and headers (the body stays in the worker: see
 * readRegistrationPageBody). Rejects as fetch does: a TypeError when nothing answered, the
 * signal's reason when cancelled.
 */
export async function sendRegistrationPageRequest(url: URL, init: RequestInit): Promise<Response> {
  const reader = startWorker();
  if (!reader) return fetch(url, init);
  const reply = await ask(
    reader,
    { id: nextId++, kind: 'fetch', url: url.href, headers: [...new Headers(init.headers)] },
    init.signal,
  );
  if (!reply || reply.kind === 'reading') return fetch(url, init);
  if (reply.kind === 'failed') throw new TypeError(reply.detail);
  const response = new Response(null, { status: reply.status, headers: reply.headers });
  if (reply.reading) readings.set(response, reply.reading);
  return response;
}

/** A response's body as a page of registrations, read in the worker when there is one. Never throws. */
export async function readRegistrationPageBody(response: Response): Promise<PageReading> {
  const readInWorker = readings.get(response);
  if (readInWorker) return readInWorker;
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch (cause) {
    return { ok: false, problem: 'not-json', detail: cause instanceof Error ? cause.message : 'unreadable' };
  }
  const reader = startWorker();
  if (!reader) return readPageBytes(bytes);
  const reply = await ask(reader, { id: nextId++, kind: 'read', bytes });
  return reply?.kind === 'reading' ? reply.reading : readPageBytes(bytes);
}
