import { resetDemoData } from '../data/dataset';
import { createDemoTransport, DEMO_KEYS } from './demo-transport';

const BASE = 'http://app.test/demo-api';

function request(path: string, init: RequestInit = {}, key: string = DEMO_KEYS.alpine): Request {
  return new Request(`${BASE}${path}`, { ...init, headers: { 'X-API-Key': key } });
}

afterEach(() => {
  resetDemoData();
});

describe('createDemoTransport', () => {
  it('answers the API under its base URL with the demo data, in the page', async () => {
    const transport = createDemoTransport(BASE);
    const response = await transport(request('/v1/events'));
    expect(response?.status).toBe(200);
    const body = (await response!.json()) as { events: unknown[] };
    expect(body.events.length).toBeGreaterThan(0);
    expect((await transport(request('/v1/events', {}, 'wrong-key')))?.status).toBe(401);
    // Under the base URL but no such endpoint: a JSON 404, as a real server would.
    expect((await transport(request('/v1/nothing-here')))?.status).toBe(404);
  });

  it('answers nothing outside its base URL', async () => {
    const transport = createDemoTransport(BASE);
    const elsewhere = new Request('http://app.test/partner-api/v1/events', {
      headers: { 'X-API-Key': DEMO_KEYS.alpine },
    });
    expect(await transport(elsewhere)).toBeUndefined();
  });

  it("answers the demo's own requests to move in time and back", async () => {
    const transport = createDemoTransport(BASE);
    const advanced = await transport(request('/__demo/advance?days=2', { method: 'POST' }));
    expect(advanced?.status).toBe(200);
    expect(await advanced!.json()).toMatchObject({ daysAdvanced: 2 });
    const reset = await transport(request('/__demo/reset', { method: 'POST' }));
    expect(reset?.status).toBe(200);
    expect(await reset!.json()).toMatchObject({ daysAdvanced: 0 });
  });
});
