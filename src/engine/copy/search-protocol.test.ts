import fc from 'fast-check';
import { parseSearchAnswer, type SearchAnswer } from './search-protocol';

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
  total: fc.nat(),
  more: fc.boolean(),
  results: fc.array(hit, { maxLength: 5 }),
  events: fc.array(fc.integer({ min: 1, max: 99_999 }), { maxLength: 5 }),
  building: fc.boolean(),
});

describe('the search answers from the engine', () => {
  it('are taken as they are when well formed', () => {
    fc.assert(
      fc.property(found, (answer: SearchAnswer) => {
        expect(parseSearchAnswer(structuredClone(answer))).toEqual(answer);
      }),
    );
  });

  it('never throw, whatever arrives, and drop anything malformed', () => {
    fc.assert(
      fc.property(fc.anything({ withObjectString: true, withNullPrototype: true }), (data) => {
        expect(() => parseSearchAnswer(data)).not.toThrow();
      }),
    );
    const throwing = Object.defineProperty(
      { total: 1, more: false, events: [], building: false },
      'results',
      {
        enumerable: true,
        get() {
          throw new Error('no');
        },
      },
    );
    expect(parseSearchAnswer(throwing)).toBeNull();
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
      expect(parseSearchAnswer(answer)).toBeNull();
    expect(parseSearchAnswer([])).toBeNull();
  });
});
