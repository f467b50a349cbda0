import type { Handlers } from '@/engine/rpc/server';
import type { EngineDemo } from '@/engine/demo/engine-demo';
import type { pageReaderContract } from './page-reader-contract';
import { readPageBytes, type PageReading } from './page-reader-protocol';

/**
 * The engine's page method (page-reader-contract.ts): asks the API (or, for a demo session, the
 * engine's demo) for the page the page wants, reads a success's body and checks it against the
 * schema, and answers the status, the headers and that reading. So the 400 kB of a page's JSON
 * never reach the page's main thread, only the checked rows do. A cancelled call aborts its
 * request (the call's signal). Plain functions, so they are tested in-process and run wherever
 * the engine runs.
 */
export function pageReaderHandlers(
  demo: EngineDemo,
  fetchPage: typeof fetch = (input, init) => fetch(input, init),
): Handlers<typeof pageReaderContract> {
  return {
    'pages.fetch': async ({ url, headers, demoBase }, { signal }) => {
      let response: Response;
      try {
        response =
          demoBase === null
            ? await fetchPage(url, { method: 'GET', headers, credentials: 'omit', signal })
            : await demo.answer(new Request(url, { headers, signal }), demoBase);
      } catch (cause) {
        return { kind: 'failed', detail: cause instanceof Error ? cause.message : 'no answer' };
      }
      const reading = response.ok ? await readBody(response) : null;
      if (response.body && !response.bodyUsed) void response.body.cancel().catch(() => {});
      return { kind: 'response', status: response.status, headers: [...response.headers], reading };
    },
  };
}

/** A success's body as a page of registrations; a body cut short reads as not JSON. Never throws. */
export async function readBody(response: Response): Promise<PageReading> {
  try {
    return readPageBytes(await response.arrayBuffer());
  } catch (cause) {
    return { ok: false, problem: 'not-json', detail: cause instanceof Error ? cause.message : 'unreadable' };
  }
}
