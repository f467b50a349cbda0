import fc from 'fast-check';
import { parseSearchMessage, type SearchMessage } from './search-protocol';

const hit = fc.record({
  eventId: fc.integer({ min: 1, max: 99_999 }),
  registrationId: fc.integer({ min: 1, max: 2 ** 40 }),
  firstName: fc.option(fc.string(), { nil: null }),
  lastName: fc.option(fc.string(), { nil: null }),
  email: fc.option(fc.string(), { nil: null }),
  orderId: fc.option(fc.string(), { nil: null }),
  status: fc.option(fc.string(), { nil: null }),
  categoryId: fc.option(fc.integer(), { nil: null }),
});

const found = fc.record({
  type: fc.constant('found' as const),
  id: fc.nat(),
  answer: fc.record({
    total: fc.nat(),
    more: fc.boolean(),
    results: fc.array(hit, { maxLength: 5 }),
    events: fc.array(fc.integer({ min: 1, max: 99_999 }), { maxLength: 5 }),
    building: fc.boolean(),
  }),
});

describe('the search messages from the worker', () => {
  it('are taken as they are when well formed', () => {
    fc.assert(
      fc.property(found, (message: SearchMessage) => {
        expect(parseSearchMessage(message)).toEqual(message);
      }),
    );
    expect(parseSearchMessage({ type: 'search-changed', id: 0 })).toEqual({ type: 'search-changed', id: 0 });
  });

  it('never throw, whatever arrives, and drop anything malformed', () => {
    fc.assert(
      fc.property(fc.anything({ withObjectString: true, withNullPrototype: true }), (data) => {
        expect(() => parseSearchMessage(data)).not.toThrow();
      }),
    );
    const throwing = Object.defineProperty({ type: 'found', id: 1 }, 'answer', {
      get() {
        throw new Error('no');
      },
    });
    expect(parseSearchMessage(throwing)).toBeNull();
    const good = { total: 1, more: false, results: [], events: [1], building: false };
    for (const answer of [
      { ...good, total: -1 },
      { ...good, total: 1.5 },
      { ...good, results: [{ eventId: '1' }] },
      { ...good, results: [{ eventId: 1, registrationId: 2, firstName: 3 }] },
      { ...good, events: ['1'] },
      { ...good, building: 'no' },
      { ...good, more: 1 },
      null,
    ])
      expect(parseSearchMessage({ type: 'found', id: 1, answer })).toBeNull();
    expect(parseSearchMessage({ type: 'found', id: -1, answer: good })).toBeNull();
    expect(parseSearchMessage({ type: 'rows', id: 1, rows: [] })).toBeNull();
  });
});
