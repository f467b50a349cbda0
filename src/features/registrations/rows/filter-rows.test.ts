import type { Registration } from '@/engine/api/registration-schemas';
import { filterRows } from './filter-rows';
import { fullName } from '@/engine/api/full-name';
import { FIXED_COLUMN_IDS } from './registration-labels';
import { RowBuilder } from './registration-rows';

function registration(
  id: number,
  first: string,
  category: number | null,
  status: string | null,
): Registration {
  return {
    registration_id: id,
    event_id: 1,
    first_name: first,
    last_name: 'Dupont',
    email: `${id}@example.org`,
    category_id: category,
    order_id: `ORD-${id}`,
    payment_status: status,
    custom_questions: [
      {
        que_id: 9,
        que_question_fr: 'Club',
        que_question_en: 'Club',
        reponse: id === 3 ? 'Stade Genève' : null,
      },
    ],
  };
}

// Labels easy to tell from the raw values (the real ones: registration-labels.test.tsx).
const labels = {
  category: (id: number | null | undefined) => String(id ?? ''),
  status: (status: string | null | undefined) => (status ?? '').toUpperCase(),
  person: fullName,
};
const rows = new RowBuilder(labels).build([
  registration(1, 'Émilie', 10, 'paid'),
  registration(2, 'Zoë', 20, 'pending'),
  registration(3, 'Marc', 10, 'pending'),
  registration(4, 'Léa', null, null),
]);
const ALL = [...FIXED_COLUMN_IDS, 'q:9'];
const ids = (result: ReturnType<typeof filterRows>) => result.rows.map((row) => row.id);

describe('filterRows', () => {
  it('searches all visible columns, every word, ignoring case and accents', () => {
    expect(ids(filterRows(rows, { q: 'EMILIE', categories: [], statuses: [] }, ALL))).toEqual([1]);
    expect(ids(filterRows(rows, { q: 'geneve dupont', categories: [], statuses: [] }, ALL))).toEqual([3]);
    expect(ids(filterRows(rows, { q: 'pending zoe', categories: [], statuses: [] }, ALL))).toEqual([2]);
  });

  it('finds a phone number in an answer however its digits are spaced or punctuated', () => {
    const phones = new RowBuilder(labels).build(
      ['06 12 34 56 78', '+41 79.123.45.67', 'Anne – 418-555-0142'].map((reponse, i) => ({
        ...registration(i + 1, 'Anne', 10, 'paid'),
        custom_questions: [{ que_id: 9, que_question_fr: 'Urgence', que_question_en: 'Emergency', reponse }],
      })),
    );
    const search = (q: string) => ids(filterRows(phones, { q, categories: [], statuses: [] }, ALL));
    expect(search('0612345678')).toEqual([1]);
    expect(search('06.12.34')).toEqual([1]);
    expect(search('79 123 45 67')).toEqual([2]);
    expect(search('4185550142')).toEqual([3]);
  });

  it('finds a phone under its national and international forms, and one written with brackets', () => {
    const phones = new RowBuilder(labels).build(
      ['+33 6 12 34 56 78', '(418) 555-0123', '+41 79 123 45 67'].map((reponse, i) => ({
        ...registration(i + 1, 'Anne', 10, 'paid'),
        custom_questions: [{ que_id: 9, que_question_fr: 'Urgence', que_question_en: 'Emergency', reponse }],
      })),
    );
    const search = (q: string) => ids(filterRows(phones, { q, categories: [], statuses: [] }, ALL));
    expect(search('0612345678')).toEqual([1]);
    expect(search('+33612345678')).toEqual([1]);
    expect(search('4185550123')).toEqual([2]);
    expect(search('0791234567')).toEqual([3]);
  });

  it('does not search hidden columns', () => {
    const withoutClub = ALL.filter((id) => id !== 'q:9');
    expect(ids(filterRows(rows, { q: 'geneve', categories: [], statuses: [] }, withoutClub))).toEqual([]);
  });

  it('combines category and status filters, with rows lacking either selectable as ""', () => {
    expect(ids(filterRows(rows, { q: '', categories: ['10'], statuses: ['pending'] }, ALL))).toEqual([3]);
    expect(ids(filterRows(rows, { q: '', categories: [''], statuses: [''] }, ALL))).toEqual([4]);
  });

  it('counts each facet value under the other facet and the search', () => {
    const result = filterRows(rows, { q: '', categories: ['10'], statuses: [] }, ALL);
    expect(Object.fromEntries(result.statusCounts)).toEqual({ paid: 1, pending: 1 });
    // Category counts ignore the category filter itself, so other categories stay choosable.
    expect(Object.fromEntries(result.categoryCounts)).toEqual({ '10': 2, '20': 1, '': 1 });
  });
});

