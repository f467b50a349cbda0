import fc from 'fast-check';
import {
  DEFAULT_REGISTRATIONS_VIEW,
  readRegistrationsView,
  type RegistrationsView,
} from './registrations-view';
import {
  MAX_SAVED_VIEWS,
  applicableView,
  namedParts,
  parseSavedViews,
  savedViewSearch,
  savedViewsRecord,
  type SavedView,
} from './saved-views';

const view = (search: string, extra: Partial<SavedView> = {}): SavedView => ({
  id: `id-${search}`,
  name: 'Paid, not the kids',
  search,
  savedAt: Date.UTC(2026, 10, 20),
  names: { categories: {}, columns: {} },
  ...extra,
});

const savedView: fc.Arbitrary<SavedView> = fc.record({
  id: fc.uuid(),
  name: fc.string({ minLength: 1, maxLength: 80 }).filter((name) => name.trim() === name && name !== ''),
  search: fc.string({ maxLength: 200 }),
  savedAt: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  names: fc.record({
    // Keys are category and column ids (an id like `__proto__` is dropped on reading).
    categories: fc.dictionary(fc.stringMatching(/^\d{1,6}$/), fc.string({ maxLength: 30 })),
    columns: fc.dictionary(
      fc.stringMatching(/^(q:\d{1,6}|[a-z][a-z_]{0,14})$/),
      fc.string({ maxLength: 30 }),
    ),
  }),
});

describe('saved views as read back from the device', () => {
  it('never throws, whatever was read back', () => {
    fc.assert(
      fc.property(fc.anything(), fc.array(fc.anything(), { maxLength: 5 }), (value, views) => {
        expect(Array.isArray(parseSavedViews(value))).toBe(true);
        expect(Array.isArray(parseSavedViews({ version: 1, views }))).toBe(true);
      }),
    );
  });

  it('reads back exactly the views it saved, through JSON', () => {
    fc.assert(
      fc.property(fc.uniqueArray(savedView, { selector: (v) => v.id, maxLength: 8 }), (views) => {
        const stored = JSON.parse(JSON.stringify(savedViewsRecord(views))) as unknown;
        expect(parseSavedViews(stored)).toEqual(views);
      }),
    );
  });

  it('keeps a view’s print choices verbatim, whatever they are', () => {
    const print = { layout: 'labels', columns: ['last_name', 'q:12'], nested: { copies: 2, note: null } };
    const [read] = parseSavedViews(savedViewsRecord([view('status=paid', { print })]));
    expect(read?.print).toEqual(print);
    expect(parseSavedViews(savedViewsRecord([view('status=paid')]))[0]).not.toHaveProperty('print');
  });

  it('drops a view that does not read, keeps the others, each id once, at most 100', () => {
    const good = view('status=paid');
    const read = parseSavedViews({
      version: 1,
      views: [good, { ...good, name: '   ' }, { ...good, id: 'x', search: 42 }, good, 'junk', null],
    });
    expect(read).toEqual([good]);
    expect(parseSavedViews({ version: 2, views: [good] })).toEqual([]);
    const many = Array.from({ length: 150 }, (_, i) => view(`q=${i}`));
    expect(parseSavedViews(savedViewsRecord(many))).toHaveLength(MAX_SAVED_VIEWS);
  });

  it('saves the whole view but the open registration, as its link’s query string', () => {
    const current: RegistrationsView = {
      ...DEFAULT_REGISTRATIONS_VIEW,
      q: 'dupont',
      excludedStatuses: ['cancelled'],
      sort: { id: 'last_name', desc: true },
      hidden: ['email'],
      open: 4021,
    };
    const search = savedViewSearch(current);
    expect(search).toBe('q=dupont&notstatus=cancelled&sort=-last_name&hide=email');
    expect(readRegistrationsView(new URLSearchParams(search))).toEqual({ ...current, open: null });
  });
});

describe('opening a saved view on the event as it is now', () => {
  const shape = {
    complete: true,
    columnIds: ['registration_id', 'first_name', 'last_name', 'email', 'category', 'q:7'],
    categoryIds: new Set(['10', '20']),
  };
  const saved = view('cat=10,30&notcat=40,&status=gone&sort=-q:9&hide=email,q:8&ans=7:yes,9:no', {
    names: {
      categories: { '30': 'Trail 42 km', '10': 'Walk' },
      columns: { 'q:9': 'Club', 'q:8': 'T-shirt' },
    },
  });

  it('opens with what still applies and names what was left out', () => {
    const { view: opened, dropped } = applicableView(saved, shape);
    expect(opened).toEqual({
      ...DEFAULT_REGISTRATIONS_VIEW,
      categories: ['10'],
      excludedCategories: [''],
      // A status no row has today may come back: never left out.
      statuses: ['gone'],
      hidden: ['email'],
      answers: ['7:yes'],
    });
    expect(dropped).toEqual([
      { kind: 'category', name: 'Trail 42 km' },
      { kind: 'category', name: '40' },
      { kind: 'column', name: 'Club' },
      { kind: 'column', name: 'T-shirt' },
    ]);
  });

  it('opens as saved while the list is still loading: a column may just not be seen yet', () => {
    const { view: opened, dropped } = applicableView(saved, { ...shape, complete: false });
    expect(opened).toEqual(readRegistrationsView(new URLSearchParams(saved.search)));
    expect(dropped).toEqual([]);
  });

  it('names every category and column a view refers to', () => {
    const current = readRegistrationsView(new URLSearchParams(saved.search));
    expect(namedParts(current)).toEqual({
      categories: ['10', '30', '40'],
      columns: ['email', 'q:8', 'q:9', 'q:7'],
    });
  });
});
