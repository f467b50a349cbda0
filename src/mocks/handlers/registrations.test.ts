import { DEMO_KEYS } from '../data/demo-keys';
import { resetDemoData, touchRegistrations } from '../data/dataset';
import { apiCaller, list, obj, type ApiCall } from './test-helpers';

afterEach(() => resetDemoData());

const call = apiCaller();
const path = (query = '') => `/v1/events/1001/registrations${query}`;

function ids(result: ApiCall): number[] {
  expect(result.status).toBe(200);
  return list<{ registration_id: number }>(obj(result.body).registrations).map((row) => row.registration_id);
}

describe('GET /v1/events/:id/registrations', () => {
  it('returns 50 rows by default, only { registrations }, ordered by id', async () => {
    const result = await call(path());
    expect(Object.keys(obj(result.body))).toEqual(['registrations']);
    const page = ids(result);
    expect(page).toHaveLength(50);
    expect([...page].sort((a, b) => a - b)).toEqual(page);
  });

  it('numbers pages from 1 by default and clamps lower pages to the first', async () => {
    const first = ids(await call(path('?per_page=10&page=1')));
    const second = ids(await call(path('?per_page=10&page=2')));
    expect(second[0]).toBeGreaterThan(first[9] ?? Infinity);
    expect(ids(await call(path('?per_page=10')))).toEqual(first);
    expect(ids(await call(path('?per_page=10&page=0')))).toEqual(first);
    expect(ids(await call(path('?per_page=10&page=-4')))).toEqual(first);
  });

  it('can number pages from 0', async () => {
    const zeroBased = apiCaller({ firstPage: 0 });
    const oneBased = ids(await call(path('?per_page=10&page=2')));
    expect(ids(await zeroBased(path('?per_page=10&page=1')))).toEqual(oneBased);
    expect(ids(await zeroBased(path('?per_page=10')))).toEqual(ids(await call(path('?per_page=10'))));
  });

  it('covers all 25,000 rows once, then returns an empty page past the end', async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= 25; page++) {
      for (const id of ids(await call(path(`?per_page=1000&page=${page}`)))) seen.add(id);
    }
    expect(seen.size).toBe(25_000);
    expect(ids(await call(path('?per_page=1000&page=26')))).toEqual([]);
    expect(ids(await call(path('?page=99999')))).toEqual([]);
  });

  it('silently caps per_page at maxPerPage', async () => {
    expect(ids(await call(path('?per_page=5000')))).toHaveLength(1000);
    const small = apiCaller({ maxPerPage: 100, defaultPerPage: 500 });
    expect(ids(await small(path('?per_page=250')))).toHaveLength(100);
    expect(ids(await small(path()))).toHaveLength(100);
  });

  it('adds page metadata only when asked to, with effective values', async () => {
    const withMeta = apiCaller({ includePageMeta: true, maxPerPage: 200 });
    const body = obj((await withMeta(path('?per_page=300&page=0'))).body);
    expect(body).toMatchObject({ page: 1, per_page: 200, total: 25_000, total_pages: 125 });
    expect(list(body.registrations)).toHaveLength(200);
    const zero = obj(
      (await apiCaller({ includePageMeta: true, firstPage: 0 })('/v1/events/1010/registrations')).body,
    );
    expect(zero).toEqual({ registrations: [], page: 0, per_page: 50, total: 0, total_pages: 0 });
  });

  it('answers 400 on a malformed page or per_page', async () => {
    for (const query of ['?page=abc', '?page=1.5', '?per_page=0', '?per_page=-5', '?per_page=ten']) {
      const result = await call(path(query));
      expect(result.status, query).toBe(400);
      expect(obj(result.body).error).toBe('invalid_parameter');
    }
  });

  it('keeps promoters apart and checks the key', async () => {
    expect((await call(path(), null)).status).toBe(401);
    expect((await call(path(), DEMO_KEYS.coastal)).status).toBe(404);
    expect((await call(path(), DEMO_KEYS.empty)).status).toBe(404);
    expect((await call('/v1/events/1004/registrations', DEMO_KEYS.coastal)).status).toBe(200);
  });

  it('returns an empty list for the event without registrations', async () => {
    expect(ids(await call('/v1/events/1010/registrations'))).toEqual([]);
  });

  it('returns only rows touched after updated_since', async () => {
    expect(ids(await call(path('?updated_since=2026-11-22&per_page=1000')))).toEqual([]);
    const touched = touchRegistrations(1001, 3, '2026-11-23T10:00:00Z');
    const since = ids(await call(path('?updated_since=2026-11-23T09:59:59Z')));
    expect(since).toEqual(touched);
    const rows = list<{ payment_status: string }>(
      obj((await call(path('?updated_since=2026-11-23'))).body).registrations,
    );
    expect(rows.every((row) => row.payment_status === 'paid')).toBe(true);
    expect(ids(await call(path('?updated_since=2026-11-23T10:00:00Z')))).toEqual([]);
    expect((await call(path('?updated_since=soon'))).status).toBe(400);
  });

  it('serves the tricky answers verbatim', async () => {
    const body = obj((await call('/v1/events/1003/registrations?per_page=100')).body);
    const answers = list<{ custom_questions: { reponse: string }[] }>(body.registrations).flatMap((row) =>
      row.custom_questions.map((answer) => answer.reponse),
    );
    expect(answers).toContain('=HYPERLINK("http://x")');
    expect(answers).toContain('Ligne 1\r\nLigne 2');
    expect(answers).toContain('<img src=x onerror=alert(1)>');
  });
});
