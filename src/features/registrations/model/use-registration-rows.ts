import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { eventQueries } from '@/features/events/api/queries';
import type { Category } from '@/features/events/api/schemas';
import type { Registration } from '../api/schemas';
import { discoverQuestions } from './question-columns';
import { buildRows, isKnownStatus } from './registration-rows';

const NO_CATEGORIES: Category[] = [];

/**
 * The table's rows in the current language: category names from the categories endpoint
 * (by id), payment statuses translated (an unknown value is shown as sent), one cell per
 * custom question. Rebuilt when the rows, the language or the categories change, never
 * on a keystroke.
 */
export function useRegistrationRows(eventId: number, registrations: readonly Registration[]) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const categoriesQuery = useQuery(eventQueries.categories(eventId));
  const categoryList = categoriesQuery.data ?? NO_CATEGORIES;

  const categories = useMemo(
    () => new Map(categoryList.map((category) => [category.category_id, category])),
    [categoryList],
  );
  const questions = useMemo(() => discoverQuestions(registrations), [registrations]);
  const rows = useMemo(
    () =>
      buildRows(registrations, {
        language,
        categories,
        questions,
        statusLabel: (status) => (isKnownStatus(status) ? t(`status.${status}`) : status),
      }),
    [registrations, language, categories, questions, t],
  );
  return { rows, questions, categories, categoryList, categoriesQuery, language };
}
