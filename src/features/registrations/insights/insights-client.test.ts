import { QueryClient } from '@tanstack/react-query';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { registrationsKey } from '../api/registrations-key';
import { ALL_INSIGHTS, eventInsights } from '@/engine/figures/event-insights';
import { engineContract } from '@/engine/engine-contract';
import { startEngine } from '@/engine/engine-handlers';
import { createEngineClient } from '@/engine/rpc/client';
import { isEngineError } from '@/engine/rpc/engine-error';
import { inPageTransport } from '@/engine/rpc/transport';
import { insightsClient } from './insights-client';
import { demoEvent } from '@/engine/figures/testing/demo-event';

const EVENT = DEMO_EVENT_IDS.trickySmall;
const { registrations, categories } = demoEvent(EVENT);
const ask = (client: QueryClient, rows: typeof registrations) =>
  insightsClient(client).compute({ eventId: EVENT, rows, categories, scope: null, options: ALL_INSIGHTS });

describe('the insights client', () => {
  it('follows a load page by page, a late page filled in, and a refresh that replaced rows', async () => {
    const client = new QueryClient();
    expect(await ask(client, registrations.slice(0, 10))).toEqual(
      eventInsights(registrations.slice(0, 10), categories),
    );
    const lateMiddle = [...registrations.slice(0, 10), ...registrations.slice(20)];
    expect(await ask(client, lateMiddle)).toEqual(eventInsights(lateMiddle, categories));
    expect(await ask(client, registrations)).toEqual(eventInsights(registrations, categories));
    const refreshed = registrations.map((row, i) => (i === 3 ? { ...row, payment_status: 'refunded' } : row));
    const figures = await ask(client, refreshed);
    expect(figures).toEqual(eventInsights(refreshed, categories));
    // Duplicates and orders hold the page's own objects, the refreshed one included.
    for (const group of figures.orders.orders)
      for (const member of group.registrations) expect(refreshed).toContain(member);
  });

  it('keeps the figures with the rows, and computes them once', async () => {
    const client = new QueryClient();
    const first = ask(client, registrations);
    expect(ask(client, registrations)).toBe(first);
    const job = { eventId: EVENT, rows: registrations, categories, scope: null, options: ALL_INSIGHTS };
    expect(insightsClient(client).peek(job)).toBeNull();
    const figures = await first;
    expect(insightsClient(client).peek(job)).toBe(figures);
  });

  it('forgets an event when the cache drops its registrations, and sends them again when asked', async () => {
    const client = new QueryClient();
    client.setQueryData(registrationsKey(EVENT), { rows: registrations });
    await ask(client, registrations);
    client.clear();
    const again = registrations.slice(0, 30);
    expect(await ask(client, again)).toEqual(eventInsights(again, categories));
  });

  it('an engine that fails rejects the computations waiting, and the next one runs in a new engine', async () => {
    // The first engine's script fails to load (as after a deploy removed it); the next works.
    const started: { closed: boolean }[] = [];
    const engine = createEngineClient(engineContract, () => {
      let failed = () => {};
      const fails = started.length === 0;
      const state = { closed: false };
      started.push(state);
      const transport = inPageTransport(startEngine);
      return {
        ...transport,
        post: (call) => (fails ? setTimeout(failed) : transport.post(call)),
        onFailure: (listener) => void (failed = listener),
        close: () => {
          state.closed = true;
          transport.close();
        },
      };
    });
    const client = new QueryClient();
    const failing = insightsClient(client, engine).compute({
      eventId: EVENT,
      rows: registrations,
      categories,
      scope: null,
      options: ALL_INSIGHTS,
    });
    await expect(failing).rejects.toSatisfy((error) => isEngineError(error, 'crashed'));
    expect(started[0]!.closed).toBe(true);
    // Asked again, the figures come from a new engine, which is sent every row.
    const again = insightsClient(client, engine).compute({
      eventId: EVENT,
      rows: registrations,
      categories,
      scope: null,
      options: { questions: true, groups: false },
    });
    expect(await again).toEqual(eventInsights(registrations, categories, { questions: true, groups: false }));
    expect(started).toHaveLength(2);
  });
});
