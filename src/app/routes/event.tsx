import '@/features/events/i18n';
import '@/features/registrations/i18n';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiErrorState } from '@/components/states/api-error-state';
import { preloadableLazy } from '@/components/preloadable-lazy';
import { Skeleton } from '@/components/states/skeleton';
import { useDocumentTitle } from '@/components/use-document-title';
import { useEventLabel } from '@/features/events/label/event-label';
import { eventQueries } from '@/features/events/api/queries';
import { EventDetailHeader } from '@/features/events/components/event-detail-header';
import { EventUnavailable } from '@/features/events/components/event-unavailable';
import { isEventUnavailable } from '@/features/events/model/event-availability';
import { parseEventId } from '@/features/events/model/event-id';
import '@/features/events/components/events.css';
import { OverviewSkeleton } from '@/features/event-page/overview/overview-skeleton';
import { DemoNextDayButton } from '@/features/session/components/demo-next-day-button';
import { useSession } from '@/lib/session';

// Its own chunk: neither the first screen nor the registrations screen loads the overview's code.
const EventOverview = preloadableLazy(() =>
  import('@/features/event-page/overview/event-overview').then((m) => m.EventOverview),
);

/** Loads the overview's code ahead of the first render (see preloadScreenFor in app/routes.tsx). */
export const preloadEventOverview = EventOverview.preload;

export function EventRoute() {
  const { t } = useTranslation('events');
  const eventId = parseEventId(useParams().eventId);
  // The demo's "move one day ahead" sits beside "What changed", which it keeps on a first visit.
  const demo = useSession()?.demo === true;
  const event = useQuery({ ...eventQueries.detail(eventId ?? 0), enabled: eventId !== null });
  const unavailable = isEventUnavailable(eventId, event.error);
  const label = useEventLabel();
  useDocumentTitle(
    unavailable ? t('unavailable.documentTitle') : event.data ? label(event.data).text : t('detail.title'),
  );

  return (
    <div className="page">
      <nav aria-label={t('detail.breadcrumb')}>
        <Link to={paths.events.build()}>← {t('detail.back')}</Link>
      </nav>
      {unavailable ? (
        <EventUnavailable />
      ) : event.isPending ? (
        // The header's shape (name, start date, place, the registrations button), so the
        // figures below do not jump when the event arrives.
        <div className="page__header event-detail__skeleton" aria-busy="true">
          <p className="visually-hidden" role="status">
            {t('detail.loading')}
          </p>
          <div className="event-detail__title">
            <Skeleton width="70%" height="2.25rem" />
            <div className="event-detail__facts">
              <span className="event-detail__skeleton-fact">
                <Skeleton width="5rem" height="0.75rem" />
                <Skeleton width="14rem" height="1.5rem" />
              </span>
              <span className="event-detail__skeleton-fact">
                <Skeleton width="4rem" height="0.75rem" />
                <Skeleton width="9rem" height="1.5rem" />
              </span>
            </div>
          </div>
          <Skeleton width="11rem" height="2.75rem" />
        </div>
      ) : event.isError ? (
        <>
          <h1 className="visually-hidden">{t('detail.title')}</h1>
          <ApiErrorState error={event.error} onRetry={() => void event.refetch()} />
        </>
      ) : (
        <EventDetailHeader event={event.data} />
      )}
      {eventId !== null && !unavailable && !event.isError ? (
        <Suspense fallback={<OverviewSkeleton />}>
          <EventOverview eventId={eventId} changesActions={demo ? <DemoNextDayButton /> : undefined} />
        </Suspense>
      ) : null}
    </div>
  );
}
