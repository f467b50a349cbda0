/**
 * True when `typed` is `word` with at most one slip of the keyboard: a letter missing, one too
 * many, one wrong, or two neighbours swapped ("meduim", "lage", "smal", "grnad").
 */
export function nearlyEqual(typed: string, word: string): boolean {
  if (typed === word) return true;
  const lengthGap = typed.length - word.length;
  if (Math.abs(lengthGap) > 1) return false;
  let at = 0;
  while (at < typed.length && at < word.length && typed[at] === word[at]) at += 1;
  if (lengthGap === 0) {
    // One letter wrong, or two neighbours swapped.
    if (typed.slice(at + 1) === word.slice(at + 1)) return true;
    return (
      typed[at] === word[at + 1] && typed[at + 1] === word[at] && typed.slice(at + 2) === word.slice(at + 2)
    );
  }
  // One letter too many (typed is longer) or missing.
  return lengthGap > 0 ? typed.slice(at + 1) === word.slice(at) : typed.slice(at) === word.slice(at + 1);
}
