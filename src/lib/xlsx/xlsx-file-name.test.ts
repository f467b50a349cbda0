import { xlsxFileName } from './index';

describe('xlsxFileName', () => {
  it('names the file like the CSV export, with the .xlsx extension', () => {
    expect(xlsxFileName('Marathon du Lac Léman', '2026-11-22')).toBe(
      'marathon-du-lac-leman-registrations-2026-11-22.xlsx',
    );
    expect(xlsxFileName('Marathon du Lac Léman', new Date(2026, 10, 22), 'inscriptions')).toBe(
      'marathon-du-lac-leman-inscriptions-2026-11-22.xlsx',
    );
  });

  it('is never empty and never a reserved name', () => {
    expect(xlsxFileName('', '')).toBe('registrations.xlsx');
    expect(xlsxFileName('CON', '', '')).toBe('con-registrations.xlsx');
    expect(xlsxFileName('🎉 .csv', 'nope')).toBe('csv-registrations.xlsx');
  });
});
