import type { Registration } from '@/engine/api/registration-schemas';
import { fullName } from '@/engine/api/full-name';
import { RowBuilder } from './registration-rows';
import fc from 'fast-check';
import { sortInSteps, sortRows } from './sort-rows';

const person = (id: number, last: string): Registration => ({
  registration_id: id,
  event_id: 1,
  first_name: null,
  last_name: last,
  email: null,
  category_id: null,
  order_id: null,
  payment_status: null,
  custom_questions: [],
});

const rows = new RowBuilder({ category: String, status: String, person: fullName }).build([
  person(4, 'Zoë'),
  person(2, 'émile'),
  person(3, 'Emile'),
  person(1, 'Ångström'),
]);
const ids = (sorted: readonly { id: number }[]) => sorted.map((row) => row.id);

describe('sortRows', () => {
  it('sorts ignoring case and accents, ties by id', () => {
    expect(ids(sortRows(rows, { id: 'last_name', desc: false }))).toEqual([1, 2, 3, 4]);
  });

  it('reverses for descending and sorts ids as numbers', () => {
    expect(ids(sortRows(rows, { id: 'last_name', desc: true }))).toEqual([4, 3, 2, 1]);
    expect(ids(sortRows(rows, { id: 'registration_id', desc: false }))).toEqual([1, 2, 3, 4]);
  });

  it('keeps the given order without a sort, and never reorders its input', () => {
    expect(sortRows(rows, null)).toBe(rows);
    sortRows(rows, { id: 'last_name', desc: true });
    expect(ids(rows)).toEqual([4, 2, 3, 1]);
  });
});

describe('sorting in steps (idle time)', () => {
  const build = (names: readonly string[]) =>
    new RowBuilder({ category: String, status: String, person: fullName }).build(
      names.map((name, i) => person(((i * 7919) % names.length) + 1, name)),
    );
  const stepped = (rows: ReturnType<typeof build>, columnId: string, stepRows: number) => {
    const sorting = sortInSteps(rows, columnId, stepRows);
    let steps = 0;
    while (!sorting.step()) steps++;
    return { order: sortRows(rows, { id: columnId, desc: false }).map((row) => row.id), steps };
  };

  it('gives exactly the order of a one-go sort, ties by id, whatever the runs and merges', () => {
    const name = fc.constantFrom('Émile', 'emile', 'Zoë', 'zoe', 'Ångström', '', 'Øyvind', 'b', 'B ', 'a');
    fc.assert(
      fc.property(fc.array(name, { maxLength: 60 }), fc.integer({ min: 1, max: 8 }), (names, stepRows) => {
        const expected = sortRows(build(names), { id: 'last_name', desc: false }).map((row) => row.id);
        expect(stepped(build(names), 'last_name', stepRows).order).toEqual(expected);
        const byId = sortRows(build(names), { id: 'registration_id', desc: false }).map((row) => row.id);
        expect(stepped(build(names), 'registration_id', stepRows).order).toEqual(byId);
      }),
    );
  });

  it('takes many short steps for a big list', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `Nom ${(i * 31) % 997}`);
    const expected = sortRows(build(names), { id: 'last_name', desc: false }).map((row) => row.id);
    const { order, steps } = stepped(build(names), 'last_name', 4096);
    expect(order).toEqual(expected);
    expect(steps).toBeGreaterThanOrEqual(8);
  });
});
