import type { Registration } from '@/engine/api/registration-schemas';
import { fullName } from '@/engine/api/full-name';
import { cellText, RowBuilder } from './registration-rows';
import { isSorted, sortRows } from './sort-rows';
import { warmRows } from './warm-rows';

const registrations: Registration[] = Array.from({ length: 2500 }, (_, i) => ({
  registration_id: i + 1,
  event_id: 1,
  first_name: `Prénom ${i}`,
  last_name: `Nom ${(i * 7919) % 2500}`,
  email: `p${i}@example.org`,
  category_id: null,
  order_id: `ORD-${i}`,
  payment_status: 'paid',
  custom_questions: [],
}));
const build = () =>
  new RowBuilder({ category: String, status: String, person: fullName }).build(registrations);
const columns = ['first_name', 'last_name', 'email'];

describe('warming rows in idle time', () => {
  afterEach(() => vi.useRealTimers());

  it('prepares every row’s search text, then every visible column’s order, and then stops', async () => {
    vi.useFakeTimers();
    const rows = build();
    warmRows(rows, columns);
    await vi.runAllTimersAsync();
    expect(rows.every((row) => row.searchColumns !== null)).toBe(true);
    for (const column of columns) expect(isSorted(rows, column)).toBe(true);
    // The orders are ready: sorting by a warmed column sorts nothing more.
    const sort = vi.spyOn(Array.prototype, 'sort');
    const byLastName = sortRows(rows, { id: 'last_name', desc: true });
    expect(sort).not.toHaveBeenCalled();
    sort.mockRestore();
    expect(byLastName.map((row) => row.id)).toEqual(
      [...rows]
        .sort((a, b) =>
          cellText(a, 'last_name') < cellText(b, 'last_name')
            ? 1
            : cellText(a, 'last_name') > cellText(b, 'last_name')
              ? -1
              : b.id - a.id,
        )
        .map((row) => row.id),
    );
  });

  it('does nothing once stopped (the screen left, or the rows changed)', async () => {
    vi.useFakeTimers();
    const rows = build();
    const stop = warmRows(rows, columns);
    stop();
    await vi.runAllTimersAsync();
    expect(rows.every((row) => row.searchColumns === null)).toBe(true);
  });
});
