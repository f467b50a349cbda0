import type { Language } from '@/i18n/languages';
import { pickLocalized } from '@/lib/localized-field';
import type { QuestionInsight } from '../insights/question-insights';
import type { Label } from '../model/registration-labels';

/** A question's text in the UI language, the other language's marked with `lang`, else the fallback. */
export function questionTitle(question: QuestionInsight, language: Language, fallback: string): Label {
  const picked = pickLocalized(question, 'que_question', language);
  if (!picked) return { text: fallback };
  return picked.isFallback ? { text: picked.text, lang: picked.lang } : { text: picked.text };
}
