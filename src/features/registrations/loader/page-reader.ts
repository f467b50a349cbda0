import type { BodyReading } from '@/lib/json-body';
import {
  isRecord,
  parsePageReaderReply,
  readPageBytes,
  type PageReaderRequest,
} from './page-reader-protocol';
import type { RegistrationPageResponse } from './schemas';

/**
 * Reads pages of registrations in a Web Worker (page-reader-worker.ts): parsing 500
 * registrations and checking them against the schema takes about 4 ms on a desktop and four
 * times that on a phone, fifty times over for 25,000 rows, while the page only has to take in
 * the checked rows (a third of that). The page keeps the bytes it sent: when there is no
 * worker (tests in jsdom), it could not start, or it answers something unreadable, the page
 * reads them itself, so a page is never lost to the worker.
 */

type Waiting = (reply: BodyReading<RegistrationPageResponse> | null) => void;

let worker: Worker | null = null;
/** The worker could not start or broke: the page reads every page itself from now on. */
let broken = false;
const waiting = new Map<number, Waiting>();
let nextId = 1;

function startWorker(): Worker | null {
  if (broken || typeof Worker === 'undefined') return null;
  if (worker) return worker;
  // Vite bundles the worker because `new URL(..., import.meta.url)` sits inside `new Worker(...)`.
  const started = new Worker(new URL('./page-reader-worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<unknown>) => {
    const reply = parsePageReaderReply(event.data);
    const id = reply?.id ?? (isRecord(event.data) ? event.data.id : undefined);
    if (typeof id !== 'number') return;
    waiting.get(id)?.(reply?.reading ?? null);
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

/** A response's body as a page of registrations, read in the worker when there is one. Never throws. */
export async function readRegistrationPageBody(
  response: Response,
): Promise<BodyReading<RegistrationPageResponse>> {
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch (cause) {
    return { ok: false, problem: 'not-json', detail: cause instanceof Error ? cause.message : 'unreadable' };
  }
  const reader = startWorker();
  if (!reader) return readPageBytes(bytes);
  const id = nextId++;
  const reading = await new Promise<BodyReading<RegistrationPageResponse> | null>((resolve) => {
    waiting.set(id, resolve);
    reader.postMessage({ id, bytes } satisfies PageReaderRequest);
  });
  return reading ?? readPageBytes(bytes);
}
