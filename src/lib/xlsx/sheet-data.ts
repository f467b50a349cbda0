import type { Cell, Row, Sheet } from 'write-excel-file/universal';
import type { AutoFilterRange } from './autofilter-feature';
import { columnWidths } from './column-widths';
import { excelText } from './excel-text';
import { excelSheetName } from './sheet-name';
import type { XlsxCell, XlsxColumnType, XlsxWorkbookInput } from './xlsx-table';

type SheetSpec = Sheet<Blob>;

function textCell(text: string): Cell {
  // An explicit String type: write-excel-file writes a shared string, never a formula.
  return text === '' ? null : { value: excelText(text), type: String };
}

function numberCell(value: number): Cell {
  return { value, type: Number };
}

/** One cell of the table, typed by its column (see XlsxColumnType). */
function tableCell(cell: XlsxCell, type: XlsxColumnType): Cell {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? numberCell(cell) : textCell(String(cell));
  if (type === 'number') {
    // Only text that reads back identical as a number: "42" and "-3.5", not "007", "1e3",
    // " 42", "-0" or an id beyond 2^53 (those stay text, nothing is lost).
    const value = Number(cell);
    if (Number.isFinite(value) && String(value) === cell) return numberCell(value);
  }
  return textCell(cell);
}

function headerCell(text: string): Cell {
  return { value: excelText(text), type: String, fontWeight: 'bold' };
}

/**
 * The sheets write-excel-file writes, and the features they need: the table with a frozen,
 * filterable header row and fitted columns, then the optional figures sheet.
 *
 * @throws RangeError when the table has no columns or a row is not as wide as the columns:
 *   a misaligned row would put values under the wrong title.
 */
export function workbookSpec(input: XlsxWorkbookInput): { sheets: SheetSpec[]; ranges: AutoFilterRange[] } {
  const { table, figures } = input;
  const width = table.columns.length;
  if (width === 0) throw new RangeError('An Excel export needs at least one column.');
  const types = table.columns.map((column) => column.type);
  const headers = table.columns.map((column) => column.header);

  const data: Row[] = [headers.map(headerCell)];
  table.rows.forEach((row, index) => {
    if (row.length !== width) {
      throw new RangeError(`Row ${index} has ${row.length} cells; the table has ${width} columns.`);
    }
    data.push(row.map((cell, column) => tableCell(cell, types[column] ?? 'text')));
  });

  const tableName = excelSheetName(table.name);
  const sheets: SheetSpec[] = [
    {
      data,
      sheet: tableName,
      stickyRowsCount: 1,
      columns: columnWidths(headers, table.rows).map((w) => ({ width: w })),
    },
  ];
  if (figures) {
    const labels = figures.rows.map((row) => [row.label, row.value] as const);
    sheets.push({
      data: [
        figures.headers.map(headerCell),
        ...figures.rows.map((row) => [
          textCell(row.label),
          row.value === null ? null : tableCell(row.value, 'number'),
        ]),
      ],
      sheet: excelSheetName(figures.name, [tableName]),
      stickyRowsCount: 1,
      columns: columnWidths(figures.headers, labels).map((w) => ({ width: w })),
    });
  }
  const ranges = [{ sheetIndex: 0, sheetName: tableName, columns: width, rows: data.length }];
  return { sheets, ranges };
}
