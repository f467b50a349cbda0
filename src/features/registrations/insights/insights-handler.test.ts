import { describe, expect, it } from 'vitest';
import { demoEvent } from './testing/demo-event';
import { ALL_INSIGHTS, eventInsights } from './event-insights';
import { createInsightsHandler } from './insights-handler';
import { fromWire, type InsightsResponse } from './insights-protocol';

function computed(response: InsightsResponse | null) {
  if (!response || 'error' in response) throw new Error(`no figures: ${JSON.stringify(response)}`);
  return response.insights;
}

describe('the insights worker', () => {
  const { registrations, categories } = demoEvent(1030);
  const byId = new Map(registrations.map((row) => [row.registration_id, row]));

  it('counts the rows it was sent in pieces exactly as the page would count them itself', () => {
    const handle = createInsightsHandler();
    handle({ type: 'rows', eventId: 7, from: 0, rows: registrations.slice(0, 40) });
    handle({ type: 'rows', eventId: 7, from: 40, rows: registrations.slice(40) });
    const wire = computed(
      handle({
        type: 'compute',
        id: 1,
        eventId: 7,
        expected: registrations.length,
        categories,
        scope: null,
        options: ALL_INSIGHTS,
      }),
    );
    expect(fromWire(wire, byId)).toEqual(eventInsights(registrations, categories, ALL_INSIGHTS));
  });

  it('replaces what it held from the position a resend starts at', () => {
    const handle = createInsightsHandler();
    handle({ type: 'rows', eventId: 7, from: 0, rows: registrations });
    const changed = registrations.slice(0, 10).map((row) => ({ ...row, payment_status: 'refunded' }));
    handle({ type: 'rows', eventId: 7, from: 0, rows: changed });
    const wire = computed(
      handle({
        type: 'compute',
        id: 2,
        eventId: 7,
        expected: 10,
        categories,
        scope: null,
        options: ALL_INSIGHTS,
      }),
    );
    expect(wire.categories.statuses).toEqual([{ status: 'refunded', count: 10 }]);
  });

  it('counts only the rows in scope', () => {
    const handle = createInsightsHandler();
    handle({ type: 'rows', eventId: 7, from: 0, rows: registrations });
    const shown = registrations.filter((row) => row.payment_status === 'paid');
    const wire = computed(
      handle({
        type: 'compute',
        id: 3,
        eventId: 7,
        expected: registrations.length,
        categories,
        scope: Int32Array.from(shown, (row) => row.registration_id),
        options: { questions: true, groups: false },
      }),
    );
    expect(wire.total).toBe(shown.length);
    expect(wire.orders.orders).toEqual([]);
    expect(wire.categories).toEqual(eventInsights(shown, categories).categories);
  });

  it('refuses to count when it does not hold the rows the page expects, and forgets on sign-out', () => {
    const handle = createInsightsHandler();
    handle({ type: 'rows', eventId: 7, from: 0, rows: registrations });
    const ask = (id: number) =>
      handle({
        type: 'compute',
        id,
        eventId: 7,
        expected: registrations.length,
        categories,
        scope: null,
        options: ALL_INSIGHTS,
      });
    expect(ask(4)).not.toHaveProperty('error');
    handle({ type: 'forget', eventId: null });
    expect(ask(5)).toEqual({ id: 5, error: expect.stringMatching(/^stale/) as unknown });
  });
});
