import { advanceDemoDays, type DemoAdvance } from '../data';
import { DEMO_EVENT_IDS } from '../data/catalog';
import { getDemoDataset, resetDemoData } from '../data/dataset';
import { DAY_MS } from '../data/dates';
import { DEMO_KEYS } from '../data/demo-keys';
import type { RawRegistration } from '../data/types';
import { apiCaller, list, obj, TEST_TODAY, type ApiCall } from './test-helpers';

afterEach(() => resetDemoData());

const call = apiCaller();
const EVENT = DEMO_EVENT_IDS.largeMarathon;
const rowsPath = (eventId: number, query: string) =>
  `/v1/events/${eventId}/registrations?per_page=1000${query}`;

function dateOf(result: ApiCall): number {
  const header = result.headers.get('Date');
  expect(header).toMatch(/GMT$/);
  return Date.parse(header ?? '');
}

/** Every row of every page, as a client would read them. */
async function allRows(eventId: number, query = ''): Promise<RawRegistration[]> {
  const rows: RawRegistration[] = [];
  for (let page = 1; ; page++) {
    const result = await call(`${rowsPath(eventId, query)}&page=${page}`);
    expect(result.status).toBe(200);
    const batch = list<RawRegistration>(obj(result.body).registrations);
    if (batch.length === 0) return rows;
    rows.push(...batch);
  }
}

const idsOf = (rows: readonly RawRegistration[]) => rows.map((row) => row.registration_id);

