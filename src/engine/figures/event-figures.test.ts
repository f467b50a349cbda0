import fc from 'fast-check';
import { getDemoDataset } from '@/mocks/data';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import type { RegistrationHistory } from '@/engine/history/registration-history';
import type { Registration } from '@/engine/api/registration-schemas';
import { eventFigures } from './count-event-figures';
import { paidShare, parseEventFigures, sumFigures, type EventFigures } from './event-figures';

/** The demo's registrations of an event, as the API sends them (schema-shaped). */
const demoRows = (eventId: number) =>
  getDemoDataset().registrationsOf(eventId) as unknown as readonly Registration[];

describe("an event's figures", () => {
  it('count a status however it is written, as the event page does ("Paid " is paid)', () => {
    const rows = ['paid', 'Paid ', 'PAID', 'pending', ' Pending', 'on hold', null].map(
      (payment_status, i) =>
        ({ registration_id: i + 1, payment_status, custom_questions: [] }) as unknown as Registration,
    );
    expect(eventFigures(rows, null, new Date('2026-11-24T10:00:00Z'))).toMatchObject({
      total: 7,
      paid: 3,
      pending: 2,
    });
  });

  it('count the demo list: every registration, and the raw statuses paid and pending', () => {
    for (const eventId of [
      DEMO_EVENT_IDS.trickySmall,
      DEMO_EVENT_IDS.largeMarathon,
      DEMO_EVENT_IDS.nullEnglish,
    ]) {
      const rows = demoRows(eventId);
      // Recounted with plain loops, apart from the app's code.
      let paid = 0;
      let pending = 0;
      for (let i = 0; i < rows.length; i += 1) {
        const status = rows[i]!.payment_status;
        if (status === 'paid') paid++;
        if (status === 'pending') pending++;
      }
      const figures = eventFigures(rows, null, new Date('2026-11-24T10:00:00Z'));
      expect(figures).toEqual({
        total: rows.length,
        paid,
        pending,
        lastVisit: null,
        newSinceLastVisit: null,
        asOf: Date.parse('2026-11-24T10:00:00Z'),
        findings: null,
      });
      expect(paid).toBeGreaterThan(0);
      expect(paidShare(figures)).toBeCloseTo(paid / rows.length, 10);
    }
  });

  it('count as new since the last visit the registrations first seen after it and still there', () => {
    const rows = demoRows(DEMO_EVENT_IDS.trickySmall);
    const lastVisit = Date.parse('2026-11-20T00:00:00Z');
    const ids = rows.map((row) => row.registration_id);
    // Three seen after the visit, one of them since removed from the list; two seen before.
    const firstSeen = new Map<number, number>([
      [ids[0]!, lastVisit + 1],
      [ids[1]!, lastVisit + 60_000],
      [999_999_999, lastVisit + 5],
      [ids[2]!, lastVisit - 1],
      [ids[3]!, lastVisit],
    ]);
    const history: RegistrationHistory = {
      startedAt: lastVisit - 86_400_000,
      fullCheckAt: lastVisit,
      firstSeen,
      changes: [],
      removed: [],
      lastVisit,
    };
    const figures = eventFigures(rows, history, null);
    expect(figures).toMatchObject({ lastVisit, newSinceLastVisit: 2, asOf: null });
  });

  it('have no paid share without registrations', () => {
    expect(paidShare(eventFigures([], null, null))).toBeNull();
  });

  it('add up only the events counted, and say how many were', () => {
    const a = eventFigures(demoRows(DEMO_EVENT_IDS.trickySmall), null, null);
    const b = eventFigures(demoRows(DEMO_EVENT_IDS.nullEnglish), null, null);
    expect(sumFigures([a, null, b, undefined])).toEqual({
      events: 4,
      counted: 2,
      total: a.total + b.total,
      paid: a.paid + b.paid,
    });
  });
});

const validFigures = fc
  .record({
    total: fc.nat({ max: 1_000_000 }),
    paidPart: fc.double({ min: 0, max: 1, noNaN: true }),
    pendingPart: fc.double({ min: 0, max: 1, noNaN: true }),
    visit: fc.option(fc.tuple(fc.integer({ min: 1, max: 4e12 }), fc.double({ min: 0, max: 1, noNaN: true }))),
    asOf: fc.option(fc.integer({ min: 1, max: 4e12 })),
    findingsPart: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
  })
  .map(({ total, paidPart, pendingPart, visit, asOf, findingsPart }): EventFigures => {
    const paid = Math.floor(total * paidPart);
    const pending = Math.floor((total - paid) * pendingPart);
    return {
      total,
      paid,
      pending,
      lastVisit: visit ? visit[0] : null,
      newSinceLastVisit: visit ? Math.floor(total * visit[1]) : null,
      asOf,
      findings: findingsPart === null ? null : Math.floor(total * findingsPart),
    };
  });

describe('figures read back from the device', () => {
  it('come back equal after a round trip through JSON', () => {
    fc.assert(
      fc.property(validFigures, (figures) => {
        expect(parseEventFigures(JSON.parse(JSON.stringify(figures)))).toEqual(figures);
      }),
    );
  });

  it('never throw, and give null or sound figures, whatever was stored', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          validFigures.chain((f) => fc.record({ ...mutated(f) })),
        ),
        (value) => {
          const parsed = parseEventFigures(value);
          if (parsed === null) return;
          expect(parsed.paid + parsed.pending).toBeLessThanOrEqual(parsed.total);
          expect(Number.isSafeInteger(parsed.total) && parsed.total >= 0).toBe(true);
        },
      ),
    );
  });

  it('refuse counts that do not add up, negative or fractional counts, and half a visit', () => {
    const good = { total: 10, paid: 6, pending: 3, lastVisit: 5, newSinceLastVisit: 2, asOf: 7, findings: 4 };
    expect(parseEventFigures(good)).toEqual(good);
    // Kept before the data doctor, or a count past the total: not counted, never a false count.
    expect(parseEventFigures({ ...good, findings: undefined })).toEqual({ ...good, findings: null });
    expect(parseEventFigures({ ...good, findings: 11 })).toEqual({ ...good, findings: null });
    expect(parseEventFigures({ ...good, paid: 8 })).toBeNull();
    expect(parseEventFigures({ ...good, total: -1 })).toBeNull();
    expect(parseEventFigures({ ...good, paid: 1.5 })).toBeNull();
    expect(parseEventFigures({ ...good, newSinceLastVisit: null })).toBeNull();
    expect(parseEventFigures({ ...good, newSinceLastVisit: 11 })).toBeNull();
    expect(parseEventFigures({ ...good, asOf: '7' })).toBeNull();
    expect(parseEventFigures(null)).toBeNull();
    expect(parseEventFigures('figures')).toBeNull();
  });
});

/** Each field of valid figures, or something else in its place. */
function mutated(figures: EventFigures) {
  return Object.fromEntries(
    Object.entries(figures).map(([key, value]) => [key, fc.oneof(fc.constant(value), fc.anything())]),
  );
}
