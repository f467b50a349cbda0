import fc from 'fast-check';
import i18n from '@/i18n';
import '@/features/registrations/i18n';
import type { Category } from '@/engine/api/event-schemas';
import { paymentStatusKey } from '@/engine/api/payment-status';
import type { Registration } from '@/engine/api/registration-schemas';
import { questionInsights } from '@/engine/figures/question-insights';
import { cleanKey } from '@/lib/clean-answers/clean-answers';
import { readGarmentSize } from '@/lib/clean-answers/garment-sizes';
import { registrationLabels } from '@/features/registrations/rows/registration-labels';
import { changesSince, freezeOrder, parseFrozenOrder, sinceOrder } from './frozen-order';
import { countsStatus, orderSheet, type OrderChoice, type OrderSheet } from './order-sheet';

const sheet = (sizes: string[], counted: number[], toOrder = counted): OrderSheet => ({
  sizes,
  groups: [],
  counted,
  toOrder,
  total: counted.reduce((a, b) => a + b, 0),
  totalToOrder: toOrder.reduce((a, b) => a + b, 0),
  unread: [],
  answeredByStatus: {},
});

describe('a frozen order', () => {
  it('reads back what was frozen, and never throws on anything else', () => {
    const frozen = freezeOrder(
      4,
      { statuses: ['paid'], grouping: 'type', margin: 5 },
      { ...sheet(['=SIZE:M', '=SIZE:L'], [10, 4], [11, 5]), answeredByStatus: { paid: 12, cancelled: 2 } },
      new Date(2026, 10, 1),
    );
    expect(parseFrozenOrder(JSON.parse(JSON.stringify(frozen)))).toEqual(frozen);
    // An order frozen before the counts per status were kept still reads, without them.
    const { answeredByStatus, ...older } = frozen;
    expect(answeredByStatus).toEqual({ paid: 12, cancelled: 2 });
    expect(parseFrozenOrder(older)).toEqual(older);
    expect(parseFrozenOrder({ ...frozen, answeredByStatus: { paid: -1 } })).toBeNull();
    // The groups the promoter named come back with the order; damaged names void it.
    const named = {
      ...frozen,
      choice: { ...frozen.choice, grouping: 'named', names: { 1: 'Adults', none: '' } },
    };
    expect(parseFrozenOrder(JSON.parse(JSON.stringify(named)))).toEqual(named);
    expect(parseFrozenOrder({ ...named, choice: { ...named.choice, names: { x: 'Adults' } } })).toBeNull();
    expect(parseFrozenOrder({ ...named, choice: { ...named.choice, names: { 1: 7 } } })).toBeNull();
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

const CATEGORIES = [
  {
    category_id: 1,
    epr_nom_fr: 'Marathon',
    epr_nom_en: 'Marathon',
    epr_type_fr: 'Course',
    epr_type_en: 'Race',
  },
  { category_id: 2, epr_nom_fr: 'Marche', epr_nom_en: 'Walk', epr_type_fr: 'Marche', epr_type_en: 'Walk' },
] as Category[];
const labels = registrationLabels(i18n, 'en', CATEGORIES);
const KEPT_STATUSES = ['paid', 'Paid ', 'pending', 'on hold', null] as const;
const LEFT_OUT = ['cancelled', 'refunded'] as const;
const typedSize = fc.constantFrom('XL', 'tg', 'Extra large', 'M', 'Moyen', 'S ', 'petit', 'L', 'M/L', '38');
const person = fc.record({
  size: typedSize,
  category: fc.constantFrom(1, 2, null),
  status: fc.constantFrom(...KEPT_STATUSES, ...LEFT_OUT),
});
const choice: fc.Arbitrary<OrderChoice> = fc.record({
  statuses: fc.option(fc.subarray(['paid', 'pending', 'on hold', 'cancelled', '']), { nil: null }),
  grouping: fc.constantFrom('category', 'type', 'none'),
  margin: fc.integer({ min: 0, max: 30 }),
});

type Person = typeof person extends fc.Arbitrary<infer T> ? T : never;

const registration = (id: number, { size, category, status }: Person): Registration => ({
  registration_id: id,
  event_id: 1,
  first_name: 'Anne',
  last_name: 'Roy',
  email: null,
  category_id: category,
  order_id: null,
  payment_status: status,
  custom_questions: [
    { que_id: 8, que_question_fr: 'Taille du t-shirt', que_question_en: null, reponse: size },
  ],
});

/** The sheet of the size question, or null when the list is too small to be read as sizes. */
function sheetOf(registrations: readonly Registration[], chosen: OrderChoice): OrderSheet | null {
  const [question] = questionInsights(registrations, { byCategory: true });
  return question?.reading === 'SIZE' ? orderSheet(question, labels, chosen) : null;
}

/** Registrations of the counted statuses that gave this size, counted one by one. */
const recount = (registrations: readonly Registration[], chosen: OrderChoice, size: string) =>
  registrations.filter(
    (r) =>
      countsStatus(chosen, r.payment_status ?? '') &&
      cleanKey('SIZE', readGarmentSize(r.custom_questions[0]?.reponse ?? '') ?? '-') === size,
  ).length;

describe('an order frozen, then a sync', () => {
  it('says what moved per size, how many came and how many were cancelled, as a recount finds', () => {
    fc.assert(
      fc.property(
        fc.array(person, { minLength: 8, maxLength: 60 }),
        fc.array(
          person.map((p) => ({ ...p, status: 'paid' as const })),
          { maxLength: 20 },
        ),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(fc.tuple(fc.nat(), typedSize), { maxLength: 10 }),
        choice,
        (before, added, cancelAt, changeAt, chosen) => {
          const then = before.map((fields, i) => registration(i + 1, fields));
          const frozenSheet = sheetOf(then, chosen);
          if (!frozenSheet) return;
          const frozen = freezeOrder(8, chosen, frozenSheet, new Date());
          // The sync: some change their size, some cancel, some register late.
          const now = then.map((r) => ({ ...r }));
          for (const [at, size] of changeAt) {
            const r = now[at % now.length]!;
            now[at % now.length] = { ...r, custom_questions: [{ ...r.custom_questions[0]!, reponse: size }] };
          }
          const cancelled = new Set<number>();
          for (const at of cancelAt) {
            const r = now[at % now.length]!;
            if (LEFT_OUT.some((status) => status === paymentStatusKey(r.payment_status ?? ''))) continue;
            now[at % now.length] = { ...r, payment_status: 'cancelled' };
            cancelled.add(r.registration_id);
          }
          now.push(...added.map((fields, i) => registration(1000 + i, fields)));
          const nowSheet = sheetOf(now, chosen);
          if (!nowSheet) return;

          const changes = changesSince(frozen, nowSheet);
          for (const change of changes) {
            expect(change.then).toBe(recount(then, chosen, change.size));
            expect(change.now).toBe(recount(now, chosen, change.size));
          }
          // Every size anyone of the counted statuses gave, then or now, is listed.
          const given = (list: readonly Registration[]) =>
            frozenSheet.sizes.concat(nowSheet.sizes).filter((size) => recount(list, chosen, size) > 0);
          expect(changes.map((change) => change.size)).toEqual(
            expect.arrayContaining([...given(then), ...given(now)]),
          );
          expect(sinceOrder(frozen, nowSheet)).toEqual({
            registered: added.length,
            cancelled: cancelled.size,
          });
        },
      ),
    );
  });
});
