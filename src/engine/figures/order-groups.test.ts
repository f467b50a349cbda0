import { DEMO_EVENT_IDS } from '@/mocks/data';
import { orderGroups } from './order-groups';
import { demoEvent, registration } from './testing/demo-event';

describe('orderGroups on the demo marathon', () => {
  const { registrations } = demoEvent(DEMO_EVENT_IDS.largeMarathon);
  const summary = orderGroups(registrations);

  it('counts every order and lists each order of two people or more, with its people', () => {
    const members = new Map<string, number[]>();
    for (const r of registrations) {
      const list = members.get(r.order_id!) ?? [];
      list.push(r.registration_id);
      members.set(r.order_id!, list);
    }
    expect(summary.count).toBe(members.size);
    const groups = [...members.values()].filter((ids) => ids.length > 1);
    expect(summary.orders).toHaveLength(groups.length);
    expect(summary.withoutOrder).toBe(0);
    for (const order of summary.orders) {
      expect(order.registrations.map((r) => r.registration_id)).toEqual(members.get(order.orderId));
    }
    // The generator puts about one sign-up in eight into the previous order: some are big.
    expect(summary.orders[0]!.registrations.length).toBeGreaterThan(2);
  });

  it('sorts the largest orders first', () => {
    const sizes = summary.orders.map((o) => o.registrations.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('gives each order its categories and its mix of statuses, as a plain loop does', () => {
    for (const order of summary.orders.slice(0, 200)) {
      const categories: (number | null)[] = [];
      const statuses: Record<string, number> = {};
      for (const r of registrations) {
        if (r.order_id !== order.orderId) continue;
        if (!categories.includes(r.category_id ?? null)) categories.push(r.category_id ?? null);
        statuses[r.payment_status ?? ''] = (statuses[r.payment_status ?? ''] ?? 0) + 1;
      }
      expect(order.categoryIds).toEqual(categories);
      expect(Object.fromEntries(order.statuses.map((s) => [s.status, s.count]))).toEqual(statuses);
    }
  });

  it('counts orders per size', () => {
    const perSize: Record<number, number> = {};
    const counts: Record<string, number> = {};
    for (const r of registrations) counts[r.order_id!] = (counts[r.order_id!] ?? 0) + 1;
    for (const n of Object.values(counts)) perSize[n] = (perSize[n] ?? 0) + 1;
    expect(Object.fromEntries(summary.sizes.map((s) => [s.size, s.orders]))).toEqual(perSize);
    expect(summary.sizes.reduce((sum, s) => sum + s.size * s.orders, 0)).toBe(registrations.length);
  });
});

describe('orderGroups edge cases', () => {
  it('leaves registrations without an order reference out, and trims the reference', () => {
    const summary = orderGroups([
      registration({ registration_id: 1, order_id: null }),
      registration({ registration_id: 2, order_id: '  ' }),
      registration({ registration_id: 3, order_id: 'A-1 ', category_id: 2, payment_status: 'paid' }),
      registration({ registration_id: 4, order_id: 'A-1', payment_status: 'weird' }),
      registration({ registration_id: 5, order_id: 'B-2', category_id: 2 }),
    ]);
    expect(summary.withoutOrder).toBe(2);
    expect(summary.count).toBe(2);
    expect(summary.orders.map((o) => [o.orderId, o.registrations.map((r) => r.registration_id)])).toEqual([
      ['A-1', [3, 4]],
    ]);
    expect(summary.orders[0]?.categoryIds).toEqual([2, null]);
    expect(summary.orders[0]?.statuses).toEqual([
      { status: 'paid', count: 1 },
      { status: 'weird', count: 1 },
    ]);
    expect(summary.sizes).toEqual([
      { size: 1, orders: 1 },
      { size: 2, orders: 1 },
    ]);
  });

  it('has nothing for an empty event', () => {
    expect(orderGroups([])).toEqual({ count: 0, orders: [], withoutOrder: 0, sizes: [] });
  });
});
