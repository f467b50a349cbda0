import type { Session } from '@/lib/session';

/**
 * The built-in demo API runs in a service worker on this same origin. Everything under
 * this path is answered by the worker while a demo session is open, and by nothing once
 * the session ends (the worker is stopped and unregistered).
 */
export const DEMO_BASE_PATH = '/demo-api';

function demoBaseUrl(): string {
  return new URL(DEMO_BASE_PATH, globalThis.location.href).href;
}

/** Start the demo worker (lazily loaded: users of a real API never download the demo data). */
export async function startDemo(): Promise<Session> {
  const demo = await import('@/mocks/browser/start-demo-worker');
  await demo.startDemoWorker(demoBaseUrl());
  return { baseUrl: DEMO_BASE_PATH, apiKey: demo.DEMO_KEYS.alpine, demo: true };
}

/** Resume the worker after a reload of a demo session. */
export async function resumeDemo(): Promise<void> {
  const demo = await import('@/mocks/browser/start-demo-worker');
  await demo.startDemoWorker(demoBaseUrl());
}

export async function stopDemo(): Promise<void> {
  const demo = await import('@/mocks/browser/start-demo-worker');
  await demo.stopDemoWorker();
}
