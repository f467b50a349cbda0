import { demoDaysAdvanced } from './clock';
import { CHANGE_KINDS, EVERY_KIND_FROM } from './day-step';
import { DAY_MS } from './dates';
// The public surface, as the app's tests will import it.
import {
  advanceDemoDays,
  DEMO_EVENT_IDS,
  demoNow,
  getDemoDataset,
  resetDemoData,
  touchRegistrations,
  type DemoEventChanges,
  type RawRegistration,
} from './index';

const TODAY = '2026-11-22';
const LARGE = DEMO_EVENT_IDS.largeMarathon;
/** Upcoming, 137 registrations: small, but big enough for every kind of change. */
const SMALL = DEMO_EVENT_IDS.printable;

afterEach(() => {
  vi.useRealTimers();
  resetDemoData();
});

/** A deep copy: day steps change the cached rows in place. */
function snapshot(eventId: number, today = TODAY): RawRegistration[] {
  return structuredClone(getDemoDataset(today).registrationsOf(eventId));
}

function changesOf(eventId: number, events: readonly DemoEventChanges[]): DemoEventChanges {
  const found = events.find((event) => event.eventId === eventId);
  if (!found) throw new Error(`No changes reported for event ${eventId}`);
  return found;
}

/** Registration ids by kind of change, recomputed from two copies of the list. */
function diff(before: readonly RawRegistration[], after: readonly RawRegistration[]) {
  const old = new Map(before.map((row) => [row.registration_id, row]));
  const now = new Set(after.map((row) => row.registration_id));
  const added: number[] = [];
  const changed: number[] = [];
  for (const row of after) {
    const previous = old.get(row.registration_id);
    if (!previous) added.push(row.registration_id);
    else if (JSON.stringify(previous) !== JSON.stringify(row)) changed.push(row.registration_id);
  }
  const deleted = before.map((row) => row.registration_id).filter((id) => !now.has(id));
  return { added, changed, deleted };
}

