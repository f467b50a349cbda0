import { excelSheetName } from './sheet-name';

describe('excelSheetName', () => {
  it('keeps an acceptable name', () => {
    expect(excelSheetName('Inscriptions')).toBe('Inscriptions');
  });

  it('removes the characters Excel refuses and apostrophes at the ends', () => {
    expect(excelSheetName("'Q1/Q2: [draft]*?\\'")).toBe('Q1 Q2 draft');
  });

  it('cuts at 31 characters and never returns an empty name', () => {
    expect(excelSheetName('Marathon du Lac Léman — inscriptions 2026')).toHaveLength(31);
    expect(excelSheetName(' /// ')).toBe('Sheet');
    expect(excelSheetName('', [], 'Données')).toBe('Données');
  });

  it('differs from names already taken, ignoring case', () => {
    expect(excelSheetName('Registrations', ['registrations'])).toBe('Registrations (2)');
    expect(excelSheetName('x'.repeat(40), ['x'.repeat(31)])).toBe(`${'x'.repeat(27)} (2)`);
  });
});
