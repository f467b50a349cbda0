import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { eventQueries } from '@/features/events/api/queries';
import type { Category } from '@/features/events/api/schemas';
import type { Registration } from '../api/schemas';
import { QuestionDiscovery } from './question-columns';
import { useRegistrationLabels } from './registration-labels';
import { RowBuilder } from './registration-rows';

const NO_CATEGORIES: Category[] = [];

/**
 * The table's rows in the current language, with the labels of registration-labels (category
 * names from the categories endpoint by id, payment statuses translated), one cell per
 * custom question. Built incrementally as pages arrive; rebuilt when the language or the
 * categories change, never on a keystroke.
 */
export function useRegistrationRows(eventId: number, registrations: readonly Registration[]) {
  const categoriesQuery = useQuery(eventQueries.categories(eventId));
  const categoryList = categoriesQuery.data ?? NO_CATEGORIES;
  const labels = useRegistrationLabels(categoryList);
  // The screen is keyed by event, so one discovery serves one event.
  const [discovery] = useState(() => new QuestionDiscovery());
  const questions = useMemo(() => discovery.update(registrations), [discovery, registrations]);
  const builder = useMemo(() => new RowBuilder(labels), [labels]);
  const rows = useMemo(() => builder.build(registrations), [builder, registrations]);
  return { rows, questions, categoryList, labels, language: labels.language };
}