describe('advanceDemoDays', () => {
  it('moves a day of a large race in realistic proportions, every change stamped with the new now', () => {
    const before = snapshot(LARGE);
    const latest = before.reduce((max, row) => (row.updated_at > max ? row.updated_at : max), '');
    const clockBefore = demoNow().getTime();
    const result = advanceDemoDays(1, { eventIds: [LARGE] });
    const step = result.steps[0]!;
    expect(result).toMatchObject({ days: 1, daysAdvanced: 1 });
    expect(step.day).toBe(1);
    expect(Date.parse(step.at ?? '') - clockBefore).toBeGreaterThanOrEqual(DAY_MS);
    expect(Date.parse(step.at ?? '') - clockBefore).toBeLessThan(DAY_MS + 5_000);
    expect(step.at > latest).toBe(true);

    const changes = changesOf(LARGE, result.events);
    const size = before.length;
    expect(changes.added.length).toBeGreaterThanOrEqual(0.005 * size - 1);
    expect(changes.added.length).toBeLessThanOrEqual(0.01 * size + 1);
    const around = (kind: keyof typeof changes, rate: number) => {
      const count = changes[kind] as number[];
      expect(count.length, kind).toBeGreaterThanOrEqual(Math.floor(0.75 * rate * size));
      expect(count.length, kind).toBeLessThanOrEqual(Math.ceil(1.25 * rate * size));
    };
    around('paid', 0.003);
    around('refunded', 0.0005);
    around('cancelled', 0.0005);
    around('moved', 0.0002);
    around('edited', 0.0003);
    around('deleted', 0.0002);

    const after = getDemoDataset(TODAY).registrationsOf(LARGE);
    const old = new Map(before.map((row) => [row.registration_id, row]));
    const current = new Map(after.map((row) => [row.registration_id, row]));
    const maxBefore = before[before.length - 1]?.registration_id ?? 0;
    for (const id of changes.added) {
      const row = current.get(id);
      expect(id).toBeGreaterThan(maxBefore);
      expect(row).toMatchObject({ created_at: step.at, updated_at: step.at, event_id: LARGE });
      expect(['paid', 'pending']).toContain(row?.payment_status);
      expect(row?.custom_questions.map((answer) => answer.que_id)).toEqual(
        after[0]?.custom_questions.map((answer) => answer.que_id),
      );
      expect(row?.email).toMatch(/^[a-z0-9.]+@example\.(com|org|net)$/);
    }
    const moves: [keyof typeof changes, string, string][] = [
      ['paid', 'pending', 'paid'],
      ['refunded', 'paid', 'refunded'],
      ['cancelled', '', 'cancelled'],
    ];
    for (const [kind, from, to] of moves) {
      for (const id of changes[kind] as number[]) {
        if (from) expect(old.get(id)?.payment_status).toBe(from);
        expect(current.get(id)?.payment_status).toBe(to);
      }
    }
    for (const id of changes.moved) {
      expect(current.get(id)?.category_id).not.toBe(old.get(id)?.category_id);
    }
    for (const id of changes.edited) {
      const answers = (row?: RawRegistration) => row?.custom_questions.map((answer) => answer.reponse);
      const was = answers(old.get(id)) ?? [];
      const is = answers(current.get(id)) ?? [];
      expect(is.filter((answer, i) => answer !== was[i])).toHaveLength(1);
    }
    for (const id of changes.deleted) expect(current.has(id)).toBe(false);

    // Recomputed independently: exactly these rows differ, each stamped with the day's now.
    const recomputed = diff(before, after);
    expect(recomputed.added).toEqual(changes.added);
    expect(recomputed.deleted).toEqual(changes.deleted);
    const changedKinds = CHANGE_KINDS.filter((kind) => kind !== 'added' && kind !== 'deleted');
    expect(recomputed.changed).toEqual(changedKinds.flatMap((kind) => changes[kind]).sort((a, b) => a - b));
    const stamped = after.filter((row) => row.updated_at === step.at).map((row) => row.registration_id);
    expect(stamped).toEqual([...recomputed.changed, ...recomputed.added].sort((a, b) => a - b));
    expect(
      after.every((row, i) => i === 0 || row.registration_id > (after[i - 1]?.registration_id ?? 0)),
    ).toBe(true);
  });

  it('changes at least one row of each kind on a small upcoming event', () => {
    expect(getDemoDataset(TODAY).registrationsOf(SMALL).length).toBeGreaterThanOrEqual(EVERY_KIND_FROM);
    const changes = changesOf(SMALL, advanceDemoDays(1, { eventIds: [SMALL] }).events);
    for (const kind of CHANGE_KINDS) expect(changes[kind].length, kind).toBeGreaterThanOrEqual(1);
  });

  it('takes no sign-ups once an event has started, and leaves an empty event empty', () => {
    const { events } = advanceDemoDays(1, {
      eventIds: [
        DEMO_EVENT_IDS.trickySmall,
        DEMO_EVENT_IDS.noRegistrations,
        DEMO_EVENT_IDS.emptyEnglishPlace,
      ],
    });
    const past = changesOf(DEMO_EVENT_IDS.trickySmall, events);
    expect(past.added).toEqual([]);
    for (const kind of CHANGE_KINDS.filter((k) => k !== 'added')) expect(past[kind].length, kind).toBe(1);
    expect(
      CHANGE_KINDS.every((kind) => changesOf(DEMO_EVENT_IDS.noRegistrations, events)[kind].length === 0),
    ).toBe(true);
    // No custom questions, so no answer to edit.
    expect(changesOf(DEMO_EVENT_IDS.emptyEnglishPlace, events).edited).toEqual([]);
    expect(getDemoDataset(TODAY).registrationsOf(DEMO_EVENT_IDS.noRegistrations)).toEqual([]);
  });

  it('moves N days with one stamp per day, a day apart, each after the previous', () => {
    const result = advanceDemoDays(3, { eventIds: [SMALL] });
    expect(result.steps.map((step) => step.day)).toEqual([1, 2, 3]);
    const stamps = result.steps.map((step) => Date.parse(step.at));
    expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(DAY_MS);
    expect(stamps[2]! - stamps[1]!).toBeGreaterThanOrEqual(DAY_MS);
    expect(stamps[2]! - stamps[1]!).toBeLessThan(DAY_MS + 1_000);
    expect(demoDaysAdvanced()).toBe(3);
    expect(Math.abs(demoNow().getTime() - (Date.now() + 3 * DAY_MS))).toBeLessThan(1_000);
    expect(Date.parse(result.now)).toBeGreaterThanOrEqual(stamps[2]!);
    // Rows changed on several days are listed once per kind; deleted rows only as deleted.
    const changes = changesOf(SMALL, result.events);
    const alive = new Set(
      getDemoDataset(TODAY)
        .registrationsOf(SMALL)
        .map((row) => row.registration_id),
    );
    for (const kind of CHANGE_KINDS) {
      expect(new Set(changes[kind]).size).toBe(changes[kind].length);
      for (const id of changes[kind]) expect(alive.has(id)).toBe(kind !== 'deleted');
    }
  });

  it('is deterministic: fresh data advanced the same way gives the same rows and summary', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z'), toFake: ['Date'] });
    const run = () => {
      resetDemoData();
      const first = advanceDemoDays(2, { eventIds: [LARGE, SMALL] });
      const second = advanceDemoDays(1);
      const rows = [LARGE, SMALL].map((id) => getDemoDataset(TODAY).registrationsOf(id));
      return JSON.stringify([first, second, rows]);
    };
    // Not toBe(): its diff of two 10 MB strings would take ages if they ever differed.
    expect(run() === run()).toBe(true);
  });

  it('gives a list generated later, or for another reference date, the same days', () => {
    getDemoDataset(TODAY).registrationsOf(SMALL); // changed in place from here on
    advanceDemoDays(1, { eventIds: [SMALL] });
    touchRegistrations(SMALL, 2, demoNow());
    const result = advanceDemoDays(2); // every event, SMALL loaded
    expect(result.events.map((event) => event.eventId)).toEqual([SMALL]);
    const live = snapshot(SMALL);
    resetDemoData();
    const strip = (rows: RawRegistration[]) =>
      rows.map(({ created_at: _c, updated_at: _u, order_id: _o, ...rest }) => rest);
    // The same calls again, but the list is first generated after them (replayed from the log).
    advanceDemoDays(1, { eventIds: [SMALL] });
    touchRegistrations(SMALL, 2, demoNow());
    advanceDemoDays(2);
    expect(strip(snapshot(SMALL, '2030-03-01'))).toEqual(strip(live));
    expect(strip(snapshot(SMALL))).toEqual(strip(live));
  });

  it('leaves unloaded events ungenerated, so the 100,000-row event costs nothing until asked for', () => {
    getDemoDataset(TODAY).registrationsOf(SMALL);
    const started = performance.now();
    const result = advanceDemoDays(5);
    expect(performance.now() - started).toBeLessThan(200);
    expect(result.events.map((event) => event.eventId)).toEqual([SMALL]);
  });

  it('is undone by resetDemoData', () => {
    const before = snapshot(SMALL);
    advanceDemoDays(2, { eventIds: [SMALL] });
    expect(snapshot(SMALL)).not.toEqual(before);
    resetDemoData();
    expect(demoDaysAdvanced()).toBe(0);
    expect(Math.abs(demoNow().getTime() - Date.now())).toBeLessThan(1_000);
    expect(snapshot(SMALL)).toEqual(before);
  });

  it('rejects a day count that is not a whole number from 1 to 366', () => {
    for (const days of [0, -1, 1.5, 367, Number.NaN]) {
      expect(() => advanceDemoDays(days), String(days)).toThrow(RangeError);
    }
    expect(demoDaysAdvanced()).toBe(0);
  });
});
