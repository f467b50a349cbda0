import { DEMO_KEYS } from '../data/demo-keys';
import { resetDemoData } from '../data/dataset';
import { apiCaller, list, obj, TEST_BASE } from './test-helpers';

afterEach(() => resetDemoData());

const call = apiCaller();

async function eventIds(query: string, key: string = DEMO_KEYS.alpine): Promise<number[]> {
  const result = await call(`/v1/events${query}`, key);
  expect(result.status).toBe(200);
  const body = obj(result.body);
  const events = list<{ eve_id: number }>(body.events);
  expect(body.total).toBe(events.length);
  return events.map((event) => event.eve_id);
}

describe('GET /v1/events', () => {
  it('answers 401 with a JSON error without a valid key', async () => {
    for (const key of [null, '', 'demo-alpine-7f3A', 'demo-alpine-7f3a-x']) {
      const result = await call('/v1/events', key);
      expect(result.status).toBe(401);
      expect(obj(result.body).error).toBe('unauthorized');
      expect(typeof obj(result.body).message).toBe('string');
    }
  });

  it("lists only the key's promoter's events, with embedded categories", async () => {
    const alpine = await eventIds('');
    const coastal = await eventIds('', DEMO_KEYS.coastal);
    expect(alpine).toEqual([1001, 1002, 1003, 1005, 1006, 1008, 1010, 1011, 1040, 1041]);
    expect(coastal).toEqual([1004, 1007, 1009, 1012]);
    expect(await eventIds('', DEMO_KEYS.empty)).toEqual([]);
    const body = obj((await call('/v1/events')).body);
    const first = obj(list(body.events)[0]);
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['eve_id', 'eve_nom_fr', 'eve_lieu_fr', 'eve_lieu_en', 'eve_date_debut']),
    );
    expect(list(first.categories).length).toBeGreaterThanOrEqual(2);
  });

  it('filters on the start date with inclusive bounds', async () => {
    // 1008 starts on the reference date 2026-11-22, 1005 ten days later.
    expect(await eventIds('?start_date=2026-11-22&end_date=2026-11-22')).toEqual([1008]);
    expect(await eventIds('?start_date=2026-11-22&end_date=2026-12-02')).toEqual([1005, 1008]);
    expect(await eventIds('?start_date=2026-11-23&end_date=2026-12-01')).toEqual([]);
    expect(await eventIds('?end_date=2026-11-21')).toEqual([1003, 1006, 1011, 1040, 1041]);
    expect(await eventIds('?start_date=2026-12-03&end_date=2026-11-01')).toEqual([]);
    expect(await eventIds('?start_date=')).toHaveLength(10); // empty value = absent
  });

  it('filters on updated_since, strictly after, as a date or a timestamp', async () => {
    // 1005 and 1008 were updated on 2026-11-21 at 08:15 and 08:36 UTC.
    expect(await eventIds('?updated_since=2026-11-21')).toEqual([1005, 1008]);
    expect(await eventIds('?updated_since=2026-11-21T08:35:00Z')).toEqual([1008]);
    expect(await eventIds('?updated_since=2026-11-21T09:30:00%2B01:00')).toEqual([1008]);
    expect(await eventIds('?updated_since=2026-11-21T08:35:00.000')).toEqual([1008]);
    expect(await eventIds('?updated_since=2026-11-22')).toEqual([]);
  });

  it('answers 400 on an unparseable date or timestamp', async () => {
    for (const query of [
      'start_date=22/11/2026',
      'end_date=2026-02-30',
      'updated_since=yesterday',
      'updated_since=2026-11-21T08:35:00+01:00', // '+' not encoded: decoded as a space
      'updated_since=2026-11-21T25:00:00Z',
    ]) {
      const result = await call(`/v1/events?${query}`);
      expect(result.status, query).toBe(400);
      expect(obj(result.body).error).toBe('invalid_parameter');
      expect(obj(result.body).parameter).toBe(query.split('=')[0]);
    }
  });

  it('sends a Date header on every answer, errors included', async () => {
    for (const key of [DEMO_KEYS.alpine, null]) {
      const result = await call('/v1/events', key);
      const date = result.headers.get('Date');
      expect(date).toMatch(/GMT$/);
      expect(Math.abs(Date.parse(date ?? '') - Date.now())).toBeLessThan(5_000);
    }
  });

  it('answers a JSON 404 for an unknown path under a concrete base URL', async () => {
    const result = await call(`${TEST_BASE}/v2/events`);
    expect(result.status).toBe(404);
    expect(obj(result.body).error).toBe('not_found');
  });

  it('honours a base URL with a path prefix and only that', async () => {
    const prefixed = apiCaller({ baseUrl: 'http://localhost:3000/demo-api/' });
    const result = await prefixed('/v1/events');
    expect(result.status).toBe(200);
    await expect(prefixed('http://localhost:3000/v1/events')).rejects.toThrow(/No handler/);
  });

  it('waits latencyMs before answering', async () => {
    const slow = apiCaller({ latencyMs: 120 });
    const started = performance.now();
    expect((await slow('/v1/events', null)).status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });
});
