import fc from 'fast-check';
import {
  clampStartAt,
  LABEL_SHEETS,
  labelNameFit,
  labelSheetCount,
  labelSheets,
  labelsPerSheet,
} from './label-sheets';
import { LABEL_SHEET_IDS } from './print-options';

const formats = LABEL_SHEET_IDS.map((id) => LABEL_SHEETS[id]);
const PT = 25.4 / 72;

describe('the label sheets', () => {
  it('are the makers’ sheets: 24 labels of 70 × 37 mm and 14 of 99.1 × 38.1 mm on A4, 30 of 2⅝ × 1 in on US Letter', () => {
    expect(formats.map((f) => [f.id, f.paper, labelsPerSheet(f), f.label.width, f.label.height])).toEqual([
      ['a4-3x8', 'A4', 24, 70, 37],
      ['a4-2x7', 'A4', 14, 99.1, 38.1],
      ['letter-3x10', 'letter', 30, 66.675, 25.4],
    ]);
  });

  it.each(formats)('$id: the labels fill the page between equal margins', (format) => {
    const across = format.columns * format.label.width + (format.columns - 1) * format.gap.x;
    expect(2 * format.margin.left + across).toBeCloseTo(format.page.width, 2);
    const down = format.rows * format.label.height + (format.rows - 1) * format.gap.y;
    expect(2 * format.margin.top + down).toBeCloseTo(format.page.height, 2);
  });
});

describe('labelSheetCount and labelSheets', () => {
  const a4 = LABEL_SHEETS['a4-3x8'];

  it('count ceil((labels + start − 1) / labels per sheet) sheets', () => {
    expect(labelSheetCount(129, a4, 1)).toBe(6);
    expect(labelSheetCount(120, a4, 1)).toBe(5);
    expect(labelSheetCount(120, a4, 2)).toBe(6);
    expect(labelSheetCount(129, a4, 5)).toBe(6);
    expect(labelSheetCount(129, LABEL_SHEETS['a4-2x7'], 14)).toBe(11);
    expect(labelSheetCount(129, LABEL_SHEETS['letter-3x10'], 1)).toBe(5);
    expect(labelSheetCount(0, a4, 5)).toBe(0);
  });

  it('start at a label of the sheet: a whole number from 1 to the labels per sheet', () => {
    expect([0, -3, 1, 5.7, 24, 25, 1000, Number.NaN, Infinity].map((n) => clampStartAt(n, a4))).toEqual([
      1, 1, 1, 5, 24, 24, 24, 1, 1,
    ]);
  });

  it('leave the labels before the start blank, then put every label once, in order, on full sheets but the last', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...formats),
        fc.array(fc.integer(), { maxLength: 200 }),
        fc.integer({ min: -5, max: 40 }),
        (format, items, startAt) => {
          const sheets = labelSheets(items, format, startAt);
          const start = clampStartAt(startAt, format);
          expect(sheets).toHaveLength(labelSheetCount(items.length, format, startAt));
          const cells = sheets.flat();
          if (items.length === 0) return;
          expect(cells.slice(0, start - 1)).toEqual(new Array(start - 1).fill(null));
          expect(cells.slice(start - 1)).toEqual(items);
          for (const sheet of sheets.slice(0, -1)) expect(sheet).toHaveLength(labelsPerSheet(format));
          expect(sheets.at(-1)!.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('labelNameFit', () => {
  it('prints a usual name at the sheet’s largest size', () => {
    for (const format of formats) {
      expect(labelNameFit('Léa Roy', format, 3)).toEqual(expect.objectContaining({ size: format.nameSize }));
    }
  });

  it('steps down as a name grows, never up', () => {
    const format = LABEL_SHEETS['letter-3x10'];
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ minLength: 1, maxLength: 20 }), (name, more) => {
        expect(labelNameFit(name + more, format, 2).size).toBeLessThanOrEqual(
          labelNameFit(name, format, 2).size,
        );
      }),
    );
    const sizes = [
      'Léa Roy',
      'Jean-Philippe Dupont-Lajoie',
      'Marie-Ève Geneviève Wolfeschlegelsteinhausenbergerdorff-Saint-Exupéry de la Tour',
    ].map((name) => labelNameFit(name, format, 3).size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(sizes[2]).toBeLessThan(sizes[0]!);
  });

  it('counts Chinese characters as wide ones', () => {
    const format = LABEL_SHEETS['a4-3x8'];
    // As many characters: the Chinese take about twice the width.
    expect(labelNameFit('王芳'.repeat(20), format, 3).size).toBeLessThan(
      labelNameFit('wangfang'.repeat(5), format, 3).size,
    );
  });

  it('leaves room for the other lines: the name’s lines fit the label’s height', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...formats),
        fc.string({ maxLength: 300 }),
        fc.integer({ min: 0, max: 3 }),
        (format, name, otherLines) => {
          const fit = labelNameFit(name, format, otherLines);
          const others = otherLines * (format.lineSize * PT * 1.15 + 0.6);
          const name_ = fit.lines * fit.size * PT * 1.15;
          expect(fit.lines).toBeGreaterThanOrEqual(1);
          expect(name_ + others).toBeLessThanOrEqual(format.label.height - 2 * format.padding.y);
        },
      ),
    );
  });

  it('gives a name no size fits the smallest size, cut after the lines that fit', () => {
    const fit = labelNameFit(
      'Wolfeschlegelsteinhausenbergerdorff '.repeat(20),
      LABEL_SHEETS['letter-3x10'],
      3,
    );
    expect(fit.size).toBe(6);
    expect(fit.lines).toBeGreaterThan(1);
  });
});
