import type { Registration } from '../api/schemas';
import { fullName } from './registration-labels';
import { RowBuilder } from './registration-rows';
import { sortRows } from './sort-rows';

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
