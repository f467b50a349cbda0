import fc from 'fast-check';
import type { Registration } from '../api/registration-schemas';
import { changedIds, removedSince, summarizeChanges } from './changes-since';
import { readStoredHistory, storeHistory } from './history-codec';
import {
  changeBetween,
  HISTORY_KEPT_MS,
  openVisit,
  pruneHistory,
  reconcileFull,
  recordChanges,
  startHistory,
  VISIT_GAP_MS,
} from './registration-history';

function registration(id: number, changes: Partial<Registration> = {}): Registration {
  return {
    registration_id: id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    email: `p${id}@example.test`,
    category_id: 1,
    order_id: `O${id}`,
    payment_status: 'pending',
    custom_questions: [{ que_id: 5, que_question_fr: 'Taille', que_question_en: 'Size', reponse: 'M' }],
    ...changes,
  };
}

const DAY = 24 * 3_600_000;
const T0 = Date.UTC(2026, 10, 20, 8);
const T1 = T0 + DAY;
const T2 = T1 + DAY;

/** Replaces rows by id and appends the new ones, as a check for changes merges them. */
function merge(rows: readonly Registration[], arrived: readonly Registration[]): Registration[] {
  const byId = new Map(arrived.map((row) => [row.registration_id, row]));
  const merged = rows.map((row) => byId.get(row.registration_id) ?? row);
  const known = new Set(rows.map((row) => row.registration_id));
  return [...merged, ...arrived.filter((row) => !known.has(row.registration_id))];
}

describe('registration history', () => {
  const first = [1, 2, 3, 4].map((id) => registration(id));

  it('reports a status move only when the status changed, not how it is written', () => {
    expect(changeBetween(registration(1), registration(1, { payment_status: ' Pending' }))).toBeNull();
    expect(changeBetween(registration(1), registration(1, { payment_status: 'PAID' }))).toEqual({
      status: 'pending',
    });
  });

  it('dates new registrations and what changed by the sync that saw them, net since a checkpoint', () => {
    let history = startHistory(T0);
    const day1 = [
      registration(2, { payment_status: 'paid' }),
      registration(3, { category_id: 2 }),
      registration(5),
    ];
    history = recordChanges(history, first, day1, T1);
    let rows = merge(first, day1);
    const day2 = [
      registration(2, { payment_status: 'refunded' }),
      // Moved back: no net category change since T0.
      registration(3, { category_id: 1 }),
      registration(4, {
        custom_questions: [{ que_id: 5, que_question_fr: 'Taille', que_question_en: 'Size', reponse: 'L' }],
      }),
      registration(6, { payment_status: 'paid' }),
    ];
    history = recordChanges(history, rows, day2, T2);
    rows = merge(rows, day2);

    const sinceStart = summarizeChanges(history, rows, T0);
    expect(sinceStart).toMatchObject({
      added: 2,
      statusMoves: [{ from: 'pending', to: 'refunded', count: 1 }],
      nowByStatus: [{ status: 'refunded', count: 1 }],
      category: 0,
      answers: 1,
      removed: 0,
      changed: 4,
      knownFrom: null,
    });
    expect([...changedIds(history, rows, { since: T0, kind: 'new' })].sort()).toEqual([5, 6]);
    expect([...changedIds(history, rows, { since: T0, kind: 'status', from: 'pending' })]).toEqual([2]);
    expect([...changedIds(history, rows, { since: T0, kind: 'status', from: 'paid' })]).toEqual([]);

    // Since the first day: 2 went paid -> refunded, 3 moved back, 6 is new.
    const sinceDay1 = summarizeChanges(history, rows, T1);
    expect(sinceDay1.statusMoves).toEqual([{ from: 'paid', to: 'refunded', count: 1 }]);
    expect(sinceDay1.category).toBe(1);
    expect(sinceDay1.added).toBe(1);
    // Before the history started, nothing is known.
    expect(summarizeChanges(history, rows, T0 - DAY).knownFrom).toBe(T0);
  });

  it('a full check finds the removed registrations, keeps their last version, and forgets one that comes back', async () => {
    const full = [registration(1), registration(3, { payment_status: 'paid' }), registration(7)];
    const history = await reconcileFull(startHistory(T0), first, full, T1);
    expect(history.fullCheckAt).toBe(T1);
    expect(removedSince(history, T0).map((entry) => entry.row)).toEqual([registration(2), registration(4)]);
    expect(summarizeChanges(history, full, T0)).toMatchObject({ added: 1, removed: 2, changed: 2 });
    expect(changedIds(history, full, { since: T0, kind: 'removed' }).size).toBe(0);

    const back = recordChanges(history, full, [registration(2)], T2);
    expect(removedSince(back, T0).map((entry) => entry.row.registration_id)).toEqual([4]);
  });

  it('opens a new visit after a pause, and keeps the checkpoint through a reload', () => {
    const history = startHistory(T0);
    const opened = openVisit(history, { dataAsOf: T1, savedAt: T1 }, T1 + 2 * VISIT_GAP_MS);
    expect(opened.lastVisit).toBe(T1);
    const reloaded = openVisit(opened, { dataAsOf: T2, savedAt: T2 }, T2 + VISIT_GAP_MS / 2);
    expect(reloaded.lastVisit).toBe(T1);
    expect(openVisit(reloaded, { dataAsOf: T2, savedAt: T2 }, T2 + 2 * VISIT_GAP_MS).lastVisit).toBe(T2);
  });

  it('forgets what is older than it keeps, and then knows nothing before', () => {
    const history = recordChanges(startHistory(T0), first, [registration(9)], T1);
    const later = T1 + HISTORY_KEPT_MS + DAY;
    const pruned = pruneHistory(history, later);
    expect(pruned.firstSeen.size).toBe(0);
    expect(pruned.startedAt).toBe(later - HISTORY_KEPT_MS);
  });
});

describe('history kept on the device', () => {
  it('round-trips a history', async () => {
    const history = await reconcileFull(
      recordChanges(
        startHistory(T0),
        first(),
        [registration(1, { payment_status: 'paid', category_id: null }), registration(8)],
        T1,
      ),
      [...first(), registration(8)],
      [registration(1), registration(8)],
      T2,
    );
    const stored = JSON.parse(JSON.stringify(storeHistory(history))) as unknown;
    expect(readStoredHistory(stored)).toEqual(history);
  });

  it('reads anything without throwing: what does not parse is no history', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(readStoredHistory(value)).toBeNull();
      }),
    );
    const stored = storeHistory(startHistory(T0));
    expect(readStoredHistory({ ...stored, version: 2 })).toBeNull();
    expect(readStoredHistory({ ...stored, changes: [[1, 'soon', {}]] })).toBeNull();
  });

  function first() {
    return [1, 2, 3].map((id) => registration(id));
  }
});

describe('change filters', () => {
  it('answer the same id set for the same filter, so the table can narrow keystroke after keystroke', () => {
    const rows = [1, 2, 3].map((id) => registration(id));
    const history = recordChanges(startHistory(T0), rows, [registration(2, { payment_status: 'paid' })], T1);
    const next = rows.map((row) =>
      row.registration_id === 2 ? registration(2, { payment_status: 'paid' }) : row,
    );
    const scope = { since: T0, kind: 'changed' } as const;
    expect(changedIds(history, next, scope)).toBe(changedIds(history, next, { ...scope }));
    expect([...changedIds(history, next, scope)]).toEqual([2]);
  });
});
