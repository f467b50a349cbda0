import { DEMO_EVENT_IDS, resetDemoData, touchRegistrations } from '@/mocks/data';
import { server } from '../../../test/msw-server';
import { loadChanges, mergeChanges } from './load-changes';
import { loadRegistrations } from './load-registrations';
import { registrationSchema, type Registration } from '../api/registration-schemas';
import { ids, signInForTests } from './testing/loader-test-kit';
import { pagedApi } from './testing/paged-api';

function reg(id: number, status = 'pending'): Registration {
  return registrationSchema.parse({ registration_id: id, payment_status: status });
}

beforeEach(signInForTests);
afterEach(resetDemoData);

describe('mergeChanges', () => {
  it('replaces changed rows in place and appends new ones in the order received', () => {
    const rows = [reg(1), reg(2), reg(3)];
    const merged = mergeChanges(rows, [reg(4, 'paid'), reg(2, 'paid'), reg(5)]);
    expect(ids(merged.rows)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.rows[1]?.payment_status).toBe('paid');
    expect(merged).toMatchObject({ changed: 1, added: 2 });
    expect(rows[1]?.payment_status).toBe('pending'); // the input is not mutated
  });

  it('counts a row repeated in the refresh once, keeping its last version', () => {
    const merged = mergeChanges([reg(1)], [reg(1, 'paid'), reg(1, 'refunded')]);
    expect(merged).toMatchObject({ changed: 1, added: 0 });
    expect(merged.rows.map((row) => row.payment_status)).toEqual(['refunded']);
  });

  it('handles empty sides', () => {
    expect(mergeChanges([], [reg(1)])).toMatchObject({ changed: 0, added: 1 });
    expect(mergeChanges([reg(1)], [])).toMatchObject({ changed: 0, added: 0 });
  });
});

describe('loadChanges', () => {
  it('asks for updated_since = the watermark, as an ISO timestamp', async () => {
    const api = pagedApi({ total: 3 });
    server.use(api.handler);
    const since = new Date('2026-11-22T10:00:00Z');
    const result = await loadChanges({ eventId: 7, since });
    expect(result.status).toBe('complete');
    expect(new Set(api.calls.map((call) => call.updatedSince))).toEqual(
      new Set(['2026-11-22T10:00:00.000Z']),
    );
  });

  it('loads only the rows changed since the previous load, which merge into it', async () => {
    const eventId = DEMO_EVENT_IDS.trickySmall;
    const full = await loadRegistrations({ eventId, perPage: 10 });
    expect(full).toMatchObject({ status: 'complete', loaded: 45, watermarkSource: 'server' });

    const touched = touchRegistrations(eventId, 4, new Date(full.serverDate!.getTime() + 60_000));
    const changes = await loadChanges({ eventId, since: full.serverDate!, perPage: 10 });
    expect(changes.status).toBe('complete');
    expect(ids(changes.rows).sort((a, b) => a - b)).toEqual([...touched].sort((a, b) => a - b));

    const merged = mergeChanges(full.rows, changes.rows);
    expect(merged).toMatchObject({ changed: 4, added: 0 });
    expect(merged.rows).toHaveLength(45);
    expect(ids(merged.rows)).toEqual(ids(full.rows));
  });
});
