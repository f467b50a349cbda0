import { describe, expect, it } from 'vitest';
import { demoEvent } from './testing/demo-event';
import { ALL_INSIGHTS, eventInsights } from './event-insights';
import type { InsightsAnswer } from './insights-contract';
import { insightsHandlers } from './insights-handler';
import { EventLists } from '@/engine/sync/event-lists';
import { fromWire } from './insights-protocol';

/** The handlers, called as the engine calls them (no progress, never cancelled). */
function createInsightsHandler(lists = new EventLists()) {
  const handlers = insightsHandlers(lists);
  const context = { signal: new AbortController().signal, progress: () => {} };
  return {
    rows: (params: Parameters<(typeof handlers)['insights.rows']>[0]) =>
      handlers['insights.rows'](params, context) as true,
    forget: (eventId: number | null) => handlers['insights.forget']({ eventId }, context) as true,
    compute: async (params: Parameters<(typeof handlers)['insights.compute']>[0]) =>
      (await handlers['insights.compute'](params, context)) as InsightsAnswer,
  };
}

function computed(answer: InsightsAnswer) {
  if (answer.status !== 'ok') throw new Error(`no figures: ${JSON.stringify(answer)}`);
  return answer.insights;
}

describe('the engine’s figures', () => {
  const { registrations, categories } = demoEvent(1030);
  const byId = new Map(registrations.map((row) => [row.registration_id, row]));

  it('counts the rows it was sent in pieces exactly as the page would count them itself', async () => {
    const handle = createInsightsHandler();
    handle.rows({ eventId: 7, from: 0, rows: registrations.slice(0, 40) });
    handle.rows({ eventId: 7, from: 40, rows: registrations.slice(40) });
    const wire = computed(
      await handle.compute({
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

  it('replaces what it held from the position a resend starts at', async () => {
    const handle = createInsightsHandler();
    handle.rows({ eventId: 7, from: 0, rows: registrations });
    const changed = registrations.slice(0, 10).map((row) => ({ ...row, payment_status: 'refunded' }));
    handle.rows({ eventId: 7, from: 0, rows: changed });
    const wire = computed(
      await handle.compute({
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

  it('counts only the rows in scope', async () => {
    const handle = createInsightsHandler();
    handle.rows({ eventId: 7, from: 0, rows: registrations });
    const shown = registrations.filter((row) => row.payment_status === 'paid');
    const wire = computed(
      await handle.compute({
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

  it('refuses to count when it does not hold the rows the page expects, and forgets on sign-out', async () => {
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
    expect((await ask()).status).toBe('ok');
    handle.forget(null);
    expect(await ask()).toEqual({ status: 'stale', held: 0 });
  });

  it('counts a list whose rows are still on their way once they are in, and not after a sign-out meanwhile', async () => {
    const lists = new EventLists();
    const handle = createInsightsHandler(lists);
    const place = { apiKey: 'pk_live_0000000000000000000000000000', address: 'https://api.example.org' };
    const ask = (version: number) =>
      handle.compute({
        eventId: 7,
        version,
        expected: registrations.length,
        categories,
        scope: null,
        options: ALL_INSIGHTS,
      });
    let arrive!: (rows: typeof registrations) => void;
    const list = lists.take(place, 7);
    const version = lists.reserve(list, new Promise((resolve) => (arrive = resolve)));
    const asked = ask(version);
    arrive(registrations);
    lists.fill(list, version, registrations);
    expect(computed(await asked).total).toBe(registrations.length);

    const later = lists.reserve(list, new Promise((resolve) => (arrive = resolve)));
    const forgotten = ask(later);
    lists.forget(null);
    arrive(registrations);
    expect(await forgotten).toEqual({ status: 'stale', held: 0 });
  });
});
