import { DEMO_EVENT_IDS } from '@/mocks/data';
import { eventInsights } from '@/engine/figures/event-insights';
import { overviewFigures, type OverviewFigureLabels } from './overview-figures';
import { demoEvent, registration } from '@/engine/figures/testing/demo-event';

const labels: OverviewFigureLabels = {
  total: 'Total',
  byCategory: 'By category',
  byStatus: 'By status',
  orders: 'Orders',
  ordersOfSize: (size) => `Orders of ${size}`,
  withoutOrder: 'Without order',
  duplicates: 'Duplicates',
  category: (id) => `cat ${id ?? 'none'}`,
  status: (status) => `status ${status || 'none'}`,
};

describe('overviewFigures', () => {
  it('lists the overview numbers of the demo event as label/number lines', () => {
    const { registrations, categories } = demoEvent(DEMO_EVENT_IDS.coastal);
    const figures = overviewFigures(eventInsights(registrations, categories), labels);
    const value = (label: string) => figures.find((f) => f.label === label)?.value;

    expect(value('Total')).toBe(registrations.length);
    expect(value('By category')).toBeNull();
    for (const category of categories) {
      let count = 0;
      for (const r of registrations) if (r.category_id === category.category_id) count++;
      expect(value(`cat ${category.category_id}`)).toBe(count);
    }
    let paid = 0;
    for (const r of registrations) if (r.payment_status === 'paid') paid++;
    expect(value('status paid')).toBe(paid);
    const orderIds = new Set(registrations.map((r) => r.order_id));
    expect(value('Orders')).toBe(orderIds.size);
    expect(figures.some((f) => f.label === 'Without order')).toBe(false);
    expect(figures.at(-1)?.label).toBe('Duplicates');
  });

  it('adds registrations without an order and "no status" when there are some', () => {
    const rows = [registration({ registration_id: 1 }), registration({ registration_id: 2, order_id: 'A' })];
    const figures = overviewFigures(eventInsights(rows, []), labels);
    expect(figures).toEqual([
      { label: 'Total', value: 2 },
      { label: 'By category', value: null },
      { label: 'cat none', value: 2 },
      { label: 'By status', value: null },
      { label: 'status none', value: 2 },
      { label: 'Orders', value: 1 },
      { label: 'Orders of 1', value: 1 },
      { label: 'Without order', value: 1 },
      { label: 'Duplicates', value: 0 },
    ]);
  });
});
