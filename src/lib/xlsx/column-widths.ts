import type { XlsxCell } from './xlsx-table';

/** Narrowest and widest column, in Excel's "characters". Long answers wrap past the widest. */
const MIN_WIDTH = 6;
const MAX_WIDTH = 60;
/** Room for the autofilter's drop-down button in the header cell. */
const PADDING = 3;

/** The longest line of a cell, in UTF-16 units: close enough to Excel's character widths. */
function cellLength(cell: XlsxCell): number {
  if (cell === null || cell === undefined) return 0;
  const text = typeof cell === 'number' ? String(cell) : cell;
  if (!text.includes('\n')) return text.length;
  let longest = 0;
  for (const line of text.split('\n')) longest = Math.max(longest, line.length);
  return longest;
}

/**
 * A width per column that fits its title and its longest cell, within bounds, so the file
 * opens readable without widening columns by hand. Every row is measured: a single pass,
 * cheap next to writing the file.
 */
export function columnWidths(headers: readonly string[], rows: readonly (readonly XlsxCell[])[]): number[] {
  const longest = headers.map(cellLength);
  for (const row of rows) {
    for (let i = 0; i < longest.length; i++) {
      const length = cellLength(row[i]);
      if (length > (longest[i] ?? 0)) longest[i] = length;
    }
  }
  return longest.map((length) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, length + PADDING)));
}
