import fc from 'fast-check';
import i18n from '@/i18n';
import '@/features/registrations/i18n';
import type { Category } from '@/engine/api/event-schemas';
import type { Registration } from '@/engine/api/registration-schemas';
import { questionInsights } from '@/engine/figures/question-insights';
import { filterRows } from '@/features/registrations/rows/filter-rows';
import { FIXED_COLUMN_IDS, registrationLabels } from '@/features/registrations/rows/registration-labels';
import { cellText, RowBuilder } from '@/features/registrations/rows/registration-rows';
import { answerFilter } from '@/features/registrations/rows/registrations-view';
import type { EventCorrections } from '@/lib/clean-answers/clean-answers';
import { orderSheet, withMargin, type OrderChoice } from './order-sheet';

const CATEGORIES: Category[] = [
  {
    category_id: 1,
    epr_nom_fr: 'Marathon',
    epr_nom_en: 'Marathon',
    epr_type_fr: 'Course',
    epr_type_en: 'Race',
  },
  { category_id: 2, epr_nom_fr: '10 km', epr_nom_en: '10 km', epr_type_fr: 'Course', epr_type_en: 'Race' },
  { category_id: 3, epr_nom_fr: 'Marche', epr_nom_en: 'Walk', epr_type_fr: 'Marche', epr_type_en: 'Walk' },
] as Category[];
const STATUSES = ['paid', 'Paid ', 'pending', 'cancelled', 'refunded', 'on hold', null] as const;
const labels = registrationLabels(i18n, 'en', CATEGORIES);

const typedSize = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom('XL', 'tg', 'Extra large', 'M', 'Moyen', 'S', 'petit', 'L ', '6 ans', 'TU'),
  },
  { weight: 1, arbitrary: fc.constantFrom('M/L', '38', '', 'je sais pas') },
);
const entry = fc.record({
  size: fc.option(typedSize, { nil: null }),
  category: fc.constantFrom(1, 2, 3, null, 99),
  status: fc.constantFrom(...STATUSES),
});
const choice: fc.Arbitrary<OrderChoice> = fc.record({
  statuses: fc.option(fc.subarray(['paid', 'pending', 'cancelled', 'refunded', 'on hold', '']), {
    nil: null,
  }),
  grouping: fc.constantFrom('category', 'type', 'named', 'none'),
  margin: fc.integer({ min: 0, max: 30 }),
  // Names that fold together ("A", "a "), and blank ones: the category stands alone.
  names: fc.dictionary(
    fc.constantFrom('1', '2', '3', '99', 'none'),
    fc.constantFrom('A', 'a ', 'Ä', 'B', '', ' '),
  ),
});

/** A promoter's corrections: typed sizes read as another size, or as typed. */
const corrections: fc.Arbitrary<EventCorrections> = fc.oneof(
  fc.constant({}),
  fc
    .dictionary(
      fc.constantFrom('xl', 'tg', 'moyen', 'm/l', '38', 'petit'),
      fc.constantFrom('S', 'M', 'L', 'XL', ''),
    )
    .map((answers) => ({ 8: answers })),
);

type Entry = typeof entry extends fc.Arbitrary<infer T> ? T : never;

function registration(id: number, { size, category, status }: Entry) {
  return {
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
  } satisfies Registration;
}

describe('the order sheet', () => {
  it('counts per size what the table shows for that size, status and category, and totals add up, with or without corrections', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 70 }),
        choice,
        corrections,
        (entries, chosen, corrected) => {
          const registrations = entries.map((fields, i) => registration(i + 1, fields));
          const [question] = questionInsights(registrations, { byCategory: true, corrections: corrected });
          if (question?.reading !== 'SIZE') return;
          const sheet = orderSheet(question, labels, chosen);
          const rows = new RowBuilder(labels).build(registrations);
          const counted = (row: (typeof rows)[number]) =>
            chosen.statuses === null
              ? !['cancelled', 'refunded'].includes(row.statusKey)
              : chosen.statuses.includes(row.statusKey);
          // The table filtered to one size: its counted rows, by group.
          sheet.sizes.forEach((size, at) => {
            const shown = filterRows(
              rows,
              {
                q: '',
                categories: [],
                statuses: [],
                answers: [answerFilter(8, size)],
                corrections: corrected,
              },
              [...FIXED_COLUMN_IDS, 'q:8'],
            ).rows.filter(counted);
            expect(sheet.counted[at]).toBe(shown.length);
            expect(sheet.toOrder[at]).toBe(withMargin(shown.length, chosen.margin));
            if (chosen.grouping === 'category') {
              for (const group of sheet.groups) {
                const inGroup = shown.filter((row) => (row.categoryKey || 'none') === group.id);
                expect(group.counts[at]).toBe(inGroup.length);
              }
            }
            if (chosen.grouping === 'named') {
              // A named group holds every category given a name that folds to its own.
              const nameOf = (row: (typeof rows)[number]) =>
                chosen.names?.[row.categoryKey || 'none']
                  ?.trim()
                  .toLowerCase()
                  .normalize('NFD')
                  .replace(/\p{M}/gu, '');
              for (const group of sheet.groups.filter((g) => g.id.startsWith('named:'))) {
                const inGroup = shown.filter((row) => nameOf(row) === group.id.slice('named:'.length));
                expect(group.counts[at]).toBe(inGroup.length);
              }
            }
          });
          // Every counted answer is either ordered or listed as unread: none is lost.
          const answeredAndCounted = rows.filter((row) => counted(row) && cellText(row, 'q:8').trim() !== '');
          const unread = sheet.unread.reduce((sum, answer) => sum + answer.count, 0);
          expect(sheet.total + unread).toBe(answeredAndCounted.length);
          expect(sheet.groups.reduce((sum, group) => sum + group.total, 0)).toBe(sheet.total);
          expect(sheet.totalToOrder).toBe(sheet.toOrder.reduce((sum, count) => sum + count, 0));
        },
      ),
    );
  });

  it('rounds the margin up per size: 10 at 5% is 11, 20 at 5% is 21, 0 stays 0', () => {
    expect([withMargin(10, 5), withMargin(20, 5), withMargin(0, 10), withMargin(7, 0)]).toEqual([
      11, 21, 0, 7,
    ]);
  });
});
