import { apiRequestInit, buildUrl, API_TIMEOUT_MS } from './api-request-init';
import { readStoredSession, type Session } from './session-record';

/**
 * The page load's first requests to the Partner API, sent by the page's entry (main.tsx) as
 * soon as it runs: the app's code is most of a page load's bytes, and a screen that waited for
 * it to ask for its event would add a round trip after it (on a phone, over a second after
 * the entry). The app takes each answer in its place (api-client.ts): the same request, sent
 * once, read and checked by the same code as any other, so an error is shown as it would be.
 *
 * Only for a signed-in session that talks to a real API, with the network up: the demo API
 * runs in the app's code, and offline the screens read the copy on the device.
 */

interface EarlyRequest {
  readonly apiKey: string;
  readonly response: Promise<Response>;
}

const sent = new Map<string, EarlyRequest>();

/** An answer the app did not ask for by then is dropped (a screen that changed its mind). */
const UNCLAIMED_MS = 30_000;

/** Sends a GET for each of `paths` (API paths, apiPaths) with the tab's session. Never throws. */
export function sendEarlyApiRequests(paths: readonly string[]): void {
  const session = readStoredSession();
  if (!session || session.demo || paths.length === 0 || !navigator.onLine) return;
  for (const path of paths) {
    try {
      const url = buildUrl(session.baseUrl, path);
      const response = fetch(url, apiRequestInit(session, AbortSignal.timeout(API_TIMEOUT_MS)));
      // Taken later or never: a failure is the taker's to report, not an unhandled rejection.
      response.catch(() => undefined);
      sent.set(url.href, { apiKey: session.apiKey, response });
    } catch {
      // A base URL that does not parse: the app's own request will say so.
    }
  }
  setTimeout(() => sent.clear(), UNCLAIMED_MS);
}

/**
 * The answer to the early request for `url` with `session`'s key, once (a second request for
 * it goes to the network), or undefined when there is none.
 */
export function takeEarlyApiResponse(url: URL, session: Session): Promise<Response> | undefined {
  const request = sent.get(url.href);
  if (!request) return undefined;
  sent.delete(url.href);
  return request.apiKey === session.apiKey ? request.response : undefined;
}
