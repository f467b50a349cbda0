import { theEngine } from '@/engine/engine';
import type { EngineContract } from '@/engine/engine-contract';
import type { EngineClient } from '@/engine/rpc/client';
import { isEngineError } from '@/engine/rpc/engine-error';
import { sendDemoRequest } from '@/lib/api-client';
import { getSession } from '@/lib/session';
import { readPageBytes, type PageReading } from './page-reader-protocol';

/**
 * Fetches and reads pages of registrations in the engine (page-reader-contract.ts, answered by
 * page-reader-answers.ts in the engine worker). A page of 500 registrations is about 400 kB of
 * JSON: receiving it, parsing it and checking it against the schema on the main thread would
 * be a task of tens of milliseconds a page, a long one on a phone, fifty times over for 25,000
 * rows, while the page only has to take in the checked rows.
 *
 * apiRequest still builds the request (address, key, timeout) and maps every answer to an
 * ApiError: `send` hands it a Response with the engine's status and headers, and `readBody` the
 * engine's reading of its body. Nothing is lost to the engine: where there is no Worker (tests
 * in jsdom) the page fetches and reads every page itself, and when the engine cannot answer
 * (it failed, or its answer was unreadable: an EngineError) the page fetches and reads that
 * page itself; the engine's next call starts a new one. A demo session's pages are answered by
 * the engine's demo, never by the network, wherever they are asked from.
 */
export interface PageReader {
  /**
   * apiRequest's `send` for pages of registrations: the request made by the engine, answered
   * as a Response with the API's status and headers (the body stays in the engine: see
   * readBody). Rejects as fetch does: a TypeError when nothing answered, the signal's reason
   * when cancelled.
   */
  readonly send: (url: URL, init: RequestInit) => Promise<Response>;
  /** A response's body as a page of registrations, read in the engine when it fetched it. Never throws. */
  readonly readBody: (response: Response) => Promise<PageReading>;
}

type Engine = EngineClient<EngineContract>;

/** The page's engine, or null where there is no Worker: the page then does the work itself. */
const engineInWorker = (): Engine | null => (typeof Worker === 'undefined' ? null : theEngine());

/** The signed-in demo session's base address (absolute), or null for a real API. */
function demoBase(): string | null {
  const session = getSession();
  return session?.demo ? new URL(session.baseUrl, globalThis.location.href).href : null;
}

/** The request sent from the page itself: the demo's transport for a demo session, else fetch. */
const sendHere = (url: URL, init: RequestInit): Promise<Response> =>
  demoBase() === null ? fetch(url, init) : sendDemoRequest(new Request(url, init));

/** @param engine the engine to ask for each page, or null to fetch and read in the page. */
export function createPageReader(engine: () => Engine | null = engineInWorker): PageReader {
  /** The engine's reading of each Response it answered. */
  const readings = new WeakMap<Response, PageReading>();

  const send = async (url: URL, init: RequestInit): Promise<Response> => {
    const reader = engine();
    if (!reader) return sendHere(url, init);
    const answer = await reader
      .call(
        'pages.fetch',
        { url: url.href, headers: [...new Headers(init.headers)], demoBase: demoBase() },
        { signal: init.signal },
      )
      .catch((error: unknown) => {
        // Cancelled: the signal's reason, rejected as fetch rejects it.
        if (!isEngineError(error)) throw error;
        return null;
      });
    // The engine could not answer: the page fetches this page itself, and reads it.
    if (!answer) return sendHere(url, init);
    if (answer.kind === 'failed') throw new TypeError(answer.detail);
    const response = new Response(null, { status: answer.status, headers: answer.headers });
    if (answer.reading) readings.set(response, answer.reading);
    return response;
  };

  const readBody = async (response: Response): Promise<PageReading> => {
    const readByEngine = readings.get(response);
    if (readByEngine) return readByEngine;
    try {
      return readPageBytes(await response.arrayBuffer());
    } catch (cause) {
      return {
        ok: false,
        problem: 'not-json',
        detail: cause instanceof Error ? cause.message : 'unreadable',
      };
    }
  };

  return { send, readBody };
}

export const { send: sendRegistrationPageRequest, readBody: readRegistrationPageBody } = createPageReader();
