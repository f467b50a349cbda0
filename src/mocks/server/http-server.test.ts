/*
 * Real HTTP on loopback. The suite's global msw server (test/setup.ts) intercepts fetch in
 * every test file; bypass() marks these requests so msw lets them reach the real socket.
 */
import { bypass } from 'msw';
import type { DemoAdvance } from '../data/advance';
import { resetDemoData } from '../data/dataset';
import { DAY_MS } from '../data/dates';
import { DEMO_KEYS } from '../data/demo-keys';
import { startMockHttpServer, type MockHttpServer } from './http-server';

const ORIGIN = 'http://localhost:5173';
let server: MockHttpServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
  resetDemoData(); // the server shares this process's demo data and clock
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

  it('moves in time on POST /__demo/advance, and back on POST /__demo/reset', async () => {
    const { url } = await start();
    const key = { 'X-API-Key': DEMO_KEYS.alpine };
    const rows = `${url}/v1/events/1003/registrations?per_page=100`;
    const before = await get(rows, key);
    const watermark = Date.parse(before.headers.get('date') ?? '');

    const advanced = await get(`${url}/__demo/advance?days=1&event_id=1003`, key, 'POST');
    expect(advanced.status).toBe(200);
    expect(Date.parse(advanced.headers.get('date') ?? '') - watermark).toBeGreaterThanOrEqual(DAY_MS);
    const summary = (await advanced.json()) as DemoAdvance;
    const [changes] = summary.events;
    expect(changes?.eventId).toBe(1003);
    const { deleted = [], ...kinds } = changes ?? {};
    const changed = Object.entries(kinds)
      .flatMap(([kind, ids]) => (kind === 'eventId' ? [] : (ids as number[])))
      .sort((a, b) => a - b);
    expect(changed.length).toBeGreaterThan(0);

    const since = await get(`${rows}&updated_since=${new Date(watermark).toISOString()}`, key);
    const body = (await since.json()) as { registrations: { registration_id: number }[] };
    expect(body.registrations.map((row) => row.registration_id)).toEqual(changed);
    expect(body.registrations.some((row) => deleted.includes(row.registration_id))).toBe(false);

    expect((await get(`${url}/__demo/advance`, {}, 'POST')).status).toBe(401);
    const reset = await get(`${url}/__demo/reset`, key, 'POST');
    expect(reset.status).toBe(200);
    expect(Math.abs(Date.parse(reset.headers.get('date') ?? '') - Date.now())).toBeLessThan(2_000);
    const again = (await (await get(rows, key)).json()) as unknown;
    expect(again).toEqual(await before.json());
  });

  it('lets a cross-origin page POST the demo requests, and only those', async () => {
    const { url } = await start();
    const preflight = (path: string) =>
      get(
        `${url}${path}`,
        {
          Origin: ORIGIN,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'x-api-key',
        },
        'OPTIONS',
      );
    const demo = await preflight('/__demo/advance?days=2');
    expect(demo.headers.get('access-control-allow-methods')).toBe('POST');
    expect((await preflight('/v1/events')).headers.get('access-control-allow-methods')).toBe('GET');
  });
});
