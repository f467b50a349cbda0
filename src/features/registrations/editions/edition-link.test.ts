import fc from 'fast-check';
import { editionLinkRecord, parseEditionLink } from './edition-link';

describe('the edition link kept on the device', () => {
  it('reads back what it saves: a previous event, or "no previous edition"', () => {
    expect(parseEditionLink(editionLinkRecord({ previousEventId: 1040 }))).toEqual({ previousEventId: 1040 });
    expect(parseEditionLink(editionLinkRecord({ previousEventId: null }))).toEqual({ previousEventId: null });
  });

  it('reads anything else as no link, without throwing', () => {
    for (const value of [
      undefined,
      null,
      'x',
      [],
      {},
      { version: 2, previousEventId: 1 },
      { version: 1 },
      { version: 1, previousEventId: 0 },
      { version: 1, previousEventId: -4 },
      { version: 1, previousEventId: 1.5 },
      { version: 1, previousEventId: '1040' },
      { version: 1, previousEventId: 2 ** 60 },
    ]) {
      expect(parseEditionLink(value)).toBeUndefined();
    }
  });

  it('never throws on any value, and gives a link it can save again', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ version: fc.anything(), previousEventId: fc.anything() }),
          fc.record({ version: fc.constant(1), previousEventId: fc.oneof(fc.integer(), fc.constant(null)) }),
        ),
        (value) => {
          const link = parseEditionLink(value);
          if (link === undefined) return;
          expect(
            link.previousEventId === null ||
              (Number.isSafeInteger(link.previousEventId) && link.previousEventId > 0),
          ).toBe(true);
          expect(parseEditionLink(editionLinkRecord(link))).toEqual(link);
        },
      ),
    );
  });
});