describe('everyone except (excluded facet values)', () => {
  const none = { q: '', categories: [], statuses: [] };

  it('leaves out the excluded values and keeps every other one, with or without a status', () => {
    expect(ids(filterRows(rows, { ...none, excludedStatuses: ['pending'] }, ALL))).toEqual([1, 4]);
    expect(ids(filterRows(rows, { ...none, excludedStatuses: [''] }, ALL))).toEqual([1, 2, 3]);
    expect(ids(filterRows(rows, { ...none, excludedCategories: ['10', ''] }, ALL))).toEqual([2]);
  });

  it('keeps a status first seen later on the right side: "not cancelled" keeps a new status', () => {
    const later = new RowBuilder(labels).build([
      registration(1, 'Émilie', 10, 'paid'),
      registration(2, 'Zoë', 10, 'cancelled'),
      registration(3, 'Marc', 10, 'waitlist'),
    ]);
    expect(ids(filterRows(later, { ...none, excludedStatuses: ['cancelled'] }, ALL))).toEqual([1, 3]);
  });

  it('combines exclusions with the search, the chosen values and the other facet', () => {
    // Dupont is everyone's last name: the search keeps all four, the filters do the rest.
    const filters = { q: 'dupont', categories: ['10', '20'], statuses: [], excludedStatuses: ['paid'] };
    expect(ids(filterRows(rows, filters, ALL))).toEqual([2, 3]);
    expect(ids(filterRows(rows, { ...filters, q: 'zoe' }, ALL))).toEqual([2]);
    // Chosen and excluded at once (a hand-made link): excluded.
    expect(ids(filterRows(rows, { ...none, categories: ['10'], excludedCategories: ['10'] }, ALL))).toEqual(
      [],
    );
  });

  it('counts each value under the other facet’s exclusions, and an excluded value’s own rows', () => {
    const result = filterRows(
      rows,
      { ...none, excludedStatuses: ['pending'], excludedCategories: ['20'] },
      ALL,
    );
    // Statuses under "not category 20": 1 paid, 1 pending (3), 1 none; pending still shows its 1.
    expect(Object.fromEntries(result.statusCounts)).toEqual({ paid: 1, pending: 1, '': 1 });
    // Categories under "not pending": 10 has 1 (paid), '' has 1, 20 has none left.
    expect(Object.fromEntries(result.categoryCounts)).toEqual({ '10': 1, '': 1 });
  });
});

describe('typing on from a previous search', () => {
  const many = new RowBuilder(labels).build(
    ['Marc', 'Marie', 'Mario', 'Amar', 'Omar Ba', 'Léa Mar', 'Ma Rie'].map((first, i) =>
      registration(i + 1, first, 10, 'paid'),
    ),
  );
  const columns = ['first_name', 'last_name'];
  const fresh = (q: string) =>
    filterRows([...many], { q, categories: [], statuses: [] }, columns).rows.map((row) => row.id);
  const typed = (q: string) =>
    filterRows(many, { q, categories: [], statuses: [] }, columns).rows.map((row) => row.id);

  it('gives what a fresh search gives, keystroke after keystroke, backspaces and new words included', () => {
    for (const q of [
      'm',
      'ma',
      'mar',
      'mari',
      'mar',
      'ma',
      'ma ',
      'ma r',
      'ma ri',
      'm',
      '',
      'o',
      'om',
      'omar b',
    ]) {
      expect(typed(q), JSON.stringify(q)).toEqual(fresh(q));
    }
  });
});

describe('a list that grows while it loads', () => {
  // What a load's snapshots look like: the same row objects in front, more behind them.
  const registrations = Array.from({ length: 40 }, (_, i) =>
    registration(
      i + 1,
      i % 3 === 0 ? 'Émilie' : 'Marc',
      i % 4 === 0 ? null : 10 + (i % 2) * 10,
      ['paid', 'pending', null][i % 3]!,
    ),
  );
  const builder = new RowBuilder(labels);
  const all = builder.build(registrations);
  const views = [
    { q: '', categories: [], statuses: [] },
    { q: 'emilie', categories: [], statuses: [] },
    { q: '', categories: ['10'], statuses: ['paid'] },
    { q: 'marc', categories: [], statuses: [], excludedStatuses: ['pending'] },
  ];

  it('filters each snapshot as it would filter the whole list afresh, counts included', () => {
    for (const filters of views) {
      for (const size of [5, 5, 17, 30, 40]) {
        const snapshot = all.slice(0, size);
        const grown = filterRows(snapshot, filters, ALL);
        // Rows built again are other objects: a list never filtered before.
        const afresh = filterRows(new RowBuilder(labels).build(registrations.slice(0, size)), filters, ALL);
        expect(ids(grown)).toEqual(ids(afresh));
        expect(grown.categoryCounts).toEqual(afresh.categoryCounts);
        expect(grown.statusCounts).toEqual(afresh.statusCounts);
      }
    }
  });

  it('filters afresh when a row in front changed (a check for changes replaced it)', () => {
    const filters = { q: 'emilie', categories: [], statuses: [] };
    expect(ids(filterRows(all.slice(0, 10), filters, ALL))).toEqual([1, 4, 7, 10]);
    const renamed = builder.build([{ ...registration(4, 'Zoë', 10, 'paid') }]);
    const replaced = [...all.slice(0, 3), renamed[0]!, ...all.slice(4, 12)];
    expect(ids(filterRows(replaced, filters, ALL))).toEqual([1, 7, 10]);
  });
});
