import fc from 'fast-check';
import { listContract } from './list-contract';
import { parseListSaved } from './list-saved';

/* The list methods' messages and the saved notice, read at either end: never a throw. */

const place = fc.record({ apiKey: fc.string({ minLength: 1 }), address: fc.webUrl() });
const target = fc.record({
  place: fc.oneof(place, fc.anything()),
  demo: fc.oneof(fc.boolean(), fc.anything()),
  eventId: fc.oneof(fc.nat(), fc.anything()),
  firstPage: fc.oneof(fc.constantFrom(0, 1, null), fc.anything()),
  keep: fc.oneof(fc.boolean(), fc.anything()),
  resume: fc.oneof(fc.boolean(), fc.anything()),
  version: fc.oneof(fc.nat(), fc.anything()),
  ifNewer: fc.oneof(fc.boolean(), fc.constant(undefined), fc.anything()),
});

describe('the list messages', () => {
  it('keep a call only when it names a session, an event and how to go on, and never throw', () => {
    fc.assert(
      fc.property(fc.oneof(target, fc.anything()), (received) => {
        for (const name of ['list.open', 'list.load', 'list.changes', 'list.verify'] as const) {
          const read = listContract[name].params(received)?.value;
          if (!read) continue;
          expect(Number.isSafeInteger(read.eventId) && read.eventId >= 0).toBe(true);
          expect([0, 1, null]).toContain(read.firstPage);
          expect(typeof read.keep).toBe('boolean');
        }
        const opened = listContract['list.open'].params(received)?.value;
        if (opened) expect([true, false, undefined]).toContain(opened.ifNewer);
      }),
    );
  });

  it('keep rows only with where they go and a version, and answers only of a known kind', () => {
    const rows = fc.record({
      from: fc.oneof(fc.nat(), fc.anything()),
      rows: fc.oneof(fc.array(fc.record({ registration_id: fc.nat() })), fc.anything()),
      version: fc.oneof(fc.nat(), fc.anything()),
      report: fc.oneof(fc.constant(null), fc.object(), fc.anything()),
    });
    const answer = fc.record({
      kind: fc.oneof(
        fc.constantFrom('complete', 'stopped', 'failed', 'unknown', 'changed', 'verified', 'opened', 'none'),
        fc.anything(),
      ),
      status: fc.oneof(fc.constantFrom('cancelled', 'incomplete'), fc.anything()),
      version: fc.oneof(fc.nat(), fc.anything()),
      report: fc.oneof(fc.object(), fc.anything()),
      figures: fc.oneof(fc.object(), fc.anything()),
      firstPage: fc.oneof(fc.constantFrom(0, 1, null), fc.anything()),
      error: fc.oneof(fc.constant(null), fc.object(), fc.anything()),
      read: fc.oneof(fc.object(), fc.anything()),
    });
    fc.assert(
      fc.property(fc.oneof(rows, fc.anything()), (received) => {
        const read = listContract['list.load'].progress?.(received)?.value;
        if (!read) return;
        expect(Array.isArray(read.rows)).toBe(true);
        expect(Number.isSafeInteger(read.from) && Number.isSafeInteger(read.version)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(answer, fc.anything()), (received) => {
        const read = listContract['list.load'].result(received)?.value;
        if (read) expect(['complete', 'stopped', 'failed', 'unknown']).toContain(read.kind);
        const checked = listContract['list.changes'].result(received)?.value;
        if (checked) expect(['changed', 'stopped', 'failed', 'unknown']).toContain(checked.kind);
      }),
    );
  });

  it('read a saved notice only with an event, a time and a known outcome', () => {
    const notice = fc.record({
      eventId: fc.oneof(fc.nat(), fc.anything()),
      dataAsOf: fc.oneof(fc.integer(), fc.anything()),
      result: fc.oneof(
        fc.record({ status: fc.constant('saved') }),
        fc.record({
          status: fc.constant('not-saved'),
          reason: fc.oneof(fc.constantFrom('quota', 'failed', 'unavailable'), fc.anything()),
        }),
        fc.anything(),
      ),
    });
    fc.assert(
      fc.property(fc.oneof(notice, fc.anything()), (received) => {
        const read = parseListSaved(received);
        if (!read) return;
        expect(Number.isSafeInteger(read.dataAsOf)).toBe(true);
        if (read.result.status === 'not-saved')
          expect(['quota', 'failed', 'unavailable']).toContain(read.result.reason);
      }),
    );
  });
});
