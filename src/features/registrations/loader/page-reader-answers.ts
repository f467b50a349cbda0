import {
  isRecord,
  parsePageReaderRequest,
  readPageBytes,
  type HeaderList,
  type PageReaderReply,
  type PageReading,
} from './page-reader-protocol';

/**
 * The page reader worker's side (page-reader-worker.ts wires it to the worker's messages; tests
 * run it in-process): asks the API for the pages the page wants, reads each success's body and
 * checks it against the schema, and answers the status, the headers and that reading. So the
 * 400 kB of a page's JSON never reach the page's main thread, only the checked rows do.
 * A cancelled request answers nothing: the page stopped waiting for it.
 */
export function createPageReaderAnswers(
  post: (reply: PageReaderReply) => void,
  fetchPage: typeof fetch = (input, init) => fetch(input, init),
): (message: unknown) => void {
  const inFlight = new Map<number, AbortController>();

  async function answerFetch(id: number, url: string, headers: HeaderList) {
    const controller = new AbortController();
    inFlight.set(id, controller);
    try {
      const response = await fetchPage(url, {
        method: 'GET',
        headers,
        credentials: 'omit',
        signal: controller.signal,
      });
      const reading = response.ok ? await readBody(response) : null;
      if (response.body && !response.bodyUsed) void response.body.cancel().catch(() => {});
      if (controller.signal.aborted) return;
      post({ id, kind: 'response', status: response.status, headers: [...response.headers], reading });
    } catch (cause) {
      if (controller.signal.aborted) return;
      post({ id, kind: 'failed', detail: cause instanceof Error ? cause.message : 'no answer' });
    } finally {
      inFlight.delete(id);
    }
  }

  return (message) => {
    const request = parsePageReaderRequest(message);
    if (!request) {
      // Answered all the same when it names its request, so the page does not wait for ever.
      if (isRecord(message) && Number.isSafeInteger(message.id))
        post({ id: message.id as number, kind: 'failed', detail: 'unreadable request' });
      return;
    }
    if (request.kind === 'cancel') inFlight.get(request.id)?.abort();
    else if (request.kind === 'read')
      post({ id: request.id, kind: 'reading', reading: readPageBytes(request.bytes) });
    else void answerFetch(request.id, request.url, request.headers);
  };
}

/** A success's body as a page of registrations; a body cut short reads as not JSON. Never throws. */
async function readBody(response: Response): Promise<PageReading> {
  try {
    return readPageBytes(await response.arrayBuffer());
  } catch (cause) {
    return { ok: false, problem: 'not-json', detail: cause instanceof Error ? cause.message : 'unreadable' };
  }
}
