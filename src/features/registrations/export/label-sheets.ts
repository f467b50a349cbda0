import type { LabelSheetId } from './print-options';

/** A sheet of sticky labels, in millimetres, as its maker specifies it. */
export interface LabelSheetFormat {
  readonly id: LabelSheetId;
  /** The CSS page size and the named page (label-sheet.css) that prints it without margins. */
  readonly paper: 'A4' | 'letter';
  readonly page: { readonly width: number; readonly height: number };
  readonly columns: number;
  readonly rows: number;
  readonly label: { readonly width: number; readonly height: number };
  /** From the paper's top and left edges to the first label. */
  readonly margin: { readonly top: number; readonly left: number };
  /** Between two labels, across and down. */
  readonly gap: { readonly x: number; readonly y: number };
  /** Inside each label, so nothing is printed on its edge (die-cutting is never exact). */
  readonly padding: { readonly x: number; readonly y: number };
  /** The largest name and the size of the other lines, in points. */
  readonly nameSize: number;
  readonly lineSize: number;
}

const INCH = 25.4;

/**
 * The three sheets promoters buy: A4 24 labels of 70 × 37 mm, edge to edge (Avery 3475,
 * Herma 4453…); A4 14 labels of 99.1 × 38.1 mm (Avery L7163); US Letter 30 labels of
 * 2⅝ × 1 in (Avery 5160).
 */
export const LABEL_SHEETS: Readonly<Record<LabelSheetId, LabelSheetFormat>> = {
  'a4-3x8': {
    id: 'a4-3x8',
    paper: 'A4',
    page: { width: 210, height: 297 },
    columns: 3,
    rows: 8,
    label: { width: 70, height: 37 },
    margin: { top: 0.5, left: 0 },
    gap: { x: 0, y: 0 },
    padding: { x: 4, y: 3 },
    nameSize: 16,
    lineSize: 9,
  },
  'a4-2x7': {
    id: 'a4-2x7',
    paper: 'A4',
    page: { width: 210, height: 297 },
    columns: 2,
    rows: 7,
    label: { width: 99.1, height: 38.1 },
    margin: { top: 15.15, left: 4.65 },
    gap: { x: 2.5, y: 0 },
    padding: { x: 5, y: 3 },
    nameSize: 18,
    lineSize: 10,
  },
  'letter-3x10': {
    id: 'letter-3x10',
    paper: 'letter',
    page: { width: 8.5 * INCH, height: 11 * INCH },
    columns: 3,
    rows: 10,
    label: { width: 2.625 * INCH, height: 1 * INCH },
    margin: { top: 0.5 * INCH, left: 0.1875 * INCH },
    gap: { x: 0.125 * INCH, y: 0 },
    padding: { x: 3, y: 1.5 },
    nameSize: 14,
    lineSize: 7.5,
  },
};

export function labelsPerSheet(format: LabelSheetFormat): number {
  return format.columns * format.rows;
}

/** "Start at label n" as a label of the sheet: a whole number from 1 to the labels per sheet. */
export function clampStartAt(startAt: number, format: LabelSheetFormat): number {
  if (!Number.isFinite(startAt)) return 1;
  return Math.min(Math.max(1, Math.floor(startAt)), labelsPerSheet(format));
}

/** How many sheets `count` labels take when the first sheet starts at label `startAt`. */
export function labelSheetCount(count: number, format: LabelSheetFormat, startAt: number): number {
  if (count <= 0) return 0;
  return Math.ceil((count + clampStartAt(startAt, format) - 1) / labelsPerSheet(format));
}

/**
 * The labels sheet by sheet, across then down: the first sheet's labels before `startAt`
 * are left blank (null), for a sheet already partly used; the last sheet ends with the last
 * label.
 */
export function labelSheets<T>(
  items: readonly T[],
  format: LabelSheetFormat,
  startAt: number,
): (T | null)[][] {
  if (items.length === 0) return [];
  const perSheet = labelsPerSheet(format);
  const cells: (T | null)[] = [...new Array<null>(clampStartAt(startAt, format) - 1).fill(null), ...items];
  const sheets: (T | null)[][] = [];
  for (let start = 0; start < cells.length; start += perSheet)
    sheets.push(cells.slice(start, start + perSheet));
  return sheets;
}

/** A point in millimetres. */
const PT = INCH / 72;
/** The line height of every text on a label, as a multiple of its size (label-sheet.css). */
const LABEL_LINE_HEIGHT = 1.15;
/** Between the lines of a label (the name, the category…), in mm. */
export const LABEL_GAP = 0.6;
/** Room left unused under the lines, in mm: a font's metrics round up a little on paper. */
const SLACK = 0.5;
/** The name's sizes, largest first, in points: a longer name steps down. */
const NAME_STEPS = [18, 16, 14, 13, 12, 11, 10, 9, 8, 7, 6];

/**
 * The width of a character as a share of the font size, on the generous side for a bold
 * sans-serif (the widest of the fonts a browser may print with, such as DejaVu Sans Bold):
 * an estimate that must never be short, or a name could overflow.
 */
function charWidth(char: string): number {
  if (/\s/u.test(char)) return 0.36;
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\uff00-\uffef]/u.test(char))
    return 1.05;
  if (/[MWmwŒÆœæ@%]/u.test(char)) return 1.0;
  if (/\p{Lu}|\p{Nd}/u.test(char)) return 0.8;
  if (/[iljtfrI.,'’:;!|-]/u.test(char)) return 0.45;
  return 0.7;
}

/** The lines a text takes in a box `width` ems wide, words wrapped, a word too long broken anywhere. */
function linesAt(words: readonly number[], space: number, width: number): number {
  let lines = 1;
  let used = 0;
  for (const word of words) {
    const needed = used === 0 ? word : used + space + word;
    if (needed <= width) {
      used = needed;
      continue;
    }
    if (used > 0) lines += 1;
    // A word wider than the line is broken (overflow-wrap: anywhere): whole lines, then the rest.
    lines += Math.ceil(word / width) - 1;
    used = word - (Math.ceil(word / width) - 1) * width;
  }
  return lines;
}

export interface NameFit {
  /** In points. */
  readonly size: number;
  /** The most lines the name may take at that size; more (a name no size fits) are cut. */
  readonly lines: number;
}

/**
 * The size a name is printed at on a label: the largest step at which it fits the label's
 * width and the height left by the other lines, wrapped at spaces and, for a word longer than
 * the label, anywhere. Widths are estimated generously (charWidth), so what fits here fits on
 * paper. A name too long for even the smallest step (hundreds of characters) is cut after the
 * lines that fit, never printed over the next label.
 */
export function labelNameFit(name: string, format: LabelSheetFormat, otherLines: number): NameFit {
  const width = format.label.width - 2 * format.padding.x;
  const height =
    format.label.height -
    2 * format.padding.y -
    otherLines * (format.lineSize * PT * LABEL_LINE_HEIGHT + LABEL_GAP) -
    SLACK;
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '')
    .map((word) => [...word].reduce((sum, char) => sum + charWidth(char), 0));
  const space = charWidth(' ');
  const steps = NAME_STEPS.filter((size) => size <= format.nameSize);
  for (const size of steps) {
    const lineHeight = size * PT * LABEL_LINE_HEIGHT;
    const fits = Math.floor(height / lineHeight);
    if (fits < 1) continue;
    if (linesAt(words, space, width / (size * PT)) <= fits) return { size, lines: fits };
  }
  const smallest = steps[steps.length - 1] ?? format.nameSize;
  return { size: smallest, lines: Math.max(1, Math.floor(height / (smallest * PT * LABEL_LINE_HEIGHT))) };
}
