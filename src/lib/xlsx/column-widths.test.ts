import { columnWidths } from './column-widths';

describe('columnWidths', () => {
  it('fits the header or the longest cell, plus room for the filter button', () => {
    expect(columnWidths(['ID', 'E-mail address'], [[12345678, 'a@b.c']])).toEqual([11, 17]);
  });

  it('measures the longest line of a multi-line cell', () => {
    expect(columnWidths(['A'], [['short\na much longer line']])).toEqual([21]);
  });

  it('stays between a minimum and a maximum, and treats empty cells as empty', () => {
    expect(
      columnWidths(
        ['A', 'B'],
        [
          [null, 'x'.repeat(500)],
          [undefined, ''],
        ],
      ),
    ).toEqual([6, 60]);
  });
});
