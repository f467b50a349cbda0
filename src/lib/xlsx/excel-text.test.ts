import { EXCEL_MAX_CELL_LENGTH, excelText, truncateForExcel } from './excel-text';

describe('excelText', () => {
  it('leaves ordinary text alone, formulas-looking text included', () => {
    for (const text of [
      'Léa',
      '=1+2',
      '+41 79 555 12 34',
      '-',
      '@club',
      "'apos",
      'a\tb',
      'a\nb',
      '😀',
      '<b>&',
    ]) {
      expect(excelText(text)).toBe(text);
    }
  });

  it('escapes CR and the control characters XML cannot hold, as Excel does', () => {
    expect(excelText('a\r\nb')).toBe('a_x000D_\nb');
    expect(excelText('x\u0000y\u001fz\u000b')).toBe('x_x0000_y_x001F_z_x000B_');
  });

  it('escapes the underscore of a literal _xHHHH_ so Excel does not decode it', () => {
    expect(excelText('_x0041_ and _x000d_')).toBe('_x005F_x0041_ and _x005F_x000d_');
    expect(excelText('snake_case_x12_')).toBe('snake_case_x12_');
  });

  it('escapes DEL and C1 controls, which the library would delete, but keeps NEL', () => {
    expect(excelText('a\u007fb\u0080c\u009fd\u0085e')).toBe('a_x007F_b_x0080_c_x009F_d\u0085e');
  });

  it('writes U+FFFD for lone surrogates and noncharacters, and keeps U+FFFD itself', () => {
    expect(excelText('a\ud800b\udfffc\uffffd\ufdd0e\ufffd')).toBe('a_xFFFD_b_xFFFD_c_xFFFD_d_xFFFD_e_xFFFD_');
    expect(excelText('🎉')).toBe('🎉');
  });

  it("cuts text at Excel's cell limit without splitting an emoji", () => {
    expect(truncateForExcel('a'.repeat(40_000))).toHaveLength(EXCEL_MAX_CELL_LENGTH);
    const emojiAtEdge = 'a'.repeat(EXCEL_MAX_CELL_LENGTH - 1) + '😀';
    expect(truncateForExcel(emojiAtEdge)).toBe('a'.repeat(EXCEL_MAX_CELL_LENGTH - 1));
    expect(truncateForExcel('short')).toBe('short');
  });
});
