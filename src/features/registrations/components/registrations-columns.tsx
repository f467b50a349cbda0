import {
  columnVisibilityFeature,
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { Language } from '@/i18n/languages';
import { pickLocalized } from '@/lib/localized-field';
import type { QuestionColumn } from '../model/question-columns';
import { FIXED_COLUMN_IDS, type RegistrationRow } from '../model/registration-rows';

// Registered once, at module scope, as TanStack Table 9 requires. Sorting and pagination
// run in manual mode (the model sorts and slices), so no row models are registered.
export const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
});

const helper = createColumnHelper<typeof features, RegistrationRow>();

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
  language: Language,
  fixedTitle: (id: (typeof FIXED_COLUMN_IDS)[number]) => string,
  questionFallback: (queId: number) => string,
): Map<string, ColumnTitle> {
  const titles = new Map<string, ColumnTitle>();
  for (const id of FIXED_COLUMN_IDS) titles.set(id, { text: fixedTitle(id) });
  const questionTitles = questions.map((question) => {
    const picked = pickLocalized(question, 'que_question', language);
    const title: ColumnTitle = picked
      ? { text: picked.text, ...(picked.isFallback && { lang: picked.lang }) }
      : { text: questionFallback(question.queId) };
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

/** Fixed columns then one column per custom question; every cell is the row's text. */
export function buildColumns(questions: readonly QuestionColumn[]) {
  const ids = [...FIXED_COLUMN_IDS, ...questions.map((question) => question.id)];
  return helper.columns(
    ids.map((id) => helper.accessor((row) => row.cells[id] ?? '', { id, sortDescFirst: false })),
  );
}
