import fc from 'fast-check';
import { CHECK_IDS } from '@/engine/figures/checks/check-kinds';
import { anyText, brokenListItem, junkQuery, urlJunk } from '../../../../test/url-arbitraries';
import { CHANGE_KINDS } from '@/engine/history/changes-since';
import {
  answerFilter,
  changeScope,
  DEFAULT_REGISTRATIONS_VIEW,
  EDITION_KINDS,
  isCategoryKey,
  readRegistrationsView,
  writeRegistrationsView,
  type RegistrationsView,
} from './registrations-view';

const PARAMS = {
  q: 'q',
  categories: 'cat',
  statuses: 'status',
  excludedCategories: 'notcat',
  excludedStatuses: 'notstatus',
  answers: 'ans',
  sort: 'sort',
  hidden: 'hide',
  changes: 'since',
  order: 'order',
  edition: 'edition',
  check: 'check',
  open: 'open',
} as const satisfies Record<keyof RegistrationsView, string>;
/** The parameters that refine `since`, and the other edition beside `edition`. */
const CHANGE_REFINERS = ['change', 'from', 'vs'];
const FIELDS = Object.keys(PARAMS) as (keyof RegistrationsView)[];
const LIST_FIELDS = [
  'categories',
  'statuses',
  'excludedCategories',
  'excludedStatuses',
  'answers',
  'hidden',
] as const;

const columnId = anyText({ minLength: 1 }).filter((id) => !id.startsWith('-'));

/** A category as the rows key it: '' (no category) or an id. */
const categoryKey = fc.oneof(
  fc.constant(''),
  fc.integer().map(String),
  fc.double({ noNaN: true }).map(String),
);

const validView: fc.Arbitrary<RegistrationsView> = fc.record({
  q: anyText(),
  categories: fc.array(categoryKey, { maxLength: 4 }),
  statuses: fc.array(anyText(), { maxLength: 4 }),
  excludedCategories: fc.array(categoryKey, { maxLength: 4 }),
  excludedStatuses: fc.array(anyText(), { maxLength: 4 }),
  answers: fc.array(
    fc
      .tuple(fc.integer({ min: 0, max: 999_999_999_999_999 }), anyText())
      .map(([queId, key]) => answerFilter(queId, key)),
    { maxLength: 4 },
  ),
  sort: fc.option(fc.record({ id: columnId, desc: fc.boolean() }), { nil: null }),
  hidden: fc.array(columnId, { maxLength: 4 }),
  changes: fc.option(
    fc
      .tuple(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) - 1 }),
        fc.constantFrom(...CHANGE_KINDS),
        fc.option(anyText(), { nil: undefined }),
      )
      .map(([since, kind, from]) => changeScope(since, kind, from)),
    { nil: null },
  ),
  order: anyText(),
  edition: fc.option(
    fc.record({
      kind: fc.constantFrom(...EDITION_KINDS),
      vs: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    }),
    { nil: null },
  ),
  check: fc.option(fc.constantFrom(...CHECK_IDS), { nil: null }),
  open: fc.option(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { nil: null }),
});

/** The list's items, each valid for it (an answer filter must name a question). */
const validItem: Record<(typeof LIST_FIELDS)[number], fc.Arbitrary<string>> = {
  categories: categoryKey,
  statuses: anyText(),
  excludedCategories: categoryKey,
  excludedStatuses: anyText(),
  answers: fc.tuple(fc.nat(), anyText()).map(([queId, key]) => answerFilter(queId, key)),
  hidden: columnId,
};

function expectWellFormed(view: RegistrationsView) {
  expect(Object.keys(view).sort()).toEqual([...FIELDS].sort());
  expect(typeof view.q).toBe('string');
  for (const field of LIST_FIELDS) {
    expect(Array.isArray(view[field])).toBe(true);
    for (const item of view[field]) expect(item.isWellFormed()).toBe(true);
  }
  for (const answer of view.answers) expect(answer).toMatch(/^\d{1,15}:/);
  for (const key of [...view.categories, ...view.excludedCategories]) expect(isCategoryKey(key)).toBe(true);
  if (view.changes !== null) {
    expect(Number.isFinite(view.changes.since)).toBe(true);
    expect(CHANGE_KINDS).toContain(view.changes.kind);
    if (view.changes.kind !== 'status') expect(view.changes).not.toHaveProperty('from');
  }
  for (const id of view.hidden) expect(id).not.toBe('');
  expect(typeof view.order).toBe('string');
  if (view.open !== null) expect(Number.isSafeInteger(view.open) && view.open > 0).toBe(true);
  if (view.edition !== null) {
    expect(EDITION_KINDS).toContain(view.edition.kind);
    expect(Number.isSafeInteger(view.edition.vs) && view.edition.vs > 0).toBe(true);
  }
  if (view.sort !== null) {
    expect(Object.keys(view.sort).sort()).toEqual(['desc', 'id']);
    expect(view.sort.id).not.toBe('');
    expect(view.sort.id.startsWith('-')).toBe(false);
    expect(typeof view.sort.desc).toBe('boolean');
  }
}

