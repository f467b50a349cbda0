import { http, HttpResponse } from 'msw';
import { server, TEST_API_BASE } from '../../../../test/msw-server';
import { createPageReaderAnswers } from './page-reader-answers';
import type { PageReaderReply } from './page-reader-protocol';
import { waitUntil } from '../../../../test/wait-until';

const PAGE_URL = `${TEST_API_BASE}/v1/events/77/registrations`;
const PAGE = { registrations: [{ registration_id: '1', first_name: 'Ana' }] };
const INIT: RequestInit = {
  method: 'GET',
  headers: { 'X-API-Key': 'key-of-the-test', Accept: 'application/json' },
  credentials: 'omit',
};

type Listener = ((event: MessageEvent<unknown>) => void) | null;

/**
 * The page reader worker run in-process: every message crosses a structured clone both ways,
 * as between threads, and the worker's own answers (page-reader-answers.ts) reach msw.
 */
class InProcessWorker {
  static started = 0;
  /** The pages asked of this worker rather than fetched by the page. */
  static fetches = 0;
  onmessage: Listener = null;
  onerror: ((event: Event) => void) | null = null;
  onmessageerror: ((event: Event) => void) | null = null;
  private answer = createPageReaderAnswers((reply) => this.reply(reply));
  constructor() {
    InProcessWorker.started += 1;
  }
  protected reply(reply: unknown) {
    const data = structuredClone(reply);
    setTimeout(() => this.onmessage?.(new MessageEvent('message', { data })));
  }
  postMessage(request: unknown) {
    const data = structuredClone(request);
    if ((data as { kind?: unknown }).kind === 'fetch') InProcessWorker.fetches += 1;
    setTimeout(() => this.answer(data));
  }
  terminate() {}
}

async function freshReader() {
  vi.resetModules();
  return import('./page-reader');
}

beforeEach(() => {
  InProcessWorker.started = 0;
  InProcessWorker.fetches = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pages fetched and read by the worker', () => {
  beforeEach(() => vi.stubGlobal('Worker', InProcessWorker));

  it("gives the API's status and headers, and the rows checked against the schema", async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.get(PAGE_URL, ({ request }) => {
        keys.push(request.headers.get('x-api-key'));
        return HttpResponse.json(PAGE, { headers: { Date: 'Tue, 24 Nov 2026 08:00:00 GMT' } });
      }),
    );
    const { sendRegistrationPageRequest, readRegistrationPageBody } = await freshReader();
    const response = await sendRegistrationPageRequest(new URL(`${PAGE_URL}?page=1`), INIT);
    expect(response.status).toBe(200);
    expect(response.headers.get('date')).toBe('Tue, 24 Nov 2026 08:00:00 GMT');
    // The id came as a string: the schema's coercion ran (in the worker) before the page got it.
    expect(await readRegistrationPageBody(response)).toMatchObject({
      ok: true,
      data: { registrations: [{ registration_id: 1, first_name: 'Ana', custom_questions: [] }] },
    });
    expect(keys).toEqual(['key-of-the-test']);
  });

  it('answers an error with its status and headers, its body unread', async () => {
    server.use(
      http.get(
        PAGE_URL,
        () => new HttpResponse('<html>Slow down</html>', { status: 429, headers: { 'Retry-After': '3' } }),
      ),
    );
    const { sendRegistrationPageRequest } = await freshReader();
    const response = await sendRegistrationPageRequest(new URL(PAGE_URL), INIT);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.text()).toBe('');
  });

  it('reads an HTML page answered with 200 as not JSON', async () => {
    server.use(http.get(PAGE_URL, () => HttpResponse.html('<html>Sign in to the proxy</html>')));
    const { sendRegistrationPageRequest, readRegistrationPageBody } = await freshReader();
    const response = await sendRegistrationPageRequest(new URL(PAGE_URL), INIT);
    expect(await readRegistrationPageBody(response)).toMatchObject({ ok: false, problem: 'not-json' });
  });

  it('fails as fetch does when nothing answers', async () => {
    server.use(http.get(PAGE_URL, () => HttpResponse.error()));
    const { sendRegistrationPageRequest } = await freshReader();
    await expect(sendRegistrationPageRequest(new URL(PAGE_URL), INIT)).rejects.toBeInstanceOf(TypeError);
  });

  it("stops the worker's request when the page no longer wants it", async () => {
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
    const { sendRegistrationPageRequest } = await freshReader();
    const controller = new AbortController();
    const sent = sendRegistrationPageRequest(new URL(PAGE_URL), { ...INIT, signal: controller.signal });
    await waitUntil(() => expect(received).toBe(true));
    controller.abort(new DOMException('Left the screen', 'AbortError'));
    await expect(sent).rejects.toMatchObject({ message: 'Left the screen' });
    await waitUntil(() => expect(stopped).toBe(true));
  });
});

