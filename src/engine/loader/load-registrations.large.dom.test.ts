import { DEMO_EVENT_IDS } from '@/mocks/data';
import { createPartnerApiHandlers } from '@/mocks/handlers';
import { server } from '../../../test/msw-server';
import { loadRegistrations } from './load-registrations';
import { progressLog, signInForTests } from './testing/loader-test-kit';
import { TEST_ORIGIN } from './testing/paged-api';

beforeEach(signInForTests);

describe('loadRegistrations: the 25,000-registration demo event', () => {
  it('loads every row exactly once through a server capped at 100 per page', async () => {
    server.use(
      ...createPartnerApiHandlers({
        baseUrl: TEST_ORIGIN,
        today: '2026-11-22',
        maxPerPage: 100,
        latencyMs: 0,
      }),
    );
    const { onProgress, snapshots } = progressLog();
    const result = await loadRegistrations({
      eventId: DEMO_EVENT_IDS.largeMarathon,
      perPage: 500,
      onProgress,
    });

    expect(result).toMatchObject({
      status: 'complete',
      loaded: 25_000,
      pagesLoaded: 250,
      pagesFailed: [],
      warnings: [],
    });
    expect(result.pagination).toEqual({ firstPage: 1, pageSize: 100, capped: true, meta: null });
    expect(new Set(result.rows.map((row) => row.registration_id)).size).toBe(25_000);
    expect(snapshots[0]).toMatchObject({ status: 'loading', loaded: 100 });
    expect(snapshots.filter((s) => s.status === 'complete')).toEqual([result]);
  });
});