describe('registrations view in the URL, for any link', () => {
  it('reads any query string without throwing, as a well-formed view it can write back', () => {
    fc.assert(
      fc.property(junkQuery([...Object.values(PARAMS), ...CHANGE_REFINERS]), (query) => {
        const view = readRegistrationsView(new URLSearchParams(query));
        expectWellFormed(view);
        expect(readRegistrationsView(writeRegistrationsView(view))).toEqual(view);
      }),
    );
  });

  it.each(FIELDS)('reads any value of %s without throwing, and keeps the other parameters', (field) => {
    fc.assert(
      fc.property(validView, urlJunk, (view, junk) => {
        const params = writeRegistrationsView(view);
        params.set(PARAMS[field], junk);
        const read = readRegistrationsView(params);
        expectWellFormed(read);
        expect({ ...read, [field]: view[field] }).toEqual(view);
      }),
    );
  });

  it.each(LIST_FIELDS)('drops a broken item of %s and keeps its other items', (field) => {
    fc.assert(
      fc.property(
        fc.array(validItem[field], { maxLength: 4 }),
        brokenListItem,
        fc.nat(),
        (items, broken, at) => {
          expect(() => decodeURIComponent(broken)).toThrow(URIError);
          const encoded = items.map(encodeURIComponent);
          encoded.splice(at % (items.length + 1), 0, broken);
          const params = new URLSearchParams();
          params.set(PARAMS[field], encoded.join(','));
          expect(readRegistrationsView(params)[field]).toEqual(items);
        },
      ),
    );
  });

  it('reads back every valid view it writes, whatever a repeated parameter adds', () => {
    fc.assert(
      fc.property(validView, fc.constantFrom(...Object.values(PARAMS)), urlJunk, (view, name, junk) => {
        expect(readRegistrationsView(writeRegistrationsView(view))).toEqual(view);
        const params = writeRegistrationsView(view);
        if (params.has(name)) {
          params.append(name, junk);
          expect(readRegistrationsView(params)).toEqual(view);
        }
      }),
    );
  });

  it('writes text with a lone surrogate (the API may send one) without throwing', () => {
    const view = { ...DEFAULT_REGISTRATIONS_VIEW, q: 'a\uD800', statuses: ['\uDFFFpaid'] };
    expect(readRegistrationsView(writeRegistrationsView(view))).toEqual({
      ...view,
      q: 'a\uFFFD',
      statuses: ['\uFFFDpaid'],
    });
  });

  it('reads the junk of the bug reports, and a sort or answer it cannot use, as no filter', () => {
    for (const query of [
      'cat=%25E0',
      'status=%ZZ',
      'hide=%25',
      'sort=-',
      'sort=--x',
      'ans=abc,:x,-1:x,1e3:x',
      'since=yesterday',
      'since=2026-11-21',
      'since=1999-12-31T23:00:00Z',
      'since=2026-13-45T99:99Z',
      'change=new&from=paid',
      'edition=returning',
      'vs=1002',
      'edition=lapsed&vs=0',
      'edition=lapsed&vs=-3',
      'edition=lapsed&vs=1e3',
      'edition=gone&vs=1002',
      'edition=NEW&vs=1002',
    ]) {
      expect(readRegistrationsView(new URLSearchParams(query))).toEqual(DEFAULT_REGISTRATIONS_VIEW);
    }
  });

  it('reads a huge link at once, and at most 1,000 items of a list', () => {
    const huge = (piece: string) => piece.repeat(Math.ceil(1_000_000 / piece.length));
    const params = new URLSearchParams();
    params.set('q', huge('a'));
    params.set('cat', huge('%E0,1,'));
    params.set('status', huge('%,'));
    params.set('notcat', huge('%ZZ,2,'));
    params.set('notstatus', huge('%E0,'));
    params.set('ans', huge('1:x,'));
    params.set('sort', huge('-'));
    params.set('hide', huge('%ZZ,'));
    // Capped: without it, a million malformed items would each be decoded and thrown on.
    const view = readRegistrationsView(params);
    expect(view.q).toHaveLength(1_000_000);
    expect(view.categories).toEqual(Array(500).fill('1'));
    expect(view.statuses).toEqual([]);
    expect(view.excludedCategories).toEqual(Array(500).fill('2'));
    expect(view.excludedStatuses).toEqual([]);
    expect(view.answers).toHaveLength(1000);
    expect(view.sort).toBeNull();
    expect(view.hidden).toEqual([]);
  });
});
