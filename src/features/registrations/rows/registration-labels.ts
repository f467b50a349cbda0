import type { i18n as I18n } from 'i18next';
import type { Category } from '@/engine/api/event-schemas';
import type { Language } from '@/i18n/languages';
import { pickLocalized } from '@/lib/localized-field';
import { fullName } from '@/engine/api/full-name';
import type { Registration } from '@/engine/api/registration-schemas';
import { knownStatus, paymentStatusKey } from '@/engine/api/payment-status';
import { parseCleanKey } from '@/lib/clean-answers/clean-answers';
import type { QuestionColumn } from './question-columns';

/**
 * The one place where a category, a payment status, a person's name or a missing value
 * becomes text. Every surface (table cells, cards, facet menus, details, overview, Numbers,
 * print, CSV, workbook and its figures sheet) reads its labels from here, so one value reads
 * the same everywhere, in both languages:
 *
 * - a category: its name in the UI language, else the other language's (marked with `lang`);
 *   an id the categories endpoint does not list: "Unknown category (#42)"; a listed category
 *   without a name: "Unnamed category (#42)"; none: "No category";
 * - a payment status: one the app knows translated, compared as payment-status compares
 *   ("Cancelled " is "Cancelled"); any other as sent, marked "chargeback (unknown status)";
 *   none (or only spaces): "No status";
 * - a person: first and last name, trimmed; "No name" without either;
 * - a clean answer (clean-answers.ts): its value in the language, "XL", "Enfant 6 ans", "Oui";
 * - any other missing value: "—".
 */

/** The fixed columns, in display order; question columns follow. */
export const FIXED_COLUMN_IDS = [
  'registration_id',
  'first_name',
  'last_name',
  'email',
  'category',
  'order_id',
  'payment_status',
] as const;
export type FixedColumnId = (typeof FIXED_COLUMN_IDS)[number];

/** Shown for a missing value (no e-mail, no answer…); the same in both languages. */
export const MISSING = '—';

/** A label and, when it fell back to the other language, that language (for `lang`). */
export interface Label {
  readonly text: string;
  readonly lang?: Language;
}

/** The labels of one language and one event's categories; build once, call often. */
export interface RegistrationLabels {
  readonly language: Language;
  /** The event's categories the labels name (the categories endpoint's list). */
  readonly categories: readonly Category[];
  /** A category by id (null or undefined: no category), with `lang` on a fallback name. */
  readonly categoryLabel: (categoryId: number | null | undefined) => Label;
  /** The text of categoryLabel. */
  readonly category: (categoryId: number | null | undefined) => string;
  /** A payment status as the API sent it ('', null or undefined: no status). */
  readonly status: (status: string | null | undefined) => string;
  /** A person's first and last name. */
  readonly person: (registration: Pick<Registration, 'first_name' | 'last_name'>) => string;
  readonly missing: string;
  /** The title of a fixed column. */
  readonly column: (columnId: FixedColumnId) => string;
  /** A question without a text in either language: "Question 100301". */
  readonly unnamedQuestion: (queId: number) => string;
  /** The clean value of an answer key ("=SIZE:XL" -> "XL"), or null for a key as typed. */
  readonly cleanAnswer: (key: string) => string | null;
  /**
   * A counted answer: its clean value, else its most common spelling; marked "as typed" when
   * the question is read with a vocabulary that could not read it ("“M/L” as typed").
   */
  readonly answer: (answer: { readonly key: string; readonly text: string }, read: boolean) => string;
  /** The title of an export's column of clean values, beside the answers as typed. */
  readonly cleanColumn: (questionTitle: string) => string;
}

/**
 * The labels in one language, from i18next's texts and the event's categories. Pure apart
 * from reading the texts: tests and workers can call it with the i18n instance. Labels are
 * remembered per id and status, so building 100,000 rows looks each one up once.
 */
