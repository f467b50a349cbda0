/** Excel's limit on a sheet name. */
const MAX_SHEET_NAME = 31;
/** Characters Excel refuses in a sheet name. */
const FORBIDDEN = /[[\]:*?/\\\p{Cc}]/gu;

/**
 * A sheet name Excel accepts: no []:*?/\ or control characters, no leading or trailing
 * apostrophe, at most 31 characters, not empty, and different from the names already taken
 * (Excel compares them case-insensitively).
 */
export function excelSheetName(name: string, taken: readonly string[] = [], fallback = 'Sheet'): string {
  const cleaned = name
    .replace(FORBIDDEN, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
  const base = (cleaned || fallback).slice(0, MAX_SHEET_NAME).trim();
  const used = new Set(taken.map((n) => n.toLocaleLowerCase()));
  let candidate = base;
  for (let n = 2; used.has(candidate.toLocaleLowerCase()); n++) {
    const suffix = ` (${n})`;
    candidate = base.slice(0, MAX_SHEET_NAME - suffix.length).trim() + suffix;
  }
  return candidate;
}
