import { fileNamePart } from '@/lib/text-keys';
import { csvFileName, downloadFileName } from './csv-file-name';

/** What every produced name must satisfy on Windows, macOS and Linux. */
function expectSafe(name: string) {
  expect(name).toMatch(/^[a-z0-9_-]+\.csv$/);
  expect(name).not.toMatch(/^[-_]|[-_]\.csv$|--/);
  expect(name.length).toBeLessThanOrEqual(84);
  expect(name.split('.')[0]).not.toMatch(/^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i);
}

describe('csvFileName', () => {
  it('builds event, label, calendar date and preset, so the three presets never overwrite each other', () => {
    expect(csvFileName('Marathon du Lac Léman', '2026-11-22', 'excel-fr')).toBe(
      'marathon-du-lac-leman-registrations-2026-11-22-excel-fr.csv',
    );
    expect(csvFileName('Marathon du Lac Léman', '2026-11-22', 'excel-fr', 'inscriptions')).toBe(
      'marathon-du-lac-leman-inscriptions-2026-11-22-excel-fr.csv',
    );
    const names = (['excel-fr', 'excel-en', 'utf8'] as const).map((preset) =>
      csvFileName('Marathon du Lac Léman', '2026-11-22', preset),
    );
    expect(new Set(names).size).toBe(3);
  });

  it('folds accents and ligatures to ASCII', () => {
    expect(csvFileName('Fête du Cœur à Zürich – Ærø', '2026-01-05', 'utf8')).toBe(
      'fete-du-coeur-a-zurich-aero-registrations-2026-01-05-utf8.csv',
    );
  });

  it('replaces slashes, colons and other reserved characters', () => {
    const name = csvFileName('AC/DC: Live <Paris> "2026" | a\\b? *', '2026-06-01', 'utf8');
    expect(name).toBe('ac-dc-live-paris-2026-a-b-registrations-2026-06-01-utf8.csv');
    expectSafe(name);
  });

  it('drops emoji and other non-Latin symbols', () => {
    const name = csvFileName('🎉 Party 🎶 Night 🌙', '2026-06-01', 'utf8');
    expect(name).toBe('party-night-registrations-2026-06-01-utf8.csv');
  });

  it('takes the local calendar day of a Date, and a YYYY-MM-DD string as written', () => {
    expect(csvFileName('x', new Date(2026, 4, 1, 23, 30), 'utf8')).toBe(
      'x-registrations-2026-05-01-utf8.csv',
    );
    expect(csvFileName('x', '2026-05-01T10:00:00Z', 'utf8')).toBe('x-registrations-2026-05-01-utf8.csv');
  });

  it('leaves the date out when it is invalid', () => {
    expect(csvFileName('x', new Date(Number.NaN), 'utf8')).toBe('x-registrations-utf8.csv');
    expect(csvFileName('x', 'not a date', 'utf8')).toBe('x-registrations-utf8.csv');
  });

  it('avoids Windows reserved device names', () => {
    for (const reserved of ['CON', 'prn', 'Aux', 'NUL', 'COM1', 'com9', 'LPT1', 'lpt¹']) {
      const name = downloadFileName(reserved, '', '', '', 'csv');
      expect(name).toBe(`${fileNamePart(reserved)}-registrations.csv`);
      expectSafe(name);
    }
    // Not reserved once something follows the device name.
    expect(csvFileName('CON', '2026-01-01', 'utf8')).toBe('con-registrations-2026-01-01-utf8.csv');
  });

  it('shortens a very long event name but keeps the label and the date', () => {
    const name = csvFileName('Très long nom '.repeat(40), '2026-11-22', 'utf8');
    expect(name.endsWith('-registrations-2026-11-22-utf8.csv')).toBe(true);
    expectSafe(name);
    expect(name.length).toBeLessThanOrEqual(84);
  });

  it('caps an overlong label too', () => {
    expectSafe(csvFileName('x', '2026-11-22', 'utf8', 'l'.repeat(200)));
  });

  it('is never empty', () => {
    expect(downloadFileName('', '', '', '', 'csv')).toBe('registrations.csv');
    expect(downloadFileName('🎉 / : ***', 'nope', '…', '', 'csv')).toBe('registrations.csv');
    expect(csvFileName('', '2026-11-22', 'utf8')).toBe('registrations-2026-11-22-utf8.csv');
  });
});
