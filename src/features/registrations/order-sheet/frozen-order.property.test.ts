import fc from 'fast-check';
import { changesSince, freezeOrder, parseFrozenOrder } from './frozen-order';
import type { OrderSheet } from './order-sheet';

const sheet = (sizes: string[], counted: number[], toOrder = counted): OrderSheet => ({
  sizes,
  groups: [],
  counted,
  toOrder,
  total: counted.reduce((a, b) => a + b, 0),
  totalToOrder: toOrder.reduce((a, b) => a + b, 0),
  unread: [],
});

describe('a frozen order', () => {
  it('reads back what was frozen, and never throws on anything else', () => {
    const frozen = freezeOrder(
      4,
      { statuses: ['paid'], grouping: 'type', margin: 5 },
      sheet(['=SIZE:M', '=SIZE:L'], [10, 4], [11, 5]),
      new Date(2026, 10, 1),
    );
    expect(parseFrozenOrder(JSON.parse(JSON.stringify(frozen)))).toEqual(frozen);
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => parseFrozenOrder(value)).not.toThrow();
      }),
    );
    expect(parseFrozenOrder({ ...frozen, sizes: ['M', 'L'] })).toBeNull();
    expect(parseFrozenOrder({ ...frozen, counted: [10] })).toBeNull();
    expect(parseFrozenOrder({ ...frozen, choice: { ...frozen.choice, margin: -3 } })).toBeNull();
  });

  it('says what moved per size and tops up what is missing, with the margin of the order', () => {
    const frozen = freezeOrder(
      4,
      { statuses: null, grouping: 'none', margin: 10 },
      sheet(['=SIZE:M', '=SIZE:L'], [10, 4], [11, 5]),
      new Date(),
    );
    const now = sheet(['=SIZE:S', '=SIZE:M', '=SIZE:L'], [2, 13, 2]);
    expect(changesSince(frozen, now)).toEqual([
      { size: '=SIZE:S', then: 0, now: 2, topUp: 3 },
      { size: '=SIZE:M', then: 10, now: 13, topUp: 4 },
      // Fewer than ordered: nothing to top up, and nothing taken back.
      { size: '=SIZE:L', then: 4, now: 2, topUp: 0 },
    ]);
  });

  it('the changes add up to a recount: now minus then, size by size', () => {
    const size = fc.constantFrom('=SIZE:S', '=SIZE:M', '=SIZE:L', '=SIZE:XL');
    const counts = fc.dictionary(size, fc.nat(500));
    fc.assert(
      fc.property(counts, counts, fc.integer({ min: 0, max: 50 }), (before, after, margin) => {
        const asSheet = (entries: Record<string, number>) =>
          sheet(Object.keys(entries), Object.values(entries));
        const frozen = freezeOrder(
          1,
          { statuses: null, grouping: 'none', margin },
          asSheet(before),
          new Date(),
        );
        const changes = changesSince(frozen, asSheet(after));
        for (const change of changes) {
          expect(change.now).toBe(after[change.size] ?? 0);
          expect(change.then).toBe(before[change.size] ?? 0);
          expect(change.topUp).toBeGreaterThanOrEqual(0);
        }
        const sizes = new Set([...Object.keys(before), ...Object.keys(after)]);
        expect(changes.map((change) => change.size).sort()).toEqual([...sizes].sort());
      }),
    );
  });
});
