import fc from 'fast-check';
import { urlJunk } from '../../../../test/url-arbitraries';
import { parseEventId } from './event-id';

describe('an event id read from the URL', () => {
  it('is a positive integer or null for anything, and never throws', () => {
    fc.assert(
      fc.property(fc.option(fc.oneof(fc.string(), urlJunk), { nil: undefined }), (raw) => {
        const id = parseEventId(raw);
        expect(id === null || (Number.isSafeInteger(id) && id > 0)).toBe(true);
      }),
    );
  });

  it('reads back every id as a link writes it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999_999 }), (id) => {
        expect(parseEventId(String(id))).toBe(id);
      }),
    );
  });

  it('refuses what is not only digits', () => {
    for (const raw of ['12abc', '-1', '0', '1.5', ' 12', '1e3', '', '0x10'])
      expect(parseEventId(raw)).toBeNull();
  });
});
