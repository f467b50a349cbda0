import { http, HttpResponse } from 'msw';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { createPartnerApiHandlers, type MockApiOptions } from '@/mocks/handlers';
import { server } from '../../../test/msw-server';
import { loadRegistrations } from './load-registrations';
import { ids, oneTo, progressLog, recordingSleep, signInForTests } from './testing/loader-test-kit';
import { pagedApi, REGISTRATIONS_URL, row, TEST_ORIGIN, type PagedApiOptions } from './testing/paged-api';

const SMALL = DEMO_EVENT_IDS.trickySmall; // 45 registrations

function useDemoApi(options: MockApiOptions) {
  server.use(...createPartnerApiHandlers({ baseUrl: TEST_ORIGIN, today: '2026-11-22', ...options }));
}

function usePagedApi(options: PagedApiOptions) {
  const api = pagedApi(options);
  server.use(api.handler);
  return api;
}

beforeEach(signInForTests);

describe('loadRegistrations: discovering the pagination', () => {
  it.each([1, 0] as const)(
    'loads a %i-based server page by page, complete, in server order',
    async (firstPage) => {
      useDemoApi({ firstPage });
      const { onProgress, snapshots } = progressLog();
      const result = await loadRegistrations({
        eventId: SMALL,
        perPage: 10,
        onProgress,
        ...recordingSleep(),
      });

      expect(result).toMatchObject({
        status: 'complete',
        loaded: 45,
        pagesLoaded: 5,
        pagesFailed: [],
        warnings: [],
      });
      expect(result.pagination).toEqual({ firstPage, pageSize: 10, capped: false, meta: null });
      const rowIds = ids(result.rows);
      expect(new Set(rowIds).size).toBe(45);
      expect(rowIds).toEqual([...rowIds].sort((a, b) => a - b));
      // The first page is reported as soon as discovery is done, before the rest.
      expect(snapshots[0]).toMatchObject({ status: 'loading' });
      expect(snapshots[0]!.loaded).toBeGreaterThanOrEqual(10);
      expect(snapshots.at(-1)).toBe(result);
    },
  );

  it.each([1, 0] as const)(
    'finds the real page size behind a silent cap (%i-based: ask 500, get 100)',
    async (firstPage) => {
      const api = usePagedApi({ total: 250, firstPage, maxPerPage: 100 });
      const result = await loadRegistrations({ eventId: 7, perPage: 500 });

      expect(result.status).toBe('complete');
      expect(ids(result.rows)).toEqual(oneTo(250));
      expect(result.pagination).toMatchObject({ firstPage, pageSize: 100, capped: true });
      expect(api.calls.every((call) => call.perPage === 100)).toBe(true);
    },
  );

  it('does not call a short single page capped', async () => {
    usePagedApi({ total: 40, maxPerPage: 100 });
    const result = await loadRegistrations({ eventId: 7, perPage: 500 });
    expect(result).toMatchObject({
      status: 'complete',
      loaded: 40,
      pagination: { pageSize: 40, capped: false },
    });
  });

  it('uses metadata when present and asks for exactly the pages it announces', async () => {
    useDemoApi({ includePageMeta: true });
    const result = await loadRegistrations({ eventId: SMALL, perPage: 10 });
    expect(result).toMatchObject({ status: 'complete', loaded: 45 });
    expect(result.pagination?.meta).toEqual({ total: 45, totalPages: 5 });
    expect(result.warnings).toEqual([]);
  });

  it.each(['meta', 'pagination'] as const)(
    'reads metadata nested under "%s" and schedules no page past total_pages',
    async (meta) => {
      const api = usePagedApi({ total: 95, maxPerPage: 1000, meta });
      const result = await loadRegistrations({ eventId: 7, perPage: 10 });
      expect(result).toMatchObject({
        status: 'complete',
        loaded: 95,
        pagination: { meta: { total: 95, totalPages: 10 } },
      });
      expect(Math.max(...api.calls.map((call) => call.page))).toBe(10);
    },
  );

  it('works without metadata, stopping at the first short page', async () => {
    const api = usePagedApi({ total: 95, meta: null });
    const result = await loadRegistrations({ eventId: 7, perPage: 10, concurrency: 1 });
    expect(result).toMatchObject({ status: 'complete', loaded: 95, pagination: { meta: null } });
    // One at a time, nothing is fetched past the short page 10.
    expect(Math.max(...api.calls.map((call) => call.page))).toBe(10);
  });

  it('completes an event with no registrations', async () => {
    const { onProgress, snapshots } = progressLog();
    const result = await loadRegistrations({ eventId: DEMO_EVENT_IDS.noRegistrations, onProgress });
    expect(result).toMatchObject({
      status: 'complete',
      loaded: 0,
      pagesLoaded: 0,
      rows: [],
      pagesFailed: [],
    });
    expect(snapshots.map((s) => s.status)).toEqual(['loading', 'complete']);
  });

  it('handles exactly one full page followed by an empty one', async () => {
    const api = usePagedApi({ total: 50 });
    const result = await loadRegistrations({ eventId: 7, perPage: 50 });
    expect(result).toMatchObject({
      status: 'complete',
      loaded: 50,
      pagination: { pageSize: 50, capped: false },
    });
    expect(api.callsFor(2)).toHaveLength(1);
  });

  it('takes a 404 past the last full page as the end', async () => {
    usePagedApi({ total: 100, pastEnd: 404 });
    const result = await loadRegistrations({ eventId: 7, perPage: 50 });
    expect(result).toMatchObject({ status: 'complete', loaded: 100, pagesFailed: [] });
  });

  it.each(['empty', 400] as const)('reads a page 0 answered %s as 1-based numbering', async (belowFirst) => {
    usePagedApi({ total: 30, belowFirst });
    const result = await loadRegistrations({ eventId: 7, perPage: 10 });
    expect(result).toMatchObject({
      status: 'complete',
      loaded: 30,
      pagination: { firstPage: 1 },
      warnings: [],
    });
  });

  it('removes rows repeated on the next page when the list shifts during the load', async () => {
    usePagedApi({ total: 30, shift: 1 });
    const result = await loadRegistrations({ eventId: 7, perPage: 10, concurrency: 2 });
    expect(result.status).toBe('complete');
    expect(ids(result.rows)).toEqual(oneTo(30));
    expect(result.warnings).toEqual([{ code: 'duplicates', count: 1 }]);
  });

  it('stops, with a warning, on a server that ignores the page parameter, without claiming completeness', async () => {
    // Every page answers the same 12 rows: a cap of 12 and a list of 12 look the same from here.
    server.use(http.get(REGISTRATIONS_URL, () => HttpResponse.json({ registrations: oneTo(12).map(row) })));
    const result = await loadRegistrations({ eventId: 7, perPage: 500 });
    expect(result).toMatchObject({ status: 'incomplete', loaded: 12 });
    expect(result.warnings).toContainEqual({ code: 'pages-repeat' });
  });

  it('does not call a list complete when full pages repeat: the end is not proven', async () => {
    // Every page answers the same full page: a server that ignores `page` and serves exactly per_page rows.
    server.use(http.get(REGISTRATIONS_URL, () => HttpResponse.json({ registrations: oneTo(100).map(row) })));
    const result = await loadRegistrations({ eventId: 7, perPage: 100 });
    expect(result.status).toBe('incomplete');
    expect(result.loaded).toBe(100);
    expect(result.warnings).toContainEqual({ code: 'pages-repeat' });
  });
});