export function registrationLabels(
  i18n: I18n,
  language: Language,
  categories: readonly Category[],
): RegistrationLabels {
  const tc = i18n.getFixedT(language, 'common');
  const tr = i18n.getFixedT(language, 'registrations');
  const byId = new Map(categories.map((category) => [category.category_id, category]));
  const noCategory: Label = { text: tc('category.none') };
  const categoryLabels = new Map<number, Label>();
  const statusLabels = new Map<string, string>();
  const noName = tr('noName');

  const categoryLabel = (categoryId: number | null | undefined): Label => {
    if (categoryId === null || categoryId === undefined) return noCategory;
    let label = categoryLabels.get(categoryId);
    if (!label) {
      const category = byId.get(categoryId);
      const picked = category ? pickLocalized(category, 'epr_nom', language) : null;
      label = picked
        ? picked.isFallback
          ? { text: picked.text, lang: picked.lang }
          : { text: picked.text }
        : { text: tc(category ? 'category.unnamed' : 'category.unknown', { id: categoryId }) };
      categoryLabels.set(categoryId, label);
    }
    return label;
  };

  const status = (value: string | null | undefined): string => {
    const sent = value ?? '';
    let label = statusLabels.get(sent);
    if (label === undefined) {
      const known = knownStatus(sent);
      label = known
        ? tr(`status.${known}`)
        : paymentStatusKey(sent) === ''
          ? tr('status.none')
          : tr('status.unknown', { status: sent.trim() });
      statusLabels.set(sent, label);
    }
    return label;
  };

  const cleanAnswer = (key: string): string | null => {
    const clean = parseCleanKey(key);
    if (!clean) return null;
    const { value } = clean;
    const age = /^K(\d+)$/.exec(value)?.[1];
    if (age) return tc('cleanAnswer.child', { age });
    if (value === 'ONE' || value === 'YES' || value === 'NO') return tc(`cleanAnswer.${value}`);
    return value;
  };

  return {
    language,
    categories,
    categoryLabel,
    category: (categoryId) => categoryLabel(categoryId).text,
    status,
    person: (registration) => fullName(registration) || noName,
    missing: MISSING,
    column: (columnId) => tr(`columns.${columnId}`),
    unnamedQuestion: (queId) => tr('questionFallback', { id: queId }),
    cleanAnswer,
    answer: ({ key, text }, read) =>
      cleanAnswer(key) ?? (read ? tc('cleanAnswer.asTyped', { answer: text.trim() }) : text),
    cleanColumn: (title) => tc('cleanAnswer.column', { title }),
  };
}

/** A question's text in the UI language, the other language's marked with `lang`, else the fallback. */
export function questionTitle(
  question: { readonly que_question_fr: string | null; readonly que_question_en: string | null },
  language: Language,
  fallback: string,
): Label {
  const picked = pickLocalized(question, 'que_question', language);
  if (!picked) return { text: fallback };
  return picked.isFallback ? { text: picked.text, lang: picked.lang } : { text: picked.text };
}

/**
 * Column titles in the UI language: the fixed columns', then each question's text (the other
 * language's when it has none, marked with `lang`). Two questions may share a text (columns
 * are matched by que_id, not text): such titles get their question id appended, so the screen
 * and the CSV header can tell them apart.
 */
export function columnTitles(
  questions: readonly QuestionColumn[],
  labels: Pick<RegistrationLabels, 'language' | 'column' | 'unnamedQuestion'>,
): Map<string, Label> {
  const titles = new Map<string, Label>();
  for (const id of FIXED_COLUMN_IDS) titles.set(id, { text: labels.column(id) });
  const questionTitles = questions.map((question) => ({
    question,
    title: questionTitle(question, labels.language, labels.unnamedQuestion(question.queId)),
  }));
  const uses = new Map<string, number>();
  for (const { title } of questionTitles) uses.set(title.text, (uses.get(title.text) ?? 0) + 1);
  for (const { question, title } of questionTitles) {
    const shared = (uses.get(title.text) ?? 0) > 1;
    titles.set(question.id, shared ? { ...title, text: `${title.text} (${question.queId})` } : title);
  }
  return titles;
}
