import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedText } from '@/components/localized-text';
import { ApiErrorState } from '@/components/states/api-error-state';
import { Skeleton } from '@/components/states/skeleton';
import { eventQueries } from '../api/queries';

/** The categories endpoint: type and name in the current language. */
export function EventCategories({ eventId }: { eventId: number }) {
  const { t } = useTranslation('events');
  const { t: tc } = useTranslation('common');
  const id = useId();
  const categories = useQuery(eventQueries.categories(eventId));

  return (
    <section className="card event-categories" aria-labelledby={id}>
      <h2 id={id} className="event-section__title">
        {t('detail.categories')}
        {categories.data ? <span className="badge">{categories.data.length}</span> : null}
      </h2>
      {categories.isPending ? (
        <div aria-hidden="true" className="event-categories__skeleton">
          <Skeleton height="1.5rem" />
          <Skeleton height="1.5rem" />
          <Skeleton height="1.5rem" />
        </div>
      ) : categories.isError ? (
        <ApiErrorState error={categories.error} onRetry={() => void categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <p className="muted">{t('detail.noCategories')}</p>
      ) : (
        <table className="simple-table" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{t('detail.categoryName')}</th>
              <th scope="col">{t('detail.categoryType')}</th>
            </tr>
          </thead>
          <tbody>
            {categories.data.map((category) => (
              <tr key={category.category_id}>
                <td>
                  <LocalizedText
                    record={category}
                    field="epr_nom"
                    empty={tc('category.unnamed', { id: category.category_id })}
                  />
                </td>
                <td>
                  <LocalizedText record={category} field="epr_type" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
