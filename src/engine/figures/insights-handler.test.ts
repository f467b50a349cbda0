import { describe, expect, it } from 'vitest';
import { demoEvent } from './testing/demo-event';
import { ALL_INSIGHTS, eventInsights } from './event-insights';
import type { InsightsAnswer } from './insights-contract';
import { insightsHandlers } from './insights-handler';
import { EventLists } from '@/engine/sync/event-lists';
import { fromWire } from './insights-protocol';

/** The handlers, called as the engine calls them (no progress, never cancelled). */
function createInsightsHandler() {
  const handlers = insightsHandlers(new EventLists());
  const context = { signal: new AbortController().signal, progress: () => {} };
  return {
    rows: (params: Parameters<(typeof handlers)['insights.rows']>[0]) =>
      handlers['insights.rows'](params, context) as true,
    forget: (eventId: number | null) => handlers['insights.forget']({ eventId }, context) as true,
    compute: (params: Parameters<(typeof handlers)['insights.compute']>[0]) =>
      handlers['insights.compute'](params, context) as InsightsAnswer,
  };
}

function computed(answer: InsightsAnswer) {
  if (answer.status !== 'ok') throw new Error(`no figures: ${JSON.stringify(answer)}`);
  return answer.insights;
}

describe('the engine’s figures', () => {
  const { registrations, categories } = demoEvent(1030);
  const byId = new Map(registrations.map((row) => [row.registration_id, row]));

  it('counts the rows it was sent in pieces exactly as the page would count them itself', () => {
    const handle = createInsightsHandler();
    handle.rows({ eventId: 7, from: 0, rows: registrations.slice(0, 40) });
    handle.rows({ eventId: 7, from: 40, rows: registrations.slice(40) });
    const wire = computed(
      handle.compute({
        eventId: 7,
        version: null,
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
    handle.rows({ eventId: 7, from: 0, rows: registrations });
    const changed = registrations.slice(0, 10).map((row) => ({ ...row, payment_status: 'refunded' }));
    handle.rows({ eventId: 7, from: 0, rows: changed });
    const wire = computed(
      handle.compute({
        eventId: 7,
        version: null,
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
    handle.rows({ eventId: 7, from: 0, rows: registrations });
    const shown = registrations.filter((row) => row.payment_status === 'paid');
    const wire = computed(
      handle.compute({
        eventId: 7,
        version: null,
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
    handle.rows({ eventId: 7, from: 0, rows: registrations });
    const ask = () =>
      handle.compute({
        eventId: 7,
        version: null,
        expected: registrations.length,
        categories,
        scope: null,
        options: ALL_INSIGHTS,
      });
    expect(ask().status).toBe('ok');
    handle.forget(null);
    expect(ask()).toEqual({ status: 'stale', held: 0 });
  });
});
