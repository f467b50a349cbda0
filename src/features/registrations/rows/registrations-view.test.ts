import { chooseFacetValue, clearFacet, facetChoice } from './view-facets';
import {
  clearRowFilters,
  DEFAULT_REGISTRATIONS_VIEW,
  hasRowFilters,
  readRegistrationsView,
  writeRegistrationsView,
  type RegistrationsView,
} from './registrations-view';

describe('registrations view in the URL', () => {
  it('round-trips every part of the view', () => {
    const view: RegistrationsView = {
      q: 'zoë o’brien',
      categories: ['12', ''],
      statuses: ['paid', 'weird,status'],
      excludedCategories: ['14', ''],
      excludedStatuses: ['cancelled', 'x,y'],
      answers: ['12:m', '7:', '9:a, b:c'],
      sort: { id: 'q:7', desc: true },
      hidden: ['email', 'q:3'],
      changes: { since: Date.UTC(2026, 10, 21, 7, 42), kind: 'status', from: 'pending' },
      order: 'CMD-2041',
      edition: { kind: 'lapsed', vs: 1002 },
      check: 'email-typo',
      open: 4021,
    };
    expect(readRegistrationsView(writeRegistrationsView(view))).toEqual(view);
  });

  it('writes a change filter as a readable checkpoint, and reads an offset or minutes-only time', () => {
    const view = {
      ...DEFAULT_REGISTRATIONS_VIEW,
      changes: { since: Date.UTC(2026, 10, 21, 7, 42), kind: 'new' as const },
    };
    expect(decodeURIComponent(writeRegistrationsView(view).toString())).toBe(
      'since=2026-11-21T07:42:00.000Z&change=new',
    );
    expect(readRegistrationsView(new URLSearchParams('since=2026-11-21T08:42%2B01:00&change=new'))).toEqual(
      view,
    );
    // `from` belongs to status moves only; an unknown kind is every change.
    expect(
      readRegistrationsView(new URLSearchParams('since=2026-11-21T07:42Z&change=oops&from=paid')).changes,
    ).toEqual({
      since: view.changes.since,
      kind: 'changed',
    });
  });

  it('writes nothing for the default view and reads junk as the default', () => {
    expect(writeRegistrationsView(DEFAULT_REGISTRATIONS_VIEW).toString()).toBe('');
    expect(readRegistrationsView(new URLSearchParams('hide=&ans=&sort=&page=3'))).toEqual(
      DEFAULT_REGISTRATIONS_VIEW,
    );
  });

  it('keeps a filter on registrations without a category or a status (the overview links to them)', () => {
    const view = { ...DEFAULT_REGISTRATIONS_VIEW, categories: [''], statuses: [''] };
    expect(writeRegistrationsView(view).toString()).toBe('cat=&status=');
    expect(readRegistrationsView(writeRegistrationsView(view))).toEqual(view);
  });

  it('writes exclusions as their own lists beside the chosen values ("everyone except")', () => {
    const view = { ...DEFAULT_REGISTRATIONS_VIEW, excludedStatuses: ['cancelled', ''], categories: ['12'] };
    expect(decodeURIComponent(writeRegistrationsView(view).toString())).toBe('cat=12&notstatus=cancelled,');
    expect(readRegistrationsView(new URLSearchParams('notcat=,14&notstatus=refunded'))).toEqual({
      ...DEFAULT_REGISTRATIONS_VIEW,
      excludedCategories: ['', '14'],
      excludedStatuses: ['refunded'],
    });
  });
});

describe('choosing or excluding a facet value', () => {
  it('never leaves a value both chosen and excluded', () => {
    let view = chooseFacetValue(DEFAULT_REGISTRATIONS_VIEW, 'statuses', 'paid', 'include');
    expect(facetChoice(view, 'statuses', 'paid')).toBe('include');
    view = chooseFacetValue(view, 'statuses', 'paid', 'exclude');
    expect(view.statuses).toEqual([]);
    expect(view.excludedStatuses).toEqual(['paid']);
    expect(facetChoice(view, 'statuses', 'paid')).toBe('exclude');
    view = chooseFacetValue(view, 'statuses', 'paid', 'any');
    expect(view).toEqual(DEFAULT_REGISTRATIONS_VIEW);
  });

  it('reads a value both chosen and excluded (a hand-made link) as excluded, like the filter', () => {
    const view = readRegistrationsView(new URLSearchParams('cat=3&notcat=3'));
    expect(facetChoice(view, 'categories', '3')).toBe('exclude');
    expect(facetChoice(view, 'categories', '4')).toBe('any');
  });

  it('counts exclusions as filters, and clears them with the rest or one facet at a time', () => {
    const view = {
      ...DEFAULT_REGISTRATIONS_VIEW,
      excludedCategories: ['3'],
      excludedStatuses: ['cancelled'],
    };
    expect(hasRowFilters(view)).toBe(true);
    expect(clearRowFilters(view)).toEqual(DEFAULT_REGISTRATIONS_VIEW);
    expect(clearFacet(view, 'statuses')).toEqual({
      ...DEFAULT_REGISTRATIONS_VIEW,
      excludedCategories: ['3'],
    });
  });

  it('drops from a link a category no row can have (not a number), keeping the others', () => {
    expect(readRegistrationsView(new URLSearchParams('cat=abc,10301,&notcat=x1,7,1e3,07'))).toEqual({
      ...DEFAULT_REGISTRATIONS_VIEW,
      categories: ['10301', ''],
      excludedCategories: ['7'],
    });
  });
});
