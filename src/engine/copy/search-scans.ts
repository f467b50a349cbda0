/**
 * The scans of the search across events: over an event's signatures (a query with a pair of
 * characters), or with indexOf over a part's packed keys from the rarest character of the
 * longest term (a one-letter query).
 */
import { partRowText, rowText, type IndexedEvent, type Part } from './search-indexed-event';
import { SIGNATURE_WORDS } from './search-signatures';

/**
 * Where to start looking for `term`: its part from its rarest character on. indexOf runs
 * through the text from one occurrence of its first character to the next, so "emilie" is
 * found several times faster from its "i" than from its "e" (every e-mail address holds
 * several e's); the part before is checked where it landed. Characters past U+00FF count as rare.
 */
function anchorOf(term: string, frequencies: Uint32Array): number {
  let best = 0;
  let bestCount = Infinity;
  for (let i = 0; i < term.length; i++) {
    const code = term.charCodeAt(i);
    const count = code < 256 ? frequencies[code]! : 0;
    if (count < bestCount) {
      best = i;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Finds the part's rows holding every term: indexOf of the longest term (the rarest, most
 * likely) over the whole string, from its rarest character (anchorOf), the others checked in
 * the row it landed in, then on from the next row. Rows are met in order, so the row of a
 * position is found by walking forward. `found` answers false to stop.
 */
export function scanPart(part: Part, terms: readonly string[], found: (place: number) => boolean): void {
  const [scan, ...others] = terms;
  if (scan === undefined) return;
  const { haystack, rowStarts } = part;
  const anchor = anchorOf(scan, part.frequencies);
  const head = scan.slice(0, anchor);
  const tail = scan.slice(anchor);
  let place = 0;
  let position = haystack.indexOf(tail, anchor);
  while (position !== -1) {
    const start = position - anchor;
    // The part before the anchor holds no line break: when it is there, it is in the same row.
    if (anchor > 0 && !haystack.startsWith(head, start)) {
      position = haystack.indexOf(tail, position + 1);
      continue;
    }
    while (rowStarts[place + 1]! <= start) place += 1;
    if (others.length === 0 || others.every((term) => partRowText(part, place).includes(term))) {
      if (!found(place)) return;
    }
    position = haystack.indexOf(tail, rowStarts[place + 1]! + anchor);
  }
}

/**
 * Finds the event's rows holding every term, in the list's order: only the rows whose
 * signature has the terms' bits are read. `found` answers false to stop.
 */
export function scanSignatures(
  event: IndexedEvent,
  signature: Uint32Array,
  terms: readonly string[],
  found: (row: number) => boolean,
): void {
  // As signed 32-bit integers, like the results of `&` they are compared with.
  const [a, b, c, d] = Array.from(signature, (word) => word | 0) as [number, number, number, number];
  const { signatures } = event;
  const rows = event.ids.length;
  for (let row = 0, at = 0; row < rows; row++, at += SIGNATURE_WORDS) {
    if (
      (signatures[at]! & a) !== a ||
      (signatures[at + 1]! & b) !== b ||
      (signatures[at + 2]! & c) !== c ||
      (signatures[at + 3]! & d) !== d
    )
      continue;
    const text = rowText(event, row);
    if (terms.every((term) => text.includes(term)) && !found(row)) return;
  }
}
