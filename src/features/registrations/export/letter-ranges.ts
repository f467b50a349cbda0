/** A run of initials served by one check-in desk, "A" to "F" inclusive. */
export interface LetterRange {
  readonly from: string;
  readonly to: string;
}

/** Four desks, roughly even for French and English surnames. */
export const DEFAULT_LETTER_RANGES: readonly LetterRange[] = [
  { from: 'A', to: 'F' },
  { from: 'G', to: 'M' },
  { from: 'N', to: 'S' },
  { from: 'T', to: 'Z' },
];

/** Letters NFD does not split into a base letter and an accent. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  Œ: 'O',
  Æ: 'A',
  Ø: 'O',
  Ł: 'L',
  Đ: 'D',
  Ð: 'D',
  Þ: 'T',
  ẞ: 'S',
};

/**
 * The initial a name is filed under: its first letter, without accent, in capitals ("Élodie"
 * -> "E", "œuvre" -> "O", "'t Hooft" -> "T", "d'Amour" -> "D"). Leading characters that are not
 * letters (quotes, spaces, digits) are skipped. null when the name has no Latin letter at all
 * (Chinese, Cyrillic, Arabic, Greek names, or nothing): those go to a section of their own.
 */
export function initialOf(name: string): string | null {
  const first = /\p{L}/u.exec(name)?.[0];
  if (!first) return null;
  const upper = first.toUpperCase();
  const base = LETTER_FOLDS[upper] ?? upper.normalize('NFD').charAt(0);
  return base >= 'A' && base <= 'Z' ? base : null;
}

/** The range an initial belongs to: the first one that contains it, or null. */
export function rangeOf(initial: string | null, ranges: readonly LetterRange[]): LetterRange | null {
  if (initial === null) return null;
  return ranges.find((range) => range.from <= initial && initial <= range.to) ?? null;
}