describe('a page of registrations asked through apiRequest', () => {
  beforeEach(() => vi.stubGlobal('Worker', InProcessWorker));

  it("maps the worker's answers to the app's errors, the 401 included", async () => {
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
  });
});

describe('when the worker cannot help, the page fetches and reads itself', () => {
  it('after a reply the worker could not have sent', async () => {
    class Confused extends InProcessWorker {
      protected override reply(reply: PageReaderReply) {
        super.reply({ ...reply, status: 0 });
      }
    }
    vi.stubGlobal('Worker', Confused);
    let asked = 0;
    server.use(
      http.get(PAGE_URL, () => {
        asked += 1;
        return HttpResponse.json(PAGE);
      }),
    );
    const { sendRegistrationPageRequest, readRegistrationPageBody } = await freshReader();
    const response = await sendRegistrationPageRequest(new URL(PAGE_URL), INIT);
    expect(await readRegistrationPageBody(response)).toMatchObject({
      ok: true,
      data: { registrations: [{ registration_id: 1 }] },
    });
    // Once by the worker (its reply unreadable), once by the page.
    expect(asked).toBe(2);
  });

  it('once the worker broke, losing no page, and without starting it again', async () => {
    class Breaking extends InProcessWorker {
      override postMessage() {
        setTimeout(() => this.onerror?.(new Event('error', { cancelable: true })));
      }
    }
    vi.stubGlobal('Worker', Breaking);
    server.use(http.get(PAGE_URL, () => HttpResponse.json(PAGE)));
    const { sendRegistrationPageRequest, readRegistrationPageBody } = await freshReader();
    const [first, second] = await Promise.all([
      sendRegistrationPageRequest(new URL(`${PAGE_URL}?page=1`), INIT),
      sendRegistrationPageRequest(new URL(`${PAGE_URL}?page=2`), INIT),
    ]);
    expect(await readRegistrationPageBody(first)).toMatchObject({ ok: true });
    expect(await readRegistrationPageBody(second)).toMatchObject({ ok: true });
    const third = await sendRegistrationPageRequest(new URL(`${PAGE_URL}?page=3`), INIT);
    expect(await readRegistrationPageBody(third)).toMatchObject({ ok: true });
    expect(Breaking.started).toBe(1);
  });

  it('without workers at all (jsdom, old browsers)', async () => {
    vi.stubGlobal('Worker', undefined);
    server.use(http.get(PAGE_URL, () => HttpResponse.json(PAGE)));
    const { sendRegistrationPageRequest, readRegistrationPageBody } = await freshReader();
    const response = await sendRegistrationPageRequest(new URL(PAGE_URL), INIT);
    expect(await readRegistrationPageBody(response)).toMatchObject({ ok: true });
  });
});

describe('bodies fetched by the page (the demo API answers in the page)', () => {
  it("are read by the worker, and by the page when the worker's reading is unreadable", async () => {
    vi.stubGlobal('Worker', InProcessWorker);
    const { readRegistrationPageBody } = await freshReader();
    expect(await readRegistrationPageBody(new Response(JSON.stringify(PAGE)))).toMatchObject({
      ok: true,
      data: { registrations: [{ registration_id: 1 }] },
    });

    class Confused extends InProcessWorker {
      protected override reply(reply: PageReaderReply) {
        super.reply({ ...reply, reading: { ok: true, data: 'rows' } });
      }
    }
    vi.stubGlobal('Worker', Confused);
    const read = (await freshReader()).readRegistrationPageBody;
    expect(await read(new Response(JSON.stringify(PAGE)))).toMatchObject({
      ok: true,
      data: { registrations: [{ first_name: 'Ana' }] },
    });
  });
});
