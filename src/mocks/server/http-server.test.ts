/*
 * Real HTTP on loopback. The suite's global msw server (test/setup.ts) intercepts fetch in
 * every test file; bypass() marks these requests so msw lets them reach the real socket.
 */
import { bypass } from 'msw';
import { DEMO_KEYS } from '../data/demo-keys';
import { startMockHttpServer, type MockHttpServer } from './http-server';

const ORIGIN = 'http://localhost:5173';
let server: MockHttpServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(options: Parameters<typeof startMockHttpServer>[0] = {}): Promise<MockHttpServer> {
  server = await startMockHttpServer({ port: 0, today: '2026-11-22', ...options });
  return server;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  return fetch(bypass(url, { method, headers }));
}

describe('startMockHttpServer', () => {
  it('serves the demo API on a loopback port', async () => {
    const { url } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await get(`${url}/v1/events/1003/registrations?per_page=5`, {
      'X-API-Key': DEMO_KEYS.alpine,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { registrations: unknown[] };
    expect(body.registrations).toHaveLength(5);
    expect((await get(`${url}/v1/events`)).status).toBe(401);
  });

  it('applies the API options (0-based pages with metadata)', async () => {
    const { url } = await start({ firstPage: 0, includePageMeta: true, maxPerPage: 20 });
    const response = await get(`${url}/v1/events/1003/registrations?per_page=50`, {
      'X-API-Key': DEMO_KEYS.alpine,
    });
    expect(await response.json()).toMatchObject({ page: 0, per_page: 20, total: 45, total_pages: 3 });
  });

  it('answers CORS preflights and exposes the Date header', async () => {
    const { url } = await start();
    const preflight = await get(
      `${url}/v1/events`,
      {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-api-key',
      },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/X-API-Key/i);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');

    const response = await get(`${url}/v1/events`, { Origin: ORIGIN, 'X-API-Key': DEMO_KEYS.alpine });
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-expose-headers')).toMatch(/\bDate\b/);
    expect(response.headers.get('date')).toMatch(/GMT$/);
    const noOrigin = await get(`${url}/v1/events`, { 'X-API-Key': DEMO_KEYS.alpine });
    expect(noOrigin.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('sends no CORS headers with cors: false', async () => {
    const { url } = await start({ cors: false });
    const preflight = await get(`${url}/v1/events`, { Origin: ORIGIN }, 'OPTIONS');
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const response = await get(`${url}/v1/events`, { Origin: ORIGIN, 'X-API-Key': DEMO_KEYS.alpine });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('date')).toMatch(/GMT$/);
  });

  it('answers a JSON 404 for unknown paths and methods', async () => {
    const { url } = await start();
    for (const [path, method] of [
      ['/nope', 'GET'],
      ['/v1/events', 'POST'],
    ] as const) {
      const response = await get(`${url}${path}`, { 'X-API-Key': DEMO_KEYS.alpine }, method);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('counts requests by method', async () => {
    const running = await start();
    await get(`${running.url}/v1/events`, { Origin: ORIGIN }, 'OPTIONS');
    await get(`${running.url}/v1/events`);
    await get(`${running.url}/v1/events/1001`);
    expect(running.stats()).toEqual({ get: 2, options: 1, other: 0, total: 3 });
    running.resetStats();
    expect(running.stats().total).toBe(0);
  });
});
