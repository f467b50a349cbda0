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
    expect(readRegistrationsView(new URLSearchParams('hide=&cat=&page=3'))).toEqual(
      DEFAULT_REGISTRATIONS_VIEW,
    );
  });
});
