import {
  DEFAULT_REGISTRATIONS_VIEW,
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
      answers: ['12:m', '7:', '9:a, b:c'],
      sort: { id: 'q:7', desc: true },
      hidden: ['email', 'q:3'],
      changes: { since: Date.UTC(2026, 10, 21, 7, 42), kind: 'status', from: 'pending' },
      order: 'CMD-2041',
      edition: { kind: 'lapsed', vs: 1002 },
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
});
