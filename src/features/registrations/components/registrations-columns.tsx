import {
  columnVisibilityFeature,
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  constructSortFn,
  tableFeatures,
} from '@tanstack/react-table';
import type { Language } from '@/i18n/languages';
import { pickLocalized } from '@/lib/localized-field';
import type { QuestionColumn } from '../model/question-columns';
import { FIXED_COLUMN_IDS, normalizedCell, type RegistrationRow } from '../model/registration-rows';

/**
 * Sorting compares normalized text computed once per cell (case and accents folded), so a
 * sort of 25,000 rows compares plain strings instead of running a collator 400,000 times.
 */
const compareNormalized = constructSortFn({
  sort: (
    _a: unknown,
    _b: unknown,
    rowA: { original: RegistrationRow },
    rowB: { original: RegistrationRow },
    id: string,
  ) => {
    const left = normalizedCell(rowA.original, id);
    const right = normalizedCell(rowB.original, id);
    return left < right ? -1 : left > right ? 1 : rowA.original.id - rowB.original.id;
  },
});

const compareId = constructSortFn({
  sort: (
    _a: unknown,
    _b: unknown,
    rowA: { original: RegistrationRow },
    rowB: { original: RegistrationRow },
  ) => rowA.original.id - rowB.original.id,
});

// Registered once, at module scope, as TanStack Table 9 requires.
export const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { normalized: compareNormalized, registrationId: compareId },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
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
    ids.map((id) =>
      helper.accessor((row) => row.cells[id] ?? '', {
        id,
        sortFn: id === 'registration_id' ? 'registrationId' : 'normalized',
        sortDescFirst: false,
      }),
    ),
  );
}
