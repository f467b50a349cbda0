/**
 * The in-browser demo Partner API (msw service worker). Loaded only through a dynamic
 * import() when a demo session starts, so users of a real API never download the demo
 * data or msw: nothing outside the demo flow may import this file statically.
 */
import { setupWorker, type SetupWorker } from 'msw/browser';
import { createPartnerApiHandlers, type MockApiOptions } from '../handlers';

export { DEMO_KEYS } from '../data/demo-keys';

const WORKER_URL = '/mockServiceWorker.js';

// One worker per page. A promise, not the worker itself, so two overlapping calls (React
// StrictMode runs effects twice) share one start instead of registering twice.
let current: Promise<SetupWorker> | null = null;

/**
 * Starts answering requests under `baseUrl` (absolute, or relative to the page) and nothing
 * else: unmatched requests go to the network untouched. Calling it again rebinds the
 * handlers to the new baseUrl without restarting the worker. Besides the API, the worker
 * answers the demo's own `POST {baseUrl}/__demo/advance?days=1` and `POST {baseUrl}/__demo/reset`
 * (with the demo key), so the page can move the demo in time without importing this module.
 * The moved data lives in the page's memory: a reload starts again from day 0.
 */
export async function startDemoWorker(
  baseUrl: string,
  options: Omit<MockApiOptions, 'baseUrl'> = {},
): Promise<void> {
  const absolute = new URL(baseUrl, globalThis.location.href).href;
  const handlers = createPartnerApiHandlers({ ...options, baseUrl: absolute });
  if (current) {
    const worker = await current;
    worker.resetHandlers(...handlers);
    return;
  }
  const worker = setupWorker(...handlers);
  current = worker
    .start({ quiet: true, onUnhandledFrame: 'bypass', serviceWorker: { url: WORKER_URL } })
    .then(() => worker);
  try {
    await current;
  } catch (error) {
    current = null; // let a later call retry (e.g. the worker file was missing)
    throw error;
  }
}

/**
 * Stops the demo and unregisters its service worker, so no later request in this browser,
 * even after a reload, can receive a demo answer in place of the real API's.
 */
export async function stopDemoWorker(): Promise<void> {
  const pending = current;
  current = null;
  if (pending) {
    try {
      await (await pending).stop();
    } catch {
      // The worker never started: nothing to stop, but registrations may still linger.
    }
  }
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.filter(isDemoRegistration).map((r) => r.unregister()));
}

function isDemoRegistration(registration: ServiceWorkerRegistration): boolean {
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  return worker?.scriptURL.endsWith(WORKER_URL) ?? false;
}
