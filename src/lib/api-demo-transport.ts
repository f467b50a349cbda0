import { untilAborted } from './until-aborted';

/*
 * Where a demo session's requests go (api-client.ts sends them here). Apart from the API client:
 * the demo module (features/session/demo.ts), on the start-up script to resume a reloaded demo
 * session, installs the transport without the client's code.
 */

/**
 * Answers a request in the page instead of the network: the built-in demo API (msw's
 * handlers run through `getResponse`). `undefined` means no handler matched.
 */
export type DemoTransport = (request: Request) => Promise<Response | undefined>;

let demoTransport: DemoTransport | null = null;

/**
 * Installed by the demo module when a demo session starts or resumes, removed at sign-out.
 * Only a demo session's requests use it; every other session goes to the network.
 */
export function setDemoTransport(transport: DemoTransport | null): void {
  demoTransport = transport;
}

/**
 * Sends a request of a demo session through the demo transport. With none installed (signed
 * out, or the demo could not load, e.g. offline) nothing answers: a network error, never the
 * network, so a demo URL can never reach a server.
 */
export async function sendDemoRequest(request: Request): Promise<Response> {
  const transport = demoTransport;
  if (!transport) throw new TypeError('The demo API is not running');
  // The handlers do not watch the signal: stop waiting for them when it fires.
  const response = await untilAborted(transport(request), request.signal);
  return response ?? new Response(null, { status: 404 });
}
