import { http, HttpResponse } from 'msw';
import { server, TEST_API_BASE } from '../../../test/msw-server';
import { engineContract } from '@/engine/engine-contract';
import { startEngine } from '@/engine/engine-handlers';
import { createEngineClient } from '@/engine/rpc/client';
import type { EngineReply } from '@/engine/rpc/messages';
import { workerTransport } from '@/engine/rpc/transport';
import { createPageReader, readRegistrationPageBody, sendRegistrationPageRequest } from './page-reader';
import { waitUntil } from '../../../test/wait-until';
import { endSession, startSession } from '@/lib/session';
import { DEMO_KEYS } from '@/mocks/data/demo-keys';

const PAGE_URL = `${TEST_API_BASE}/v1/events/77/registrations`;
const PAGE = { registrations: [{ registration_id: '1', first_name: 'Ana' }] };
const INIT: RequestInit = {
  method: 'GET',
  headers: { 'X-API-Key': 'key-of-the-test', Accept: 'application/json' },
  credentials: 'omit',
};

type Listener = ((event: MessageEvent<unknown>) => void) | null;

/**
 * The engine worker run in-process: every message crosses a structured clone both ways, as
 * between threads, and the engine's own methods (startEngine, so page-reader-answers.ts among
 * them) reach msw.
 */
class InProcessWorker {
  static started = 0;
  /** The pages asked of the engine rather than fetched by the page. */
  static fetches = 0;
  onmessage: Listener = null;
  onerror: ((event: Event) => void) | null = null;
  onmessageerror: ((event: Event) => void) | null = null;
  private readonly receive = startEngine((reply) => this.reply(reply));
  constructor() {
    InProcessWorker.started += 1;
  }
  protected reply(reply: EngineReply) {
    const data = structuredClone(reply);
    setTimeout(() => this.onmessage?.(new MessageEvent('message', { data })));
  }
  postMessage(call: unknown) {
    const data: unknown = structuredClone(call);
    const method = (data as { method?: unknown }).method;
    if (method === 'pages.fetch') InProcessWorker.fetches += 1;
    setTimeout(() => this.receive(data));
  }
  terminate() {}
}

/** A page reader over a new engine in an in-process worker of class `Start`. */
function readerOn(Start: new () => InProcessWorker = InProcessWorker) {
  const engine = createEngineClient(engineContract, () =>
    workerTransport(() => new Start() as unknown as Worker),
  );
  return createPageReader(() => engine);
}

/** A result whose value was changed on the way (as by a bug in the engine). */
function changedResult(reply: EngineReply, change: (value: Record<string, unknown>) => unknown): EngineReply {
  if (reply.kind !== 'result') return reply;
  return { ...reply, value: change(reply.value as Record<string, unknown>) };
}

beforeEach(() => {
  InProcessWorker.started = 0;
  InProcessWorker.fetches = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// The 401 test imports the app's modules afresh with a stand-in Worker, so its page engine
// clones every message: the files that run next in this worker get modules of their own.
afterAll(() => {
  vi.resetModules();
});

describe('pages fetched and read by the engine', () => {
  it("gives the API's status and headers, and the rows checked against the schema", async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.get(PAGE_URL, ({ request }) => {
        keys.push(request.headers.get('x-api-key'));
        return HttpResponse.json(PAGE, { headers: { Date: 'Tue, 24 Nov 2026 08:00:00 GMT' } });
      }),
    );
    const { send, readBody } = readerOn();
    const response = await send(new URL(`${PAGE_URL}?page=1`), INIT);
    expect(response.status).toBe(200);
    expect(response.headers.get('date')).toBe('Tue, 24 Nov 2026 08:00:00 GMT');
    // The id came as a string: the schema's coercion ran (in the engine) before the page got it.
    expect(await readBody(response)).toMatchObject({
      ok: true,
      data: { registrations: [{ registration_id: 1, first_name: 'Ana', custom_questions: [] }] },
    });
    expect(keys).toEqual(['key-of-the-test']);
    expect(InProcessWorker.fetches).toBe(1);
  });

  it('answers an error with its status and headers, its body unread', async () => {
    server.use(
      http.get(
        PAGE_URL,
        () => new HttpResponse('<html>Slow down</html>', { status: 429, headers: { 'Retry-After': '3' } }),
      ),
    );
    const response = await readerOn().send(new URL(PAGE_URL), INIT);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.text()).toBe('');
  });

  it('reads an HTML page answered with 200 as not JSON', async () => {
    server.use(http.get(PAGE_URL, () => HttpResponse.html('<html>Sign in to the proxy</html>')));
    const { send, readBody } = readerOn();
    const response = await send(new URL(PAGE_URL), INIT);
    expect(await readBody(response)).toMatchObject({ ok: false, problem: 'not-json' });
  });

  it('fails as fetch does when nothing answers', async () => {
    server.use(http.get(PAGE_URL, () => HttpResponse.error()));
    await expect(readerOn().send(new URL(PAGE_URL), INIT)).rejects.toBeInstanceOf(TypeError);
    expect(InProcessWorker.fetches).toBe(1);
  });

  it("stops the engine's request when the page no longer wants it", async () => {
    let received = false;
    let stopped = false;
    server.use(
      http.get(
        PAGE_URL,
        ({ request }) =>
          new Promise<Response>((resolve) => {
            received = true;
            request.signal.addEventListener('abort', () => {
              stopped = true;
              resolve(HttpResponse.json(PAGE));
            });
          }),
      ),
    );
    // The signals the engine's fetches were given.
    const signals: (AbortSignal | null | undefined)[] = [];
    const network = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      signals.push(init?.signal);
      return network(input, init);
    });
    const controller = new AbortController();
    const sent = readerOn().send(new URL(PAGE_URL), { ...INIT, signal: controller.signal });
    await waitUntil(() => expect(received).toBe(true));
    controller.abort(new DOMException('Left the screen', 'AbortError'));
    await expect(sent).rejects.toMatchObject({ message: 'Left the screen' });
    await waitUntil(() => expect(stopped).toBe(true));
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
  });
});

