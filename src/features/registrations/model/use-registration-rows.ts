import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { eventQueries } from '@/features/events/api/queries';
import type { Category } from '@/features/events/api/schemas';
import type { Registration } from '../api/schemas';
import { QuestionDiscovery } from './question-columns';
import { isKnownStatus, RowBuilder } from './registration-rows';

const NO_CATEGORIES: Category[] = [];

/**
 * The table's rows in the current language: category names from the categories endpoint
 * (by id), payment statuses translated (an unknown value is shown as sent), one cell per
 * custom question. Built incrementally as pages arrive; rebuilt when the language or the
 * categories change, never on a keystroke.
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
  // The screen is keyed by event, so one discovery serves one event.
  const [discovery] = useState(() => new QuestionDiscovery());
  const questions = useMemo(() => discovery.update(registrations), [discovery, registrations]);
  const builder = useMemo(
    () =>
      new RowBuilder({
        language,
        categories,
        statusLabel: (status) => (isKnownStatus(status) ? t(`status.${status}`) : status),
      }),
    [language, categories, t],
  );
  const rows = useMemo(() => builder.build(registrations), [builder, registrations]);
  return { rows, questions, categoryList, language };
}
