import type { Language } from '@/i18n/languages';
import { pickLocalized } from '@/lib/localized-field';
import type { QuestionColumn } from './question-columns';
import { FIXED_COLUMN_IDS, type RegistrationLabels } from './registration-labels';

export interface ColumnTitle {
  text: string;
  /** Set when the title is a question text shown in the other language. */
  lang?: Language;
}

/**
 * Column titles in the current language; question titles fall back to the other language.
 * Two questions may share a text (columns are matched by que_id, not text): such titles get
 * their question id appended, so the screen and the CSV header can tell them apart.
 */
export function columnTitles(
  questions: readonly QuestionColumn[],
  labels: Pick<RegistrationLabels, 'language' | 'column' | 'unnamedQuestion'>,
): Map<string, ColumnTitle> {
  const { language } = labels;
  const titles = new Map<string, ColumnTitle>();
  for (const id of FIXED_COLUMN_IDS) titles.set(id, { text: labels.column(id) });
  const questionTitles = questions.map((question) => {
    const picked = pickLocalized(question, 'que_question', language);
    const title: ColumnTitle = picked
      ? { text: picked.text, ...(picked.isFallback && { lang: picked.lang }) }
      : { text: labels.unnamedQuestion(question.queId) };
    return { question, title };
  });
  const uses = new Map<string, number>();
  for (const { title } of questionTitles) uses.set(title.text, (uses.get(title.text) ?? 0) + 1);
  for (const { question, title } of questionTitles) {
    const shared = (uses.get(title.text) ?? 0) > 1;
    titles.set(question.id, shared ? { ...title, text: `${title.text} (${question.queId})` } : title);
  }
  return titles;
}
