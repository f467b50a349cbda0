import { describe, expect, it } from 'vitest';
import type { Registration } from '@/engine/api/registration-schemas';
import { EventLists } from './event-lists';

const PLACE = { apiKey: 'pk_live_0000000000000000000000000000', address: 'https://api.example.org' };
const row = (id: number): Registration => ({
  registration_id: id,
  first_name: `Marie ${id}`,
  last_name: null,
  email: null,
  order_id: null,
  payment_status: 'paid',
  custom_questions: [],
});

/** A promise and the function that settles it. */
function arriving() {
  let settle!: (rows: readonly Registration[] | null) => void;
  const rows = new Promise<readonly Registration[] | null>((resolve) => (settle = resolve));
  return { rows, settle };
}

describe("the engine's lists: a version named before its rows are in", () => {
  it('answers its rows, and one registration of them, once they arrive', async () => {
    const lists = new EventLists();
    const list = lists.take(PLACE, 7);
    const { rows, settle } = arriving();
    const version = lists.reserve(list, rows);
    const asked = Promise.all([lists.rowsAt(7, version), lists.registrationAt(PLACE, 7, version, 2)]);
    const arrived = [row(1), row(2)];
    settle(arrived);
    expect(lists.fill(list, version, arrived)).toBe(true);
    expect(await asked).toEqual([arrived, row(2)]);
    expect(list.rows).toBe(arrived);
    expect(lists.at(PLACE, 7, version)).toBe(list);
  });

  it('forgets the list when they never come: nothing is counted on rows it does not have', async () => {
    const lists = new EventLists();
    const list = lists.take(PLACE, 7);
    const { rows, settle } = arriving();
    const version = lists.reserve(list, rows);
    settle(null);
    expect(lists.fill(list, version, null)).toBe(false);
    expect(await lists.rowsAt(7, version)).toBeNull();
    expect(lists.at(PLACE, 7, version)).toBeNull();
  });

  it('keeps a newer version of the list when the older one’s rows come late', async () => {
    const lists = new EventLists();
    const list = lists.take(PLACE, 7);
    const late = arriving();
    const older = lists.reserve(list, late.rows);
    const newer = lists.setRows(list, [row(3)]);
    late.settle([row(1)]);
    expect(lists.fill(list, older, [row(1)])).toBe(false);
    expect(list.rows).toEqual([row(3)]);
    expect(lists.at(PLACE, 7, newer)).toBe(list);
    // The older version's rows are still those it named, for a computation asked on it.
    expect(await lists.rowsAt(7, older)).toEqual([row(1)]);
  });

  it('answers nothing of rows that arrive after a sign-out', async () => {
    const lists = new EventLists();
    const list = lists.take(PLACE, 7);
    const { rows, settle } = arriving();
    const version = lists.reserve(list, rows);
    const asked = Promise.all([lists.rowsAt(7, version), lists.registrationAt(PLACE, 7, version, 1)]);
    lists.forget(null);
    settle([row(1)]);
    expect(await asked).toEqual([null, null]);
  });
});
