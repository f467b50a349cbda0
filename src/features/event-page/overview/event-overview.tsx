import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Skeleton } from '@/components/states/skeleton';
import { ApiErrorState } from '@/components/states/api-error-state';
import { eventQueries } from '@/features/events/api/queries';
import type { Category } from '@/engine/api/event-schemas';
import { useRegistrationsLoad } from '@/features/registrations/api/use-registrations-load';
import { LoadStatus } from '@/features/registrations/load-status/load-status';
import { useEventInsights, useInsightsDone } from '@/features/registrations/insights/use-event-insights';
import { OVERVIEW_OPTIONS, OVERVIEW_WITH_LISTS } from '@/features/registrations/insights/event-page-options';
import { useInsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { ChangesSummary } from '@/features/registrations/rows/changes-summary';
import { useRegistrationLabels } from '@/features/registrations/rows/use-registrations-model';
import { CategoryStatusTable } from './category-status-table';
import { DuplicatesSection } from './duplicates-section';
import { EditionsSection } from './editions-section';
import { EventSections } from './event-sections';
import { sectionFromHash } from './event-section-ids';
import { KeyFigures } from './key-figures';
import { OrdersSection } from './orders-section';
import { OverviewSkeleton } from './overview-skeleton';
import { OverviewState } from './overview-state';
import { QuestionsSection } from './questions-section';
import { OrderSheetSection } from '../order-sheet/order-sheet-section';
import { ChecksTab } from '../checks/checks-tab';
import { usePublishFindingCount } from '@/features/registrations/checks/use-publish-finding-count';
import { useChecks } from '@/features/registrations/checks/use-checks';
import type { Registration } from '@/engine/api/registration-schemas';
import './event-overview.css';

/**
 * The merch tab asks the engine for the questions read as sizes first, alone (no free text,
 * orders or duplicates to count): its sheet shows long before every figure is counted.
 */
const SIZES_OPTIONS = { questions: true, groups: false, byCategory: true, sizesOnly: true } as const;
/** While a load streams in, the figures follow it at most this often. */
const LOADING_REFRESH_MS = 1000;

/**
 * The event page's figures: key numbers and categories × payment statuses, the answers to each
 * question, orders and possible duplicates, in sections (tabs), each number a link to the rows
 * it counts. It reads the registrations query the registrations screen reads (one load, one
 * cache); the counting runs in the engine worker, for the rows loaded so far while a load
 * goes on (said as such), and is kept with the rows, so coming back shows it at once.
 */
export function EventOverview({ eventId, changesActions }: { eventId: number; changesActions?: ReactNode }) {
  const { t } = useTranslation('insights');
  const { data, error, fetching, actions } = useRegistrationsLoad(eventId);
  const categoriesQuery = useQuery(eventQueries.categories(eventId));
  const labels = useInsightLabels(categoriesQuery.data ?? NO_CATEGORIES);
  const registrationLabels = useRegistrationLabels(categoriesQuery.data ?? NO_CATEGORIES);
  const headingId = useId();

  const complete = data?.phase === 'complete';
  // Category order and names come from the categories; if they fail, ids are shown instead.
  const categories = categoriesQuery.isPending ? null : (categoriesQuery.data ?? NO_CATEGORIES);
  const section = sectionFromHash(useLocation().hash);
  const options = section === 'orders' || section === 'duplicates' ? OVERVIEW_WITH_LISTS : OVERVIEW_OPTIONS;
  const listed = data && categories && (complete || data.rows.length > 0) ? { data, categories } : null;
  // On the merch tab the engine counts the sizes alone first, the rows loaded so far while a
  // load goes on; the rest of the figures wait for the sheet: the engine counts one thing at a time.
  const onMerch = section === 'merch';
  const sizes = useEventInsights(
    onMerch && listed
      ? {
          eventId,
          rows: listed.data.rows,
          categories: listed.categories,
          scope: null,
          options: SIZES_OPTIONS,
        }
      : null,
    complete ? 0 : LOADING_REFRESH_MS,
  );
  // Stopped or with failed pages: nothing is on its way until the promoter resumes.
  const stopped = data?.phase === 'incomplete' || data?.phase === 'cancelled';
  const sizesShown = (complete || stopped) && sizes.insights !== null && sizes.from === data.rows.length;
  const overviewRequest = listed
    ? { eventId, rows: listed.data.rows, categories: listed.categories, scope: null, options }
    : null;
  // The data doctor's scan comes after the figures (the engine counts one thing at a time),
  // except on the Checks tab, where the figures wait for it, as they wait for the merch sheet.
  const onChecks = section === 'checks';
  const figuresDone = useInsightsDone(overviewRequest);
  const checks = useChecks(
    listed ? { eventId, rows: listed.data.rows, categories: listed.categories } : null,
    { complete, held: !onChecks && !(complete && figuresDone) && !stopped },
  );
  const computed = useEventInsights(
    overviewRequest,
    complete ? 0 : LOADING_REFRESH_MS,
    (onMerch && !sizesShown) || (onChecks && checks.summary === null && !stopped),
  );
  const insights = computed.insights;
  const final = complete && insights !== null && computed.from === data.rows.length;
  usePublishFindingCount(eventId, complete ? checks.summary : null);
  const failed = !data && error !== null;
  // An event without registrations still shows its categories, at zero, once that is final.
  const shown = insights !== null && (insights.total > 0 || final) ? insights : null;
  // The sheet reads the whole figures once final, else the sizes counted first.
  const sheetQuestions = final ? insights.questions : (sizes.insights?.questions ?? shown?.questions);

  return (
    <section className="overview" aria-labelledby={headingId} aria-busy={!final && !failed && !stopped}>
      <h2 id={headingId} className="visually-hidden">
        {t('overview.title')}
      </h2>
      {failed ? (
        <ApiErrorState error={error} onRetry={actions.reload} />
      ) : (
        <OverviewState data={data} computedFrom={insights ? computed.from : null} final={final} />
      )}
      {data ? (
        <LoadStatus
          eventId={eventId}
          data={data}
          fetching={fetching}
          onCancel={actions.cancel}
          onContinue={actions.continue}
          onVerify={actions.verify}
        />
      ) : (
        // Holds the banner's place until the first answer, so nothing below it jumps.
        <div className="load-status load-status--pending" aria-hidden="true">
          <Skeleton width="60%" />
          <Skeleton width="85%" />
          <Skeleton width="40%" />
        </div>
      )}
      {data ? (
        <ChangesSummary eventId={eventId} data={data} labels={registrationLabels} actions={changesActions} />
      ) : null}
      {computed.error ? <ApiErrorState error={computed.error} /> : null}
      {shown || (section === 'merch' && sheetQuestions) || (onChecks && listed) ? (
        <EventSections
          counts={
            shown
              ? {
                  answers: shown.questions.length,
                  orders: shown.orders.count,
                  // The likely duplicates: the section says so beside its counts of each kind.
                  duplicates: shown.duplicateCounts.likely,
                }
              : {}
          }
        >
          {(section) =>
            section === 'merch' && sheetQuestions ? (
              <OrderSheetSection eventId={eventId} questions={sheetQuestions} labels={labels} />
            ) : section === 'checks' ? (
              <ChecksTab
                eventId={eventId}
                checks={checks}
                registrations={listed?.data.rows ?? NO_REGISTRATIONS}
                complete={complete}
                labels={labels}
              />
            ) : !shown ? (
              // The merch tab's sizes came first; the other sections wait for every figure.
              <div className="card overview-section">
                <OverviewSkeleton />
              </div>
            ) : section === 'answers' ? (
              <QuestionsSection
                eventId={eventId}
                questions={shown.questions}
                total={shown.total}
                labels={labels}
              />
            ) : section === 'editions' ? (
              <EditionsSection eventId={eventId} />
            ) : (section === 'orders' || section === 'duplicates') && !shown.lists ? (
              // The counts are there; the lists come with the next figures.
              <div className="card overview-section">
                <OverviewSkeleton />
              </div>
            ) : section === 'orders' ? (
              <OrdersSection eventId={eventId} summary={shown.orders} labels={labels} />
            ) : section === 'duplicates' ? (
              <DuplicatesSection eventId={eventId} groups={shown.duplicates} labels={labels} />
            ) : (
              <div className="card overview-section">
                <KeyFigures eventId={eventId} insights={shown} final={final} />
                {categoriesQuery.isError ? (
                  // The figures stand; only the names and order of the categories are missing.
                  <ApiErrorState
                    error={categoriesQuery.error}
                    onRetry={() => void categoriesQuery.refetch()}
                  />
                ) : categoriesQuery.data?.length === 0 ? (
                  <p className="muted">{t('overview.categories.none')}</p>
                ) : null}
                <CategoryStatusTable
                  eventId={eventId}
                  categories={categoriesQuery.data ?? NO_CATEGORIES}
                  breakdown={shown.categories}
                  labels={labels}
                />
              </div>
            )
          }
        </EventSections>
      ) : data && !stopped ? (
        // Only once the first rows are there: "What changed" may come with them, above it, and
        // a skeleton in view that it pushed down would be a layout shift.
        <div className="card overview-section">
          <OverviewSkeleton />
        </div>
      ) : null}
    </section>
  );
}

const NO_CATEGORIES: Category[] = [];
const NO_REGISTRATIONS: readonly Registration[] = [];
