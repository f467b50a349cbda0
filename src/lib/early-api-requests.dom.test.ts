import { http, HttpResponse } from 'msw';
import { eventDetailResponseSchema, eventListResponseSchema } from '@/engine/api/event-schemas';
import { TEST_SESSION } from '../../test/fixtures';
import { requestsFromNow, server, TEST_API_BASE } from '../../test/msw-server';
import { apiGet } from './api-client';
import { ApiError } from './api-error';
import { apiPaths } from './api-paths';
import { sendEarlyApiRequests } from './early-api-requests';
import { endSession, startSession } from './session';
import { waitUntil } from '../../test/wait-until';

afterEach(() => endSession());

const EVENT = 1003;

describe('the page load’s first API requests, sent by the page’s entry', () => {
  it('are sent at once with the session’s key, and the app takes their answers instead of asking again', async () => {
    startSession(TEST_SESSION);
    const keys: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => keys.push(request.headers.get('x-api-key')));
    onTestFinished(() => server.events.removeAllListeners('request:start'));
    const requests = requestsFromNow();

    sendEarlyApiRequests([apiPaths.event(EVENT), apiPaths.events()]);
    await waitUntil(() =>
      expect(requests.map((url) => url.pathname)).toEqual([apiPaths.event(EVENT), apiPaths.events()]),
    );
    expect(keys).toEqual([TEST_SESSION.apiKey, TEST_SESSION.apiKey]);

    const detail = await apiGet(apiPaths.event(EVENT), eventDetailResponseSchema);
    const list = await apiGet(apiPaths.events(), eventListResponseSchema);
    expect(detail.event.eve_id).toBe(EVENT);
    expect(list.events.map((event) => event.eve_id)).toContain(EVENT);
    expect(requests).toHaveLength(2);

    // An answer is taken once: asking again goes to the API.
    await apiGet(apiPaths.event(EVENT), eventDetailResponseSchema);
    expect(requests).toHaveLength(3);
  });

  it('are read like any answer: an HTML error page is the same error as when the app asks', async () => {
    startSession(TEST_SESSION);
    server.use(
      http.get(
        `${TEST_API_BASE}${apiPaths.event(EVENT)}`,
        () =>
          new HttpResponse('<html>Bad gateway</html>', {
            status: 502,
            headers: { 'Content-Type': 'text/html' },
          }),
        { once: true },
      ),
    );
    const early = requestsFromNow();
    sendEarlyApiRequests([apiPaths.event(EVENT)]);
    await waitUntil(() => expect(early).toHaveLength(1));
    const error = await apiGet(apiPaths.event(EVENT), eventDetailResponseSchema).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', status: 502 });
  });

  it('are not taken by a session with another key (signed out and in again meanwhile)', async () => {
    startSession(TEST_SESSION);
    const early = requestsFromNow();
    sendEarlyApiRequests([apiPaths.events()]);
    await waitUntil(() => expect(early).toHaveLength(1));
    const keys: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => keys.push(request.headers.get('x-api-key')));
    onTestFinished(() => server.events.removeAllListeners('request:start'));
    startSession({ ...TEST_SESSION, apiKey: 'another-key' });
    await apiGet(apiPaths.events(), eventListResponseSchema).catch(() => undefined);
    expect(keys).toEqual(['another-key']);
  });

  it('stop waiting when the app no longer wants the answer', async () => {
    startSession(TEST_SESSION);
    server.use(
      http.get(`${TEST_API_BASE}${apiPaths.events()}`, () => new Promise<never>(() => {}), { once: true }),
    );
    const early = requestsFromNow();
    sendEarlyApiRequests([apiPaths.events()]);
    await waitUntil(() => expect(early).toHaveLength(1));
    const controller = new AbortController();
    const asked = apiGet(apiPaths.events(), eventListResponseSchema, { signal: controller.signal });
    controller.abort(new DOMException('unmounted', 'AbortError'));
    await expect(asked).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('are not sent signed out, for the demo (it runs in the app) or offline', async () => {
    const requests = requestsFromNow();
    sendEarlyApiRequests([apiPaths.events()]);
    startSession({ ...TEST_SESSION, demo: true });
    sendEarlyApiRequests([apiPaths.events()]);
    startSession(TEST_SESSION);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    sendEarlyApiRequests([apiPaths.events()]);
    // msw sees a request a moment after it is sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });
});
