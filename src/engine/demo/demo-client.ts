import type { DemoTransport } from '@/lib/api-demo-transport';
import { theEngine } from '@/engine/engine';

/** Statuses whose Response has no body (the constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Loads the demo in the engine for a demo session under `baseUrl` (absolute), and gives the
 * main demo promoter's key; rejects when it cannot.
 */
export async function startEngineDemo(baseUrl: string): Promise<string> {
  return (await theEngine().call('demo.start', { baseUrl })).apiKey;
}

/**
 * The page's demo transport (lib/api-demo-transport's `setDemoTransport`): each request of a demo
 * session under `baseUrl` is answered by the engine's demo, never by the network. An engine
 * that cannot answer rejects, which apiRequest reports as a network failure.
 */
export function demoThroughEngine(baseUrl: string): DemoTransport {
  return async (request) => {
    const method = request.method === 'POST' ? 'POST' : 'GET';
    const answer = await theEngine().call(
      'demo.answer',
      { baseUrl, url: request.url, method, headers: [...request.headers] },
      { signal: request.signal },
    );
    const body = NULL_BODY_STATUSES.has(answer.status) ? null : answer.body;
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}
