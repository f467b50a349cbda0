import { DEMO_EVENT_IDS } from '@/mocks/data';
import { categoryBreakdown } from './category-breakdown';
import { demoEvent, registration } from './testing/demo-event';

describe('categoryBreakdown on the demo marathon (25,000 registrations)', () => {
  const { registrations, categories } = demoEvent(DEMO_EVENT_IDS.largeMarathon);
  const breakdown = categoryBreakdown(registrations, categories);

  it('counts every registration once', () => {
    expect(breakdown.total).toBe(25_000);
    expect(breakdown.categories.reduce((sum, row) => sum + row.count, 0)).toBe(25_000);
  });

  it('counts each category and each status within it as a plain loop does', () => {
    for (const row of breakdown.categories) {
      let count = 0;
      const statuses: Record<string, number> = {};
      for (const r of registrations) {
        if (r.category_id !== row.categoryId) continue;
        count++;
        const status = r.payment_status ?? '';
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
      expect(row.count).toBe(count);
      for (const { status, count: n } of row.statuses) expect(n).toBe(statuses[status] ?? 0);
      expect(row.statuses.filter((s) => s.count > 0)).toHaveLength(Object.keys(statuses).length);
    }
  });

  it('counts the statuses of the whole event, most frequent first', () => {
    const statuses: Record<string, number> = {};
    for (const r of registrations)
      statuses[r.payment_status ?? ''] = (statuses[r.payment_status ?? ''] ?? 0) + 1;
    expect(Object.fromEntries(breakdown.statuses.map((s) => [s.status, s.count]))).toEqual(statuses);
    expect(breakdown.statuses[0]?.status).toBe('paid');
    const counts = breakdown.statuses.map((s) => s.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('lists the event categories in their own order, all known', () => {
    expect(breakdown.categories.map((row) => row.categoryId)).toEqual(categories.map((c) => c.category_id));
    expect(breakdown.categories.every((row) => row.known)).toBe(true);
  });
});

describe('categoryBreakdown edge cases', () => {
  const categories = demoEvent(DEMO_EVENT_IDS.trickySmall).categories;
  const [first, second] = categories.map((c) => c.category_id);

  it('keeps registrations without a category and with unknown ids, and unknown or missing statuses', () => {
    const rows = [
      registration({ registration_id: 1, category_id: first, payment_status: 'paid' }),
      registration({ registration_id: 2, category_id: null, payment_status: null }),
      registration({ registration_id: 3, category_id: 999_999, payment_status: 'chargeback' }),
      registration({ registration_id: 4, category_id: 5, payment_status: 'paid' }),
      registration({ registration_id: 5, category_id: 999_999, payment_status: 'Paid ' }),
      registration({ registration_id: 6 }),
    ];
    const breakdown = categoryBreakdown(rows, categories);
    expect(breakdown.total).toBe(6);
    expect(breakdown.categories.map((r) => [r.categoryId, r.known, r.count])).toEqual([
      [first, true, 1],
      [second, true, 0],
      [categories[2]?.category_id, true, 0],
      [5, false, 1],
      [999_999, false, 2],
      [null, false, 2],
    ]);
    // Statuses are counted as every screen compares them (payment-status): 'Paid ' is 'paid',
    // named as first sent; '' is "no status".
    expect(breakdown.statuses).toEqual([
      { status: 'paid', count: 3 },
      { status: '', count: 2 },
      { status: 'chargeback', count: 1 },
    ]);
    const unknown = breakdown.categories.find((r) => r.categoryId === 999_999);
    expect(unknown?.statuses).toEqual([
      { status: 'paid', count: 1 },
      { status: '', count: 0 },
      { status: 'chargeback', count: 1 },
    ]);
  });

  it('describes an event without registrations: every category at zero, no status', () => {
    const empty = demoEvent(DEMO_EVENT_IDS.noRegistrations);
    expect(empty.registrations).toEqual([]);
    const breakdown = categoryBreakdown(empty.registrations, empty.categories);
    expect(breakdown.total).toBe(0);
    expect(breakdown.statuses).toEqual([]);
    expect(breakdown.categories).toHaveLength(empty.categories.length);
    expect(breakdown.categories.every((r) => r.count === 0 && r.statuses.length === 0)).toBe(true);
  });

  it('lists a category given twice once, and works without any categories', () => {
    const rows = [registration({ registration_id: 1, category_id: first })];
    const doubled = [...categories, ...categories];
    expect(categoryBreakdown(rows, doubled).categories).toHaveLength(categories.length);
    expect(categoryBreakdown(rows, []).categories).toEqual([
      { categoryId: first, known: false, count: 1, statuses: [{ status: '', count: 1 }] },
    ]);
  });
});
