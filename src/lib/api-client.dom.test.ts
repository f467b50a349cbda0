import { http, HttpResponse } from 'msw';
import { z } from '@/lib/zod';
import { server, TEST_API_BASE } from '../../test/msw-server';
import { apiGet, apiRequest } from './api-client';
import { setDemoTransport, type DemoTransport } from './api-demo-transport';
import { ApiError } from './api-error';
import type { Session } from './session';
import { startSession } from './session';

const session: Session = { baseUrl: TEST_API_BASE, apiKey: 'secret-key-123', demo: false };
const probe = z.object({ ok: z.boolean() });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

function answer(response: () => Response) {
  server.use(http.get(`${TEST_API_BASE}/v1/probe`, response));
}

describe('apiRequest', () => {
  it('joins the base URL, sends the key header and returns the validated body and server date', async () => {
    let seen: Request | undefined;
    server.use(
      http.get(`${TEST_API_BASE}/partner/v1/probe`, ({ request }) => {
        seen = request;
        return HttpResponse.json(
          { ok: true, extra: 'kept out' },
          { headers: { Date: 'Sun, 22 Nov 2026 10:00:00 GMT' } },
        );
      }),
    );
    const result = await apiRequest('/v1/probe', probe, {
      session: { ...session, baseUrl: `${TEST_API_BASE}/partner/` },
      params: { page: 2, empty: '', missing: undefined },
    });
    expect(result.data).toEqual({ ok: true });
    expect(result.serverDate?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(seen?.headers.get('x-api-key')).toBe('secret-key-123');
    expect(new URL(seen!.url).search).toBe('?page=2');
  });

  it('uses the signed-in session by default and refuses to call without one', async () => {
    answer(() => HttpResponse.json({ ok: true }));
    await expect(failure(apiGet('/v1/probe', probe))).resolves.toMatchObject({ kind: 'unauthorized' });
    startSession(session);
    await expect(apiGet('/v1/probe', probe)).resolves.toEqual({ ok: true });
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [400, 'bad-request'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
  ] as const)('maps HTTP %i to %s', async (status, kind) => {
    answer(() => HttpResponse.json({ error: 'x' }, { status }));
    const error = await failure(apiGet('/v1/probe', probe, { session }));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.endpoint).toBe('/v1/probe');
  });

  it('maps a 500 with an HTML body to a server error without echoing the page', async () => {
    answer(
      () =>
        new HttpResponse('<html><body><h1>Internal Server Error</h1></body></html>', {
          status: 500,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = await failure(apiGet('/v1/probe', probe, { session }));
    expect(error.kind).toBe('server');
    expect(error.message).not.toContain('<html>');
  });

  it('reads Retry-After on a 429, in seconds or as an HTTP date', async () => {
    answer(() => HttpResponse.json({}, { status: 429, headers: { 'Retry-After': '7' } }));
    expect(await failure(apiGet('/v1/probe', probe, { session }))).toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 7,
    });

    const inTwentySeconds = new Date(Date.now() + 20_000).toUTCString();
    answer(() => HttpResponse.json({}, { status: 429, headers: { 'Retry-After': inTwentySeconds } }));
    const error = await failure(apiGet('/v1/probe', probe, { session }));
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(18);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(21);
  });

  it('maps a 200 that is not JSON to an invalid response naming the endpoint', async () => {
    answer(
      () =>
        new HttpResponse('<!doctype html><title>Login</title>', { headers: { 'Content-Type': 'text/html' } }),
    );
    const error = await failure(apiGet('/v1/probe', probe, { session }));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('/v1/probe');
    expect(error.message).toContain('not JSON');
  });

  it('maps a body of the wrong shape to an invalid response naming the field', async () => {
    const listSchema = z.object({ items: z.array(z.object({ id: z.number() })) });
    server.use(
      http.get(`${TEST_API_BASE}/v1/list`, () => HttpResponse.json({ items: [{ id: 1 }, { id: 'two' }] })),
    );
    const error = await failure(apiGet('/v1/list', listSchema, { session }));
    expect(error.kind).toBe('invalid-response');
    expect(error.field).toBe('items[1].id');
    expect(error.message).toContain('GET /v1/list');
  });

  it('maps a network failure', async () => {
    answer(() => HttpResponse.error());
    expect((await failure(apiGet('/v1/probe', probe, { session }))).kind).toBe('network');
  });

  it('times out a request that never answers', async () => {
    answer(() => new Promise<Response>(() => {}) as unknown as Response);
    const error = await failure(apiGet('/v1/probe', probe, { session, timeoutMs: 30 }));
    expect(error.kind).toBe('timeout');
  });

  it("lets the caller's abort through as an abort, not as a failure", async () => {
    answer(() => new Promise<Response>(() => {}) as unknown as Response);
    const controller = new AbortController();
    const pending = apiGet('/v1/probe', probe, { session, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
  });

  it('never puts the key in an error message', async () => {
    for (const status of [401, 403, 404, 429, 500]) {
      answer(() => HttpResponse.json({ echoed: session.apiKey }, { status }));
      const error = await failure(apiGet('/v1/probe', probe, { session }));
      expect(error.message).not.toContain(session.apiKey);
      expect(JSON.stringify(error)).not.toContain(session.apiKey);
    }
  });
});

describe('apiRequest in a demo session', () => {
  const demoSession: Session = { baseUrl: '/demo-api', apiKey: 'demo-key', demo: true };

  afterEach(() => {
    setDemoTransport(null);
    vi.restoreAllMocks();
  });

  it('is answered by the demo transport only, never by the network', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const seen: Request[] = [];
    setDemoTransport((request) => {
      seen.push(request);
      return Promise.resolve(
        Response.json({ ok: true }, { headers: { Date: 'Sun, 22 Nov 2026 10:00:00 GMT' } }),
      );
    });
    const result = await apiRequest('/v1/probe', probe, { session: demoSession, params: { page: 2 } });
    expect(result.data).toEqual({ ok: true });
    expect(result.serverDate?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(`${globalThis.location.origin}/demo-api/v1/probe?page=2`);
    expect(seen[0]!.headers.get('x-api-key')).toBe('demo-key');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fails as a network error once the transport is removed (signed out), without the network', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    setDemoTransport(() => Promise.resolve(Response.json({ ok: true })));
    setDemoTransport(null);
    expect((await failure(apiGet('/v1/probe', probe, { session: demoSession }))).kind).toBe('network');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('maps an unmatched request to not-found and a real session ignores the transport', async () => {
    const transport = vi.fn<DemoTransport>(() => Promise.resolve(undefined));
    setDemoTransport(transport);
    expect((await failure(apiGet('/v1/probe', probe, { session: demoSession }))).kind).toBe('not-found');
    answer(() => HttpResponse.json({ ok: true }));
    await expect(apiGet('/v1/probe', probe, { session })).resolves.toEqual({ ok: true });
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for the handlers on abort and on timeout', async () => {
    setDemoTransport(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const pending = apiGet('/v1/probe', probe, { session: demoSession, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
    const error = await failure(apiGet('/v1/probe', probe, { session: demoSession, timeoutMs: 30 }));
    expect(error.kind).toBe('timeout');
  });
});
