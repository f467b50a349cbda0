import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventQueries } from '@/features/events/api/queries';
import type { Category } from '@/engine/api/event-schemas';
import { useLanguage } from '@/i18n/use-language';
import type { Registration } from '@/engine/api/registration-schemas';
import type { RegistrationLabels } from './registration-labels';
import { eventModels, sharedLabels, type RegistrationsModel } from './registrations-model';

const NO_CATEGORIES: Category[] = [];

/** The labels in the current UI language for one event's categories, shared by every screen. */
export function useRegistrationLabels(categories: readonly Category[]): RegistrationLabels {
  const { i18n } = useTranslation(['registrations', 'common']);
  return sharedLabels(i18n, useLanguage(), categories);
}

/**
 * The event's registrations model (rows, questions, titles, facet values) in the current
 * language, shared by every view of the event. A few new rows (a page arrived) are built at
 * once; a whole list (the first render of a cached list, a language switch) is built in
 * slices, showing the previous model meanwhile (the same rows in the previous language, or
 * none yet), so no main-thread task grows with the list.
 */
export function useRegistrationsModel(eventId: number, registrations: readonly Registration[]) {
  const client = useQueryClient();
  const categoriesQuery = useQuery(eventQueries.categories(eventId));
  const categoryList = categoriesQuery.data ?? NO_CATEGORIES;
  const labels = useRegistrationLabels(categoryList);
  const models = eventModels(client, eventId);

  const ready =
    models.peek(registrations, labels) ??
    (models.isLarge(registrations, labels) ? null : models.build(registrations, labels));
  const [sliced, setSliced] = useState<RegistrationsModel | null>(null);

  useEffect(() => {
    if (ready) return;
    const abort = new AbortController();
    // A transition: the screen renders the new model in React's time slices, not in one task.
    models.buildInSlices(registrations, labels, abort.signal).then(
      (built) => startTransition(() => setSliced(built)),
      () => undefined,
    );
    return () => abort.abort();
  }, [ready, models, registrations, labels]);

  const model = ready ?? (sliced?.registrations === registrations ? sliced : null) ?? sliced;
  return { model, categoryList, labels, building: ready === null };
}
