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
    };
    expect(readRegistrationsView(writeRegistrationsView(view))).toEqual(view);
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