describe('the demo API moving in time', () => {
  it('after a day, updated_since = the Date of an earlier answer returns exactly the new and changed rows', async () => {
    const before = structuredClone(getDemoDataset(TEST_TODAY).registrationsOf(EVENT));
    const watermark = dateOf(await call(rowsPath(EVENT, '&per_page=1')));

    const advanced = await call('/__demo/advance?days=1', DEMO_KEYS.alpine, 'POST');
    expect(advanced.status).toBe(200);
    const summary = advanced.body as DemoAdvance;
    expect(summary).toMatchObject({ days: 1, daysAdvanced: 1 });
    // The clock moved a day: the next Date header, and every later one, says so.
    const moved = dateOf(advanced) - watermark;
    expect(moved).toBeGreaterThanOrEqual(DAY_MS);
    expect(moved).toBeLessThan(DAY_MS + 5_000);
    expect(dateOf(await call('/v1/events')) - watermark).toBeGreaterThanOrEqual(DAY_MS);

    // Recomputed with a plain loop over the dataset before and after.
    const after = getDemoDataset(TEST_TODAY).registrationsOf(EVENT);
    const old = new Map(before.map((row) => [row.registration_id, JSON.stringify(row)]));
    const expected: number[] = [];
    for (const row of after) {
      if (old.get(row.registration_id) !== JSON.stringify(row)) expected.push(row.registration_id);
    }
    const alive = new Set(idsOf(after));
    const deleted = idsOf(before).filter((id) => !alive.has(id));
    expect(deleted.length).toBeGreaterThan(0);
    expect(expected.length).toBeGreaterThan(100);

    const since = await allRows(EVENT, `&updated_since=${new Date(watermark).toISOString()}`);
    expect(idsOf(since)).toEqual(expected);
    expect(since).toEqual(after.filter((row) => expected.includes(row.registration_id)));
    expect(idsOf(since).some((id) => deleted.includes(id))).toBe(false);

    const full = idsOf(await allRows(EVENT));
    expect(full).toEqual(idsOf(after));
    expect(full.some((id) => deleted.includes(id))).toBe(false);

    // The summary tells the same story.
    const changes = summary.events.find((event) => event.eventId === EVENT);
    expect(changes?.deleted).toEqual(deleted);
    const {
      added = [],
      paid = [],
      refunded = [],
      cancelled = [],
      moved: movedIds = [],
      edited = [],
    } = changes ?? {};
    const reported = [...added, ...paid, ...refunded, ...cancelled, ...movedIds, ...edited];
    expect(reported.sort((a, b) => a - b)).toEqual(expected);

    // Nothing changed after the clock the summary reports.
    expect(await allRows(EVENT, `&updated_since=${summary.now}`)).toEqual([]);
  });

  it('stamps the Date header of every endpoint with the advanced clock', async () => {
    advanceDemoDays(2, { eventIds: [DEMO_EVENT_IDS.trickySmall] });
    for (const path of ['/v1/events', '/v1/events/1003', '/v1/events/999', '/v1/events/1003/categories']) {
      const ahead = dateOf(await call(path)) - Date.now();
      expect(ahead, path).toBeGreaterThan(2 * DAY_MS - 2_000);
      expect(ahead, path).toBeLessThan(2 * DAY_MS + 2_000);
    }
    expect(dateOf(await call('/v1/events', null)) - Date.now()).toBeGreaterThan(2 * DAY_MS - 2_000);
  });

  it('advances only the named events of the key, and reports only the key’s events', async () => {
    const dataset = getDemoDataset(TEST_TODAY);
    const coastal = structuredClone(dataset.registrationsOf(DEMO_EVENT_IDS.coastal));
    const other = structuredClone(dataset.registrationsOf(DEMO_EVENT_IDS.sharedQuestionText));

    const named = await call(
      `/__demo/advance?days=2&event_id=${DEMO_EVENT_IDS.trickySmall}`,
      undefined,
      'POST',
    );
    expect(named.status).toBe(200);
    const body = named.body as DemoAdvance;
    expect(body.events.map((event) => event.eventId)).toEqual([DEMO_EVENT_IDS.trickySmall]);
    expect(body.steps.map((step) => step.day)).toEqual([1, 2]);
    expect(dataset.registrationsOf(DEMO_EVENT_IDS.sharedQuestionText)).toEqual(other);

    // Without event_id the whole demo moves, but a key only hears about its own events.
    const all = await call('/__demo/advance', DEMO_KEYS.alpine, 'POST');
    const events = (all.body as DemoAdvance).events.map((event) => event.eventId);
    expect(events).toEqual([DEMO_EVENT_IDS.sharedQuestionText, DEMO_EVENT_IDS.trickySmall]);
    expect(dataset.registrationsOf(DEMO_EVENT_IDS.coastal)).not.toEqual(coastal);
  });

  it('checks the key, the days and the events of a demo request', async () => {
    const advance = (query: string, key: string | null = DEMO_KEYS.alpine) =>
      call(`/__demo/advance${query}`, key, 'POST');
    expect((await advance('', null)).status).toBe(401);
    expect((await advance('', 'nope')).status).toBe(401);
    for (const query of ['?days=0', '?days=-1', '?days=1.5', '?days=abc', '?days=367']) {
      const result = await advance(query);
      expect(result.status, query).toBe(400);
      expect(obj(result.body)).toMatchObject({ error: 'invalid_parameter', parameter: 'days' });
    }
    expect((await advance(`?event_id=${DEMO_EVENT_IDS.coastal}`)).status).toBe(404);
    expect((await advance('?event_id=999')).status).toBe(404);
    expect((await advance('?event_id=abc')).status).toBe(404);
    // A rejected request moved nothing.
    expect(Math.abs(dateOf(await call('/v1/events')) - Date.now())).toBeLessThan(2_000);
    expect((await call('/__demo/reset', null, 'POST')).status).toBe(401);
  });

  it('is undone by the demo reset request', async () => {
    const before = structuredClone(getDemoDataset(TEST_TODAY).registrationsOf(DEMO_EVENT_IDS.trickySmall));
    await call(`/__demo/advance?days=3&event_id=${DEMO_EVENT_IDS.trickySmall}`, DEMO_KEYS.alpine, 'POST');
    const reset = await call('/__demo/reset', DEMO_KEYS.coastal, 'POST');
    expect(reset.status).toBe(200);
    expect(obj(reset.body).daysAdvanced).toBe(0);
    expect(Math.abs(dateOf(reset) - Date.now())).toBeLessThan(2_000);
    expect(await allRows(DEMO_EVENT_IDS.trickySmall)).toEqual(before);
  });

  it('answers demo requests under the demo base URL only, never as API paths', async () => {
    const demo = apiCaller({ baseUrl: 'http://localhost:3000/demo-api/' });
    const result = await demo('/__demo/advance?days=1', DEMO_KEYS.alpine, 'POST');
    expect(result.status).toBe(200);
    expect((await demo('/__demo/advance', DEMO_KEYS.alpine, 'GET')).status).toBe(404);
    expect((await demo('/v1/__demo/advance', DEMO_KEYS.alpine, 'POST')).status).toBe(404);
    await expect(demo('http://localhost:3000/__demo/advance', DEMO_KEYS.alpine, 'POST')).rejects.toThrow(
      /No handler/,
    );
  });
});
