/**
 * An answer's format, to tell answers that follow one (a time, a licence number) from those
 * that do not (answer-checks.ts: answer-format).
 */

/** Each digit a 9, each letter an A (any case, any script), the rest as typed, trimmed. */
export function exactShape(text: string): string {
  return shape(text, false);
}

/** The shape with each run of digits or letters written once: "01:23:45" and "1:23:45" alike. */
export function runShape(text: string): string {
  return shape(text, true);
}

const DIGIT = /\p{N}/u;
const LETTER = /\p{L}/u;

function shape(text: string, runs: boolean): string {
  const trimmed = text.trim();
  let shaped = '';
  let last = '';
  for (const char of trimmed) {
    const code = char.charCodeAt(0);
    const mark =
      code >= 48 && code <= 57
        ? '9'
        : (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
          ? 'A'
          : code < 128
            ? char
            : DIGIT.test(char)
              ? '9'
              : LETTER.test(char)
                ? 'A'
                : char;
    if (runs && mark === last && (mark === '9' || mark === 'A')) continue;
    shaped += mark;
    last = mark;
  }
  return shaped;
}
