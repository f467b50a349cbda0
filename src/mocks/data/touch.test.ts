import { getDemoDataset, resetDemoData, touchRegistrations } from './dataset';

const TODAY = '2026-11-22';
const NOW = '2026-11-23T09:30:00.000Z';
const EVENT = 1003;

afterEach(() => resetDemoData());

describe('touchRegistrations', () => {
  it('turns the lowest-id pending registrations into paid, stamped with now', () => {
    const before = getDemoDataset(TODAY)
      .registrationsOf(EVENT)
      .map((row) => ({ ...row }));
    const pending = before.filter((row) => row.payment_status === 'pending');
    const ids = touchRegistrations(EVENT, 1, NOW);
    expect(ids).toEqual([pending[0]?.registration_id]);
    const after = getDemoDataset(TODAY).registrationsOf(EVENT);
    const touched = after.filter((row) => row.updated_at === NOW);
    expect(touched.map((row) => row.registration_id)).toEqual(ids);
    expect(touched[0]?.payment_status).toBe('paid');
  });

  it('falls back to other rows when there are not enough pending ones', () => {
    const ids = touchRegistrations(EVENT, 30, new Date(NOW));
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    const stamped = getDemoDataset(TODAY)
      .registrationsOf(EVENT)
      .filter((row) => row.updated_at === NOW);
    expect(stamped).toHaveLength(30);
  });

  it('is replayed on lists generated after the touch, and forgotten on reset', () => {
    const ids = touchRegistrations(EVENT, 2, NOW);
    const later = getDemoDataset('2026-12-01').registrationsOf(EVENT);
    expect(later.filter((row) => row.updated_at === NOW).map((row) => row.registration_id)).toEqual(ids);
    resetDemoData();
    expect(
      getDemoDataset(TODAY)
        .registrationsOf(EVENT)
        .some((row) => row.updated_at === NOW),
    ).toBe(false);
  });

  it('returns no ids for an unknown event', () => {
    expect(touchRegistrations(999_999, 3, NOW)).toEqual([]);
  });
});
