import fc from 'fast-check';
import Papa from 'papaparse';
import { buildCsv } from './build-csv';
import { CSV_PRESET_IDS, CSV_PRESETS, UTF8_BOM } from './csv-presets';
import { guardFormula } from './formula-guard';

/**
 * Property: whatever the promoter's table holds, reading the file back with an RFC 4180
 * parser gives exactly the displayed cells, guarded as formula-guard.ts documents.
 */

/** Characters that stress CSV and the guard, mixed with any Unicode code point. */
const cellUnit = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '"',
      ';',
      ',',
      '\r',
      '\n',
      '\r\n',
      '\t',
      UTF8_BOM,
      '=',
      '+',
      '-',
      '@',
      "'",
      ' ',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('é', 'Œ', 'ß', '😀', '\uD800', '\u0000') },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);
// The empty string is produced often on purpose: empty cells are an edge of their own.
const cell = fc.string({ unit: cellUnit, maxLength: 8 });

// Rows may also hold absent values, which export as empty cells.
const rowCell = fc.oneof({ weight: 8, arbitrary: cell }, fc.constant(null), fc.constant(undefined));

const table = fc.integer({ min: 1, max: 5 }).chain((width) =>
  fc.record({
    headers: fc.array(cell, { minLength: width, maxLength: width }),
    rows: fc.array(fc.array(rowCell, { minLength: width, maxLength: width }), { maxLength: 6 }),
  }),
);

describe.each(CSV_PRESET_IDS)('buildCsv round trip (%s)', (preset) => {
  const { delimiter, bom } = CSV_PRESETS[preset];

  it('parses back to the guarded headers and rows', () => {
    fc.assert(
      fc.property(table, ({ headers, rows }) => {
        const csv = buildCsv({ headers, rows, preset });
        // Without a BOM preset the file never starts with U+FEFF: a cell holding one is quoted.
        expect(csv.startsWith(UTF8_BOM)).toBe(bom);
        const text = bom ? csv.slice(UTF8_BOM.length) : csv;
        // skipEmptyLines must stay off: a row can legitimately be all empty cells.
        const parsed = Papa.parse<string[]>(text, { delimiter, newline: '\r\n', skipEmptyLines: false });
        expect(parsed.errors).toEqual([]);
        expect(parsed.data).toEqual([
          headers.map(guardFormula),
          ...rows.map((row) => row.map((c) => guardFormula(c ?? ''))),
        ]);
      }),
      { numRuns: 500 },
    );
  });
});

it('covers the one-column table with empty cells explicitly', () => {
  const csv = buildCsv({ headers: [''], rows: [[''], ['']], preset: 'utf8' });
  expect(Papa.parse(csv, { delimiter: ',', newline: '\r\n' }).data).toEqual([[''], [''], ['']]);
});
