/**
 * Text as an .xlsx shared string must hold it so that Excel reads back exactly what was sent.
 *
 * The file is XML, and several things would otherwise change a participant's text silently:
 * - XML parsers turn CR and CRLF into LF, and XML 1.0 cannot hold most control characters.
 *   write-excel-file 4.1 deletes those, and also deletes what XML only "discourages" (DEL, most
 *   C1 controls, noncharacters) and U+FFFD. OOXML's own escape, `_xHHHH_`, carries them
 *   through instead: Excel itself writes a CR in a cell as `_x000D_`.
 * - Because Excel decodes `_xHHHH_`, text that happens to contain such a sequence must have
 *   its underscore escaped (`_x005F_`), or "_x0041_" would come back as "A".
 * - Excel refuses cells longer than 32,767 characters (it "repairs" the file and drops them),
 *   so longer text is cut at the limit, never in the middle of a surrogate pair.
 * Lone surrogates and noncharacters cannot be encoded at all: they become U+FFFD.
 */

/** Excel's limit on the characters (UTF-16 units) of one cell. */
export const EXCEL_MAX_CELL_LENGTH = 32_767;

// Every character write-excel-file would delete, plus `_` before xHHHH_; escapeChar() then
// lets through the few of them that XML holds as they are (tab, LF, NEL).
const NEEDS_ESCAPE = /_x[0-9a-fA-F]{4}_|[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\ufffd]/u;
const ESCAPES = /_(?=x[0-9a-fA-F]{4}_)|[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\ufffd]/gu;
const KEPT = new Set(['\t', '\n', '\u0085']);

function escapeChar(match: string): string {
  if (match === '_') return '_x005F_';
  if (KEPT.has(match)) return match;
  const code = match.charCodeAt(0);
  // Controls (C0, DEL, C1) are characters Excel can hold; the rest has no valid encoding.
  if (code <= 0x9f) return `_x${code.toString(16).toUpperCase().padStart(4, '0')}_`;
  return '_xFFFD_';
}

/** Cut to Excel's limit without splitting a surrogate pair. */
export function truncateForExcel(text: string): string {
  if (text.length <= EXCEL_MAX_CELL_LENGTH) return text;
  const last = text.charCodeAt(EXCEL_MAX_CELL_LENGTH - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? EXCEL_MAX_CELL_LENGTH - 1 : EXCEL_MAX_CELL_LENGTH;
  return text.slice(0, end);
}

/** The text to hand to write-excel-file for a cell: what Excel will show is `text` itself. */
export function excelText(text: string): string {
  const cut = truncateForExcel(text);
  // Most cells need nothing: test once before rebuilding the string.
  return NEEDS_ESCAPE.test(cut) ? cut.replace(ESCAPES, escapeChar) : cut;
}
