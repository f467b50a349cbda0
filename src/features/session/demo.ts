import { sendDemoRequest, setDemoTransport } from '@/lib/api-demo-transport';
import { buildUrl } from '@/lib/api-request-init';
import { getSession, type Session } from '@/lib/session';

/**
 * The built-in demo API runs in the engine (engine/demo): a demo session's requests under this
 * path are answered by the demo's handlers through the API client's demo transport, never sent
 * to the network, and answered by nothing once the session ends.
 */
export const DEMO_BASE_PATH = '/demo-api';

function demoBaseUrl(): string {
  return new URL(DEMO_BASE_PATH, globalThis.location.href).href;
}

/**
 * Loads the demo in the engine (lazily: users of a real API never download msw or the demo
 * data) and sends the demo session's requests there.
 */
async function installDemo(): Promise<string> {
  const baseUrl = demoBaseUrl();
  // The engine's client is not on the start-up script: only a demo session needs it this early.
  const { demoThroughEngine, startEngineDemo } = await import('@/engine/demo/demo-client');
  const apiKey = await startEngineDemo(baseUrl);
  setDemoTransport(demoThroughEngine(baseUrl));
  return apiKey;
}

export async function startDemo(): Promise<Session> {
  const apiKey = await installDemo();
  return { baseUrl: DEMO_BASE_PATH, apiKey, demo: true };
}

/** Answer again after a reload of a demo session (the data starts again from day 0). */
export async function resumeDemo(): Promise<void> {
  await installDemo();
}

/** After sign-out no demo request is answered, even by a tab that still sends one. */
export function stopDemo(): void {
  setDemoTransport(null);
}

/**
 * The demo's own requests to move in time (see src/mocks/handlers/demo-controls.ts), sent
 * with the signed-in demo key through the same transport as the API. Resolves to the answer
 * (200 with a JSON summary, or the handlers' error status).
 */
export function sendDemoControl(
  action: 'advance' | 'reset',
  params: { days?: number; eventId?: number } = {},
): Promise<Response> {
  const session = getSession();
  if (!session?.demo) return Promise.reject(new Error('Not in a demo session'));
  const url = buildUrl(session.baseUrl, `/__demo/${action}`, { days: params.days, event_id: params.eventId });
  return sendDemoRequest(new Request(url, { method: 'POST', headers: { 'X-API-Key': session.apiKey } }));
}