describe('a page of registrations asked through apiRequest', () => {
  it("maps the engine's answers to the app's errors, the 401 included", async () => {
    // The app's own wiring: queries.ts, the page's engine (a fresh one) in its worker.
    vi.stubGlobal('Worker', InProcessWorker);
    vi.resetModules();
    const { fetchRegistrationPage } = await import('./queries');
    const { onSessionUnauthorized } = await import('@/lib/api-client');
    const { startSession } = await import('@/lib/session');
    startSession({ baseUrl: TEST_API_BASE, apiKey: 'key-of-the-test', demo: false });
    const refused = vi.fn();
    onTestFinished(onSessionUnauthorized(refused));

    server.use(http.get(PAGE_URL, () => HttpResponse.json(PAGE)));
    await expect(fetchRegistrationPage(77, { page: 1 })).resolves.toMatchObject({
      data: { registrations: [{ registration_id: 1 }] },
    });

    server.use(
      http.get(PAGE_URL, () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '7' } })),
    );
    await expect(fetchRegistrationPage(77, { page: 2 })).rejects.toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 7,
    });

    server.use(http.get(PAGE_URL, () => HttpResponse.json({ registrations: [{ first_name: 'No id' }] })));
    await expect(fetchRegistrationPage(77, { page: 3 })).rejects.toMatchObject({
      kind: 'invalid-response',
      field: 'registrations[0].registration_id',
    });

    server.use(http.get(PAGE_URL, () => HttpResponse.error()));
    await expect(fetchRegistrationPage(77, { page: 4 })).rejects.toMatchObject({ kind: 'network' });

    server.use(http.get(PAGE_URL, () => new HttpResponse(null, { status: 401 })));
    await expect(fetchRegistrationPage(77, { page: 5 })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(refused).toHaveBeenCalledOnce();
    expect(InProcessWorker.fetches).toBe(5);
    expect(InProcessWorker.started).toBe(1);
  });
});

describe('when the engine cannot answer, the page fetches and reads itself', () => {
  it('after an answer the engine could not have sent', async () => {
    class Confused extends InProcessWorker {
      protected override reply(reply: EngineReply) {
        super.reply(changedResult(reply, (value) => ({ ...value, status: 0 })));
      }
    }
    let asked = 0;
    server.use(
      http.get(PAGE_URL, () => {
        asked += 1;
        return HttpResponse.json(PAGE);
      }),
    );
    const { send, readBody } = readerOn(Confused);
    const response = await send(new URL(PAGE_URL), INIT);
    expect(await readBody(response)).toMatchObject({
      ok: true,
      data: { registrations: [{ registration_id: 1 }] },
    });
    // Once by the engine (its answer unreadable), once by the page, which read it too.
    expect(asked).toBe(2);
  });

  it('when the engine broke, losing no page; the next page goes to a new engine', async () => {
    class BreaksFirst extends InProcessWorker {
      /** Only the first engine breaks (as when its script failed to load); the next one works. */
      private readonly breaks = InProcessWorker.started === 1;
      override postMessage(call: unknown) {
        if (!this.breaks) return super.postMessage(call);
        setTimeout(() => this.onerror?.(new Event('error', { cancelable: true })));
      }
    }
    let asked = 0;
    server.use(
      http.get(PAGE_URL, () => {
        asked += 1;
        return HttpResponse.json(PAGE);
      }),
    );
    const { send, readBody } = readerOn(BreaksFirst);
    const [first, second] = await Promise.all([
      send(new URL(`${PAGE_URL}?page=1`), INIT),
      send(new URL(`${PAGE_URL}?page=2`), INIT),
    ]);
    expect(await readBody(first)).toMatchObject({ ok: true });
    expect(await readBody(second)).toMatchObject({ ok: true });
    // Both fetched and read by the page: the engine answered neither.
    expect(asked).toBe(2);
    expect(InProcessWorker.fetches).toBe(0);

    const third = await send(new URL(`${PAGE_URL}?page=3`), INIT);
    expect(await readBody(third)).toMatchObject({ ok: true });
    expect(InProcessWorker.started).toBe(2);
    expect(InProcessWorker.fetches).toBe(1);
    expect(asked).toBe(3);
  });

  it('without workers at all (jsdom, old browsers)', async () => {
    vi.stubGlobal('Worker', undefined);
    server.use(http.get(PAGE_URL, () => HttpResponse.json(PAGE)));
    const response = await sendRegistrationPageRequest(new URL(PAGE_URL), INIT);
    expect(await readRegistrationPageBody(response)).toMatchObject({ ok: true });
  });
});

describe("a demo session's pages", () => {
  it("are answered by the engine's demo and read there, never by the network", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    startSession({ baseUrl: '/demo-api', apiKey: DEMO_KEYS.alpine, demo: true });
    try {
      const url = new URL('/demo-api/v1/events/1003/registrations?page=1&per_page=10', location.href);
      const { send, readBody } = readerOn();
      const response = await send(url, { headers: { 'X-API-Key': DEMO_KEYS.alpine } });
      const reading = await readBody(response);
      expect(reading.ok && reading.data.registrations).toHaveLength(10);
      expect(InProcessWorker.fetches).toBe(1);
      // Another promoter's key is refused as the API would.
      const refused = await send(url, { headers: { 'X-API-Key': DEMO_KEYS.coastal } });
      expect(refused.status).toBe(404);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      endSession();
      fetchSpy.mockRestore();
    }
  });
});
