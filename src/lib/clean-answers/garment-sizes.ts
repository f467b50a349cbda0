import { answerKey } from '../text-keys';
import { nearlyEqual } from './typos';

/**
 * Garment sizes as participants type them, in French and English: "XL", "xl ", "TG",
 * "Extra large", "X-Large", "Taille M", "T-shirt femme S", "5-6 ans", "Taille unique".
 *
 * A size is read only when the answer names exactly one: "M/L", "S ou M", "38", "YS" or
 * "5 ans" (children's sizes go by even ages) are left unread, for the promoter to decide,
 * rather than guessed.
 */

/** The clean sizes, in the order a sheet lists them. */
export const GARMENT_SIZES = [
  'XXS',
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '3XL',
  '4XL',
  '5XL',
  'K4',
  'K6',
  'K8',
  'K10',
  'K12',
  'K14',
  'ONE',
] as const;

export type GarmentSize = (typeof GARMENT_SIZES)[number];

/** Every way of writing a size, spaces and punctuation removed (see compact()). */
const SPELLINGS: Readonly<Record<string, GarmentSize>> = {
  ...spellings('XXS', ['xxs', '2xs', 'xxsmall', 'extraextrasmall', 'trestrespetit', 'trestrespetite']),
  ...spellings('XS', ['xs', 'xsmall', 'extrasmall', 'trespetit', 'trespetite', 'tp']),
  ...spellings('S', ['s', 'small', 'sm', 'petit', 'petite', 'p']),
  ...spellings('M', ['m', 'medium', 'med', 'moyen', 'moyenne', 'md']),
  ...spellings('L', ['l', 'large', 'lg', 'grand', 'grande', 'g']),
  ...spellings('XL', ['xl', 'xlarge', 'extralarge', 'tg', 'tresgrand', 'tresgrande', '1xl']),
  ...spellings('XXL', [
    'xxl',
    '2xl',
    '2x',
    'xxlarge',
    'extraextralarge',
    'ttg',
    'trestresgrand',
    'trestresgrande',
  ]),
  ...spellings('3XL', ['xxxl', '3xl', '3x', 'xxxlarge', 'tttg']),
  ...spellings('4XL', ['xxxxl', '4xl', '4x']),
  ...spellings('5XL', ['xxxxxl', '5xl', '5x']),
  ...spellings('ONE', ['tu', 'tailleunique', 'unique', 'onesize', 'os', 'onesizefitsall', 'osfa', 'unisize']),
};

function spellings(size: GarmentSize, written: readonly string[]): Record<string, GarmentSize> {
  return Object.fromEntries(written.map((spelling) => [spelling, size]));
}

/** Words of five letters or more, for typos ("meduim", "extra lage", "xxx-lage"). */
const LONG_WORDS: ReadonlyMap<string, GarmentSize> = new Map(
  Object.entries(SPELLINGS).filter(([spelling]) => spelling.length >= 5 && /^[a-z]+$/.test(spelling)),
);

/** The leading x's: one more or less is another size, never a slip. */
const leadingXs = (word: string) => /^x*/.exec(word)![0].length;

/** Words around a size that say nothing about it: what it is, whose cut, the question's echo. */
const NOISE = new Set([
  'taille',
  'size',
  'tshirt',
  't',
  'shirt',
  'teeshirt',
  'tee',
  'maillot',
  'homme',
  'hommes',
  'femme',
  'femmes',
  'mixte',
  'unisexe',
  'unisex',
  'men',
  'mens',
  'man',
  'women',
  'womens',
  'woman',
  'ladies',
  'lady',
  'adulte',
  'adultes',
  'adult',
  'coupe',
  'cut',
  'ma',
  'my',
  'pour',
  'moi',
  'svp',
  'stp',
  'please',
  'merci',
  'thanks',
  'thank',
  'you',
]);

/** Children's ages, read from "6 ans", "6 years", "5-6 ans", "enfant 6 ans", "kids 6 yrs". */
const CHILD_WORDS = new Set(['enfant', 'enfants', 'child', 'children', 'kid', 'kids', 'junior', 'old']);
/** An age, with its unit written on or not: "6", "6ans", "6y", "6yrs". */
const YEARS = /^(\d{1,2})(?:a|ans?|y|yrs?|years?)?$/;
const AGE_WITH_UNIT = /^\d{1,2}(?:a|ans?|y|yrs?|years?)$/;
const YEAR_WORDS = new Set(['ans', 'an', 'years', 'year', 'yrs', 'yr', 'y']);
const CHILD_AGES: Readonly<Record<number, GarmentSize>> = {
  4: 'K4',
  6: 'K6',
  8: 'K8',
  10: 'K10',
  12: 'K12',
  14: 'K14',
};

