import { answerKey } from '../text-keys';

/**
 * Yes and no as participants type them in French and English: "Oui", "oui ", "Yes", "Non
 * merci", "no". An answer that says both or neither ("oui/non", "peut-être") is left unread.
 */

export const YES_NO = ['YES', 'NO'] as const;
export type YesNo = (typeof YES_NO)[number];

const WORDS: Readonly<Record<string, YesNo>> = {
  oui: 'YES',
  ouais: 'YES',
  yes: 'YES',
  yep: 'YES',
  yeah: 'YES',
  y: 'YES',
  o: 'YES',
  ok: 'YES',
  vrai: 'YES',
  true: 'YES',
  non: 'NO',
  no: 'NO',
  nope: 'NO',
  n: 'NO',
  faux: 'NO',
  false: 'NO',
};

/** Words that may follow yes or no without changing it: "Oui merci", "No thanks", "Oui, bien sûr". */
const POLITE = new Set(['merci', 'thanks', 'thank', 'you', 'please', 'svp', 'bien', 'sur', 'of', 'course']);

/** YES or NO when the answer says exactly one of them, otherwise null. */
export function readYesNo(raw: string): YesNo | null {
  // "Oui, bien sûr, merci beaucoup" is the longest way the words below say yes.
  if (raw.length > 40) return null;
  const words = answerKey(raw)
    .split(/[^a-z]+/)
    .filter(Boolean);
  const said = new Set<YesNo>();
  for (const word of words) {
    const meaning = WORDS[word];
    if (meaning) said.add(meaning);
    else if (!POLITE.has(word)) return null;
  }
  return said.size === 1 ? [...said][0]! : null;
}
