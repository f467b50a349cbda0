import fc from 'fast-check';

/*
 * What a hand-typed, cut-short or mangled link may hold, for the property tests of the
 * screens' URL state: broken percent-encodings, separators, any Unicode and lone surrogates.
 */

const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF');

/** Pieces that break decoders: `%` without hex digits, lead bytes without their tail, `%25`… */
const nastyPiece = fc.oneof(
  fc.constantFrom(
    '%',
    '%Z',
    '%ZZ',
    '%E0',
    '%25',
    '%25E0',
    '%C3',
    '%C3%A9',
    '%ED%A0%80',
    '%F0%9F',
    '%2C',
    '%00',
    ',',
    '-',
    '--',
    ':',
    '1:',
    '&',
    '=',
    '+',
    '#',
    '?',
    '\uD800',
    '\uDFFF',
    '\uFFFD',
    'é',
    '😀',
  ),
  fc.tuple(hexDigit, hexDigit).map(([a, b]) => `%${a}${b}`),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.string({ maxLength: 4 }),
);

/** Any text a URL parameter may hold, mostly made of pieces that break decoders. */
export const urlJunk: fc.Arbitrary<string> = fc.oneof(
  fc.array(nastyPiece, { maxLength: 12 }).map((pieces) => pieces.join('')),
  fc.string({ unit: 'binary' }),
  fc.string(),
);

/** Pieces that make any text around them an invalid percent-encoding. */
const BROKEN_ENCODINGS = ['%ZZ', '%Z', '%G0', '%E0', '%C3', '%ED%A0%80', '%F0%9F'];

/**
 * One item of a comma-separated, URI-encoded list that cannot be decoded: valid encoded text
 * around a broken escape (a lead byte before an encoded character never completes it).
 */
export const brokenListItem: fc.Arbitrary<string> = fc
  .tuple(fc.string({ unit: 'binary' }), fc.constantFrom(...BROKEN_ENCODINGS), fc.string({ unit: 'binary' }))
  .map(([before, broken, after]) => encodeURIComponent(before) + broken + encodeURIComponent(after));

/** A query string of any of `names` (and one unknown name) set to junk, possibly repeated. */
export const junkQuery = (names: readonly string[]): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.constantFrom(...names, 'other'), urlJunk), { maxLength: 8 })
    .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&'));

/** Text that survives the URL unchanged: any Unicode, no lone surrogates. */
export const anyText = (constraints: { minLength?: number } = {}) =>
  fc.string({ unit: 'binary', ...constraints });
