import type { Language } from '@/i18n/languages';
import { pickLocalized } from '@/lib/localized-field';
import type { InsightLabel } from '../insights/use-insight-labels';
import type { QuestionInsight } from '../insights/question-insights';

/** A question's text in the UI language, the other language's marked with `lang`, else the fallback. */
export function questionTitle(question: QuestionInsight, language: Language, fallback: string): InsightLabel {
  const picked = pickLocalized(question, 'que_question', language);
  if (!picked) return { text: fallback };
  return picked.isFallback ? { text: picked.text, lang: picked.lang } : { text: picked.text };
}
