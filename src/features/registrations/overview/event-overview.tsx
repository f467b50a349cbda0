import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorState } from '@/components/states/api-error-state';
import { eventQueries } from '@/features/events/api/queries';
import type { Category } from '@/features/events/api/schemas';
import { useRegistrationsLoad } from '../api/use-registrations-load';
import { LoadStatus } from '../components/load-status';
import { eventInsights } from '../insights/event-insights';
import { useInsightLabels } from '../insights/use-insight-labels';
import { CategoryStatusTable } from './category-status-table';
import { DuplicatesSection } from './duplicates-section';
import { KeyFigures } from './key-figures';
import { OrdersSection } from './orders-section';
import { OverviewSkeleton } from './overview-skeleton';
import { OverviewState } from './overview-state';
import { QuestionsSection } from './questions-section';
import './event-overview.css';

const NO_CATEGORIES: Category[] = [];

/**
 * Issue 9's overview of an event's registrations: totals, categories × payment statuses, the
 * answers to each question, orders and possible duplicates, each number a link to the rows it
 * counts. It reads the same registrations query as the registrations screen, so both share
 * one load, its progress and its cache. Figures come only from the complete list.
 */
export function EventOverview({ eventId }: { eventId: number }) {
  const { t } = useTranslation('insights');
  const { data, error, fetching, actions } = useRegistrationsLoad(eventId);
  const categoriesQuery = useQuery(eventQueries.categories(eventId));
  const categories = categoriesQuery.data ?? NO_CATEGORIES;
  const labels = useInsightLabels(categories);
  const headingId = useId();

  const completeRows = data?.phase === 'complete' ? data.rows : null;
  // Category order and names come from the categories; if they fail, ids are shown instead.
  const categoriesSettled = !categoriesQuery.isPending;
  // One pass per part over the rows (about a second for 100,000): only when the list or the
  // categories change, never on a re-render or a language switch.
  const insights = useMemo(
    () =>
      completeRows && categoriesSettled
        ? eventInsights(completeRows, categories, { byCategory: true })
        : null,
    [completeRows, categoriesSettled, categories],
  );
  const failed = !data && error !== null;
  // Stopped or with failed pages: nothing is on its way until the promoter resumes.
  const stopped = data?.phase === 'incomplete' || data?.phase === 'cancelled';
  const shown = insights !== null && insights.total > 0 ? insights : null;

  return (
    <div className="overview">
      <section
        className="card overview-section"
        aria-labelledby={headingId}
        aria-busy={insights === null && !failed && !stopped}
      >
        <h2 id={headingId}>{t('overview.title')}</h2>
        {failed ? (
          <ApiErrorState error={error} onRetry={actions.reload} />
        ) : (
          <OverviewState data={data} computedFrom={insights?.total ?? null} />
        )}
        {data ? (
          <LoadStatus
            data={data}
            fetching={fetching}
            onCancel={actions.cancel}
            onContinue={actions.continue}
          />
        ) : null}
        {shown ? (
          <>
            <KeyFigures eventId={eventId} insights={shown} />
            <CategoryStatusTable eventId={eventId} breakdown={shown.categories} labels={labels} />
          </>
        ) : insights === null && !failed && !stopped ? (
          <OverviewSkeleton />
        ) : null}
      </section>
      {shown ? (
        <>
          <QuestionsSection
            eventId={eventId}
            questions={shown.questions}
            total={shown.total}
            labels={labels}
          />
          <OrdersSection summary={shown.orders} labels={labels} />
          <DuplicatesSection groups={shown.duplicates} labels={labels} />
        </>
      ) : null}
    </div>
  );
}
