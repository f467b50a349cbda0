import { buildCsv } from '@/lib/csv/build-csv';
import { MAILING_COLUMNS } from './export-table';

/**
 * The mailing audience goes through the CSV's formula guard like every file: ordinary
 * addresses come out as typed, so a mailing tool imports them; an address a spreadsheet would
 * run as a formula gets its `'` (RFC 5322 allows `=`, `+`, `-` first, no common provider
 * issues such addresses, and a formula on the promoter's machine is the worse failure).
 */
describe('the mailing audience CSV', () => {
  const csv = (email: string) =>
    buildCsv({
      headers: ['E-mail', 'First name', 'Last name', 'Category'],
      rows: [[email, 'Zoë', "D'Amour", 'Trail 42 km']],
      preset: 'utf8',
    }).split('\r\n')[1];

  it('has the columns mailing tools map: e-mail, first name, last name, category', () => {
    expect(MAILING_COLUMNS).toEqual(['email', 'first_name', 'last_name', 'category']);
  });

  it('keeps ordinary addresses exactly as typed', () => {
    for (const email of ['zoe.damour@example.com', 'jo.martin+trail@example.org', 'x-y_z@example.net']) {
      expect(csv(email)).toBe(`${email},Zoë,D'Amour,Trail 42 km`);
    }
    // A trailing space (an old sign-up form) is kept, quoted so no tool trims it unseen.
    expect(csv('Emilie.Dupont@Example.com ')).toBe(`"Emilie.Dupont@Example.com ",Zoë,D'Amour,Trail 42 km`);
  });

  it('guards an address that starts like a formula, as any cell', () => {
    expect(csv('-john@x.com')).toBe("'-john@x.com,Zoë,D'Amour,Trail 42 km");
    expect(csv('=cmd@x.com')).toBe("'=cmd@x.com,Zoë,D'Amour,Trail 42 km");
    expect(csv('+1@x.com')).toBe("'+1@x.com,Zoë,D'Amour,Trail 42 km");
  });
});
