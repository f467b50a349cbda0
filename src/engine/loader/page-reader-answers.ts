import type { Handlers } from '@/engine/rpc/server';
import type { pageReaderContract } from './page-reader-contract';
import { readPageBytes, type PageReading } from './page-reader-protocol';

/**
 * The engine's page methods (page-reader-contract.ts): asks the API for the pages the page
 * wants, reads each success's body and checks it against the schema, and answers the status,
 * the headers and that reading. So the 400 kB of a page's JSON never reach the page's main
 * thread, only the checked rows do. A cancelled call aborts its request (the call's signal).
 * Plain functions, so they are tested in-process and run wherever the engine runs.
 */
export function pageReaderHandlers(
  fetchPage: typeof fetch = (input, init) => fetch(input, init),
): Handlers<typeof pageReaderContract> {
  return {
    'pages.fetch': async ({ url, headers }, { signal }) => {
      let response: Response;
      try {
        response = await fetchPage(url, { method: 'GET', headers, credentials: 'omit', signal });
      } catch (cause) {
        return { kind: 'failed', detail: cause instanceof Error ? cause.message : 'no answer' };
      }
      const reading = response.ok ? await readBody(response) : null;
      if (response.body && !response.bodyUsed) void response.body.cancel().catch(() => {});
      return { kind: 'response', status: response.status, headers: [...response.headers], reading };
    },
    'pages.read': ({ bytes }) => readPageBytes(bytes),
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
