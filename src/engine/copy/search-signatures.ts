/**
 * The 128-bit signatures of the search across events: each pair of neighbouring characters of
 * a row's keys sets one bit, so a row whose signature lacks a bit of the query's pairs is
 * skipped without reading its text.
 */

/**
 * A row's signature has 128 bits; each pair of neighbouring characters of its keys sets one.
 * A row can hold a term only if its signature has every bit of the term's pairs: checking four
 * words per row skips most rows without reading their text (a row of about 60 pairs sets about
 * a third of the bits, so a term of 5 letters leaves about 1 row in 100 to read). 8 MB at
 * 500,000 rows.
 */
export const SIGNATURE_WORDS = 4;

function pairBit(first: number, second: number): number {
  return (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca77)) >>> 25;
}

export function addSignature(into: Uint32Array, at: number, text: string): void {
  for (let i = 1; i < text.length; i++) {
    const first = text.charCodeAt(i - 1);
    const second = text.charCodeAt(i);
    // A term holds no tab: the pairs across two fields are never looked for.
    if (first === 9 || second === 9) continue;
    const bit = pairBit(first, second);
    into[at + (bit >>> 5)]! |= 1 << (bit & 31);
  }
}

/** The signature every row holding all the terms has, or null when no term has two characters. */
export function termsSignature(terms: readonly string[]): Uint32Array | null {
  const signature = new Uint32Array(SIGNATURE_WORDS);
  for (const term of terms) addSignature(signature, 0, term);
  return signature.some((word) => word !== 0) ? signature : null;
}