/**
 * The answer's words: folded (case, accents), "men's" one word, everything that is not a letter
 * or a digit a space.
 */
function words(raw: string): string[] {
  return answerKey(raw)
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Longer than any way of writing a size with the words around it ("T-shirt femme, taille
 * unique svp"), or with three digits in a row (a phone or licence number): not a size, known
 * at a glance, so a question of names and numbers is ruled out quickly.
 */
const NOT_A_SIZE = /\d{3}/;
const LONGEST_SIZE_ANSWER = 48;

/** The size an answer names, or null when it names none or more than one. */
export function readGarmentSize(raw: string): GarmentSize | null {
  if (raw.length > LONGEST_SIZE_ANSWER || NOT_A_SIZE.test(raw)) return null;
  const all = words(raw);
  const child = readChildAge(all);
  if (child !== undefined) return child;
  // The whole answer as one spelling, before the noise goes: "T.U." is "tu", not "t" and "u".
  const written = spelledBy(all);
  if (written) return written;
  const kept = all.filter((word) => !NOISE.has(word));
  if (kept.length === 0) {
    // "T-shirt" alone, "Taille": no size.
    return null;
  }
  // The whole answer as one spelling: "x-large", "très grand", "one size fits all", "T.U.".
  const whole = spelledBy(kept);
  if (whole) return whole;
  // Word by word, joining neighbours that spell one size ("extra large", "xx large"): every
  // word must be read, and all must name the same size ("L - Large", "XL extra large").
  const found = new Set<GarmentSize>();
  for (let start = 0; start < kept.length;) {
    let end = kept.length;
    let size: GarmentSize | undefined;
    for (; end > start; end -= 1) {
      const slice = kept.slice(start, end);
      size = spelledBy(slice) ?? (canJoin(slice) ? nearSpelling(slice.join('')) : undefined);
      if (size) break;
    }
    if (!size) return null;
    found.add(size);
    start = end;
  }
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * Words that may be read together as one spelling: "extra large", "X-L", "T.U.", but not two
 * sizes side by side ("S/M" is not "sm", one way of writing S).
 */
function canJoin(words: readonly string[]): boolean {
  return words.length === 1 || !words.every((word) => SPELLINGS[word]);
}

function spelledBy(words: readonly string[]): GarmentSize | undefined {
  return canJoin(words) ? SPELLINGS[words.join('')] : undefined;
}

/** A long word misspelt by one letter: "meduim", "lage", "smal", "grnad". */
function nearSpelling(word: string): GarmentSize | undefined {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return undefined;
  let match: GarmentSize | undefined;
  const xs = leadingXs(word);
  for (const [spelling, size] of LONG_WORDS) {
    if (leadingXs(spelling) !== xs || !nearlyEqual(word.slice(xs), spelling.slice(xs))) continue;
    if (match && match !== size) return undefined;
    match = size;
  }
  return match;
}

/**
 * A child's age when the answer is one: undefined when it is not about an age at all, null
 * when it is an age that is not a size (an odd age alone, two ages far apart).
 */
function readChildAge(all: readonly string[]): GarmentSize | null | undefined {
  const kept = all.filter((word) => !CHILD_WORDS.has(word) && !NOISE.has(word));
  const yearsAt = kept.findIndex((word) => YEAR_WORDS.has(word) || AGE_WITH_UNIT.test(word));
  if (yearsAt === -1) return undefined;
  const ages = kept
    .filter((word) => !YEAR_WORDS.has(word))
    .map((word) => YEARS.exec(word)?.[1])
    .map((age) => (age === undefined ? NaN : Number(age)));
  if (ages.length === 0 || ages.some(Number.isNaN)) return null;
  if (ages.length === 1) return CHILD_AGES[ages[0]!] ?? null;
  // "5-6 ans": two ages in a row, sold as the even one.
  if (ages.length === 2 && ages[1]! === ages[0]! + 1) return CHILD_AGES[ages[1]] ?? null;
  return null;
}
