import { createDeviceCopyHandler } from './device-copy-handler';
import type { DeviceCopyResponse } from './device-copy-protocol';
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

function worker() {
  const responses: DeviceCopyResponse[] = [];
  const handle = createDeviceCopyHandler((response) => responses.push(response));
  let nextId = 1;
  const answer = <T extends DeviceCopyResponse['type']>(type: T, id: number) =>
    waitUntil(() => {
      const found = responses.find((response) => response.type === type && response.id === id);
      if (!found) throw new Error(`no ${type} answer to ${id} yet`);
      return found as Extract<DeviceCopyResponse, { type: T }>;
    });
  const save = async (eventId: number, rows: DeviceRegistration[], place = PLACE, dataAsOf = AS_OF) => {
    const id = nextId++;
    handle({ type: 'save-rows', id, rows });
    handle({ type: 'save', id, place, eventId, dataAsOf });
    return (await answer('saved', id)).result;
  };
  const search = async (query: string, place = PLACE): Promise<SearchAnswer> => {
    const id = nextId++;
    handle({ type: 'search', id, place, query, limit: 50, order: [] });
    const found = await answer('found', id);
    return found.type === 'found' ? found.answer : Promise.reject(new Error('not found'));
  };
  /** Searches until the copy is read whole into the index. */
  const searchBuilt = (query: string, place = PLACE) =>
    waitUntil(async () => {
      const found = await search(query, place);
      if (found.building) throw new Error('still reading the copy');
      return found;
    });
  return { handle, responses, save, search, searchBuilt, next: () => nextId++ };
}

const names = (found: SearchAnswer) => found.results.map((hit) => `${hit.firstName} ${hit.lastName}`);

describe('the search of the device copy worker', () => {
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
    const { handle, save, search, searchBuilt, next } = worker();
    await save(1001, [row(1, 'Anna', 'Weber')]);
    expect((await searchBuilt('anna')).total).toBe(1);
    handle({ type: 'wipe', id: next() });
    // The wipe is answered later; a search sent right after it already finds nothing.
    expect(await search('anna')).toMatchObject({ total: 0, events: [] });
    expect(await searchBuilt('anna')).toMatchObject({ total: 0, events: [] });

    await save(1001, [row(1, 'Anna', 'Weber')]);
    expect((await searchBuilt('anna')).total).toBe(1);
    handle({ type: 'search-drop', id: next() });
    expect((await searchBuilt('anna')).total).toBe(1); // read again from the copy, same session

    // Another key does not open this copy: it finds nothing of it.
    expect(await searchBuilt('anna', OTHER_KEY)).toMatchObject({ total: 0, events: [] });
  });

  it('answers only the newest of the searches sent together', async () => {
    const { handle, responses, save, searchBuilt, next } = worker();
    await save(1001, [row(1, 'Anna', 'Weber')]);
    await searchBuilt('anna');
    const ids = ['a', 'an', 'ann'].map((query) => {
      const id = next();
      handle({ type: 'search', id, place: PLACE, query, limit: 50, order: [] });
      return id;
    });
    await waitUntil(() => expect(responses.some((r) => r.type === 'found' && r.id === ids[2])).toBe(true));
    expect(responses.filter((r) => r.type === 'found' && ids.includes(r.id)).map((r) => r.id)).toEqual([
      ids[2],
    ]);
  });
});
