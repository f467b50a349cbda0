import { QueryClient } from '@tanstack/react-query';
import { theEngine } from '@/engine/engine';
import { ALL_INSIGHTS, eventInsights } from '@/engine/figures/event-insights';
import { demoEvent } from '@/engine/figures/testing/demo-event';
import { signInForTests } from '@/engine/loader/testing/loader-test-kit';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { registrationsQuery } from '../api/registrations-query';
import { insightsClient } from './insights-client';

const EVENT = DEMO_EVENT_IDS.trickySmall;
const { categories } = demoEvent(EVENT);

freshIndexedDbForEachTest();

describe('the figures of a list the engine loaded', () => {
  it("are counted on the engine's own rows: none is sent back; rows the page made are sent", async () => {
    signInForTests();
    const engine = theEngine();
    const call = vi.spyOn(engine, 'call');
    const sentRows = () => call.mock.calls.filter(([method]) => method === 'insights.rows').length;
    const client = new QueryClient();
    const loaded = await client.fetchQuery(registrationsQuery(EVENT));
    expect(loaded.version).not.toBeNull();
    const ask = (rows: typeof loaded.rows) =>
      insightsClient(client, engine).compute({
        eventId: EVENT,
        rows,
        categories,
        scope: null,
        options: ALL_INSIGHTS,
      });

    expect(await ask(loaded.rows)).toEqual(eventInsights(loaded.rows, categories));
    expect(call.mock.calls.some(([method]) => method === 'insights.compute')).toBe(true);
    expect(sentRows()).toBe(0);

    const some = loaded.rows.slice(0, 12);
    expect(await ask(some)).toEqual(eventInsights(some, categories));
    expect(sentRows()).toBeGreaterThan(0);
  });
});
