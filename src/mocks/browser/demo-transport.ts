/**
 * The in-browser demo Partner API: the same msw handlers as the tests and the HTTP server,
 * run in the app's engine worker through msw's getResponse (no service worker). Loaded only
 * through a dynamic import() when a demo session starts (src/engine/demo/engine-demo.ts), so
 * users of a real API never download the demo data or msw: nothing else may import this file
 * statically.
 */
import { getResponse } from 'msw';
import { createPartnerApiHandlers, type MockApiOptions } from '../handlers';

export { DEMO_KEYS } from '../data/demo-keys';

/**
 * Answers requests under `baseUrl` (absolute) and nothing else: any other request resolves
 * to undefined. Besides the API, it answers the demo's own `POST {baseUrl}/__demo/advance?days=1`
 * and `POST {baseUrl}/__demo/reset` (with the demo key). The moved data lives in the engine
 * worker's memory: a reload starts again from day 0.
 */
export function createDemoTransport(
  baseUrl: string,
  options: Omit<MockApiOptions, 'baseUrl'> = {},
): (request: Request) => Promise<Response | undefined> {
  const handlers = createPartnerApiHandlers({ ...options, baseUrl });
  return (request) => getResponse(handlers, request);
}
