import { normalizeForSearch } from '@/lib/search-text';

const ASCII = /^[\x20-\x7e]*$/;
const SPACES = /\s+/g;

/**
 * The form under which answers are counted together: case, accents and runs of whitespace
 * folded, so "Genève ", "geneve" and "GENÈVE" are one answer. '' means "not answered".
 */
export function answerKey(text: string): string {
  const spaced = text.trim().replace(SPACES, ' ');
  // Most answers are plain ASCII (sizes, numbers, e-mails): skip Unicode normalization.
  return ASCII.test(spaced) ? spaced.toLowerCase() : normalizeForSearch(spaced);
}

/**
 * answerKey() remembered per original text: the same few answers ("M", "Facebook") come
 * back thousands of times. One cache per computation, so nothing outlives it.
 */
export function cachedAnswerKey(): (text: string) => string {
  const cache = new Map<string, string>();
  return (text) => {
    let key = cache.get(text);
    if (key === undefined) {
      key = answerKey(text);
      cache.set(text, key);
    }
    return key;
  };
}
