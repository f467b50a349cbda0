import { createEngineClient } from '../rpc/client';
import { serveEngine } from '../rpc/server';
import { inPageTransport } from '../rpc/transport';
import { deviceCopyContract } from './device-copy-contract';
import { createDeviceCopyEngine } from './device-copy-handler';
import type { DeviceRegistration } from './registrations-codec';
import type { SearchAnswer } from './search-protocol';
import { freshIndexedDbForEachTest } from './testing/fresh-indexeddb';
import { waitUntil } from '../../../test/wait-until';

const PLACE = { apiKey: 'pk_live_search_1', address: 'https://partners.example.org/v1' };
const OTHER_KEY = { ...PLACE, apiKey: 'pk_live_search_2' };
const AS_OF = Date.parse('2026-11-20T09:30:00Z');

freshIndexedDbForEachTest();

function row(id: number, first: string, last: string, phone = ''): DeviceRegistration {
  return {
    registration_id: id,
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@example.org`,
    category_id: 7,
    order_id: `ORD-${id}`,
    payment_status: 'paid',
    custom_questions: [
      { que_id: 1, que_question_fr: 'Urgence', que_question_en: 'Emergency', reponse: phone },
    ],
  };
}

/**
 * The engine's device copy behind the real RPC, run in the page, with the saves of whole lists
 * the engine's own work uses (sync/list-work.ts); `changes` counts its notices.
 */
function worker() {
  const state = { changes: 0 };
  const copy = createDeviceCopyEngine(() => (state.changes += 1));
  const engine = createEngineClient(deviceCopyContract, () =>
    inPageTransport((post) => serveEngine(deviceCopyContract, copy.handlers, post)),
  );
  const call = engine.call.bind(engine);
  const save = (eventId: number, rows: DeviceRegistration[], place = PLACE, dataAsOf = AS_OF) =>
    copy.saveList(place, eventId, rows, dataAsOf, { history: undefined, pageNumbering: undefined });
  const ask = (query: string, place = PLACE) => call('copy.search', { place, query, limit: 50, order: [] });
  const search = async (query: string, place = PLACE): Promise<SearchAnswer> =>
    (await ask(query, place)) ?? Promise.reject(new Error('replaced by a newer search'));
  /** Searches until the copy is read whole into the index. */
  const searchBuilt = (query: string, place = PLACE) =>
    waitUntil(async () => {
      const found = await search(query, place);
      if (found.building) throw new Error('still reading the copy');
      return found;
    });
  return { call, state, save, ask, search, searchBuilt };
}

const names = (found: SearchAnswer) => found.results.map((hit) => `${hit.firstName} ${hit.lastName}`);

describe('the search across events in the engine', () => {
  it('reads every event the copy holds on the first search, then follows each save', async () => {
    const first = worker();
    expect(
      await first.save(1001, [row(1, 'Émilie', 'Dupont', '06 12 34 56 78'), row(2, 'Jean', 'Roy')]),
    ).toEqual({
      status: 'saved',
    });
    expect(await first.save(1002, [row(3, 'Emilie', 'Martin')])).toEqual({ status: 'saved' });

    // A new worker (a reload): nothing in memory, the index is read from the encrypted copy.
    const reloaded = worker();
    const found = await reloaded.searchBuilt('emilie');
    expect(found.events).toEqual([1001, 1002]);
    expect(found.total).toBe(2);
    expect(names(found)).toEqual(['Émilie Dupont', 'Emilie Martin']);
    expect(found.results[0]).toMatchObject({
      eventId: 1001,
      registrationId: 1,
      categoryId: 7,
      status: 'paid',
    });
    expect((await reloaded.search('0612345678')).results.map((hit) => hit.registrationId)).toEqual([1]);

    // A save of a newer list replaces that event's entries.
    await reloaded.save(1002, [row(3, 'Emilie', 'Martin-Roy'), row(4, 'Paul', 'Roy')], PLACE, AS_OF + 1);
    await waitUntil(async () =>
      expect(names(await reloaded.search('roy'))).toEqual(['Jean Roy', 'Emilie Martin-Roy', 'Paul Roy']),
    );
  });

  it('empties the index with the wipe, at once, and for another key', async () => {
    const { call, state, save, search, searchBuilt } = worker();
    await save(1001, [row(1, 'Anna', 'Weber')]);
    expect((await searchBuilt('anna')).total).toBe(1);
    const changesBefore = state.changes;
    void call('copy.wipe', {});
    // The wipe is answered later; a search sent right after it already finds nothing.
    expect(await search('anna')).toMatchObject({ total: 0, events: [] });
    expect(await searchBuilt('anna')).toMatchObject({ total: 0, events: [] });
    // The page was told the index changed, and searches again.
    expect(state.changes).toBeGreaterThan(changesBefore);

    await save(1001, [row(1, 'Anna', 'Weber')]);
    expect((await searchBuilt('anna')).total).toBe(1);
    await call('copy.search-drop', {});
    expect((await searchBuilt('anna')).total).toBe(1); // read again from the copy, same session

    // Another key does not open this copy: it finds nothing of it.
    expect(await searchBuilt('anna', OTHER_KEY)).toMatchObject({ total: 0, events: [] });
  });

  it('answers only the newest of the searches sent together', async () => {
    const { ask, save, searchBuilt } = worker();
    await save(1001, [row(1, 'Anna', 'Weber')]);
    await searchBuilt('anna');
    const answers = await Promise.all(['a', 'an', 'ann'].map((query) => ask(query)));
    expect(answers.map((answer) => answer?.total ?? null)).toEqual([null, null, 1]);
  });

  it('is idle only once every event of the copy was read into the index', async () => {
    const first = worker();
    await first.save(1001, [row(1, 'Anna', 'Weber')]);
    await first.save(1002, [row(2, 'Anna', 'Roth')]);
    const reloaded = worker();
    // The first search starts reading the copy: one job lists it, which queues one per event.
    void reloaded.ask('anna');
    await reloaded.call('copy.idle', {});
    expect(await reloaded.search('anna')).toMatchObject({ total: 2, building: false, events: [1001, 1002] });
  });
});
