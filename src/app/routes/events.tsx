import '@/features/events/i18n';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorState } from '@/components/states/api-error-state';
import { StatePanel } from '@/components/states/state-panel';
import { useDocumentTitle } from '@/components/use-document-title';
import { useLanguage } from '@/i18n/use-language';
import { todayCalendarDate } from '@/lib/dates';
import { useUrlSyncedState } from '@/lib/use-url-synced-state';
import { eventQueries } from '@/features/events/api/queries';
import { useEventsFigures } from '@/features/registrations/api/event-figures-query';
import { useBackgroundSyncOf } from '@/features/registrations/api/use-background-sync';
import {
  BackgroundSyncStatus,
  EventListCardFigures,
  UpcomingFigures,
} from '@/features/event-figures/event-list-figures';
import { EventFilters } from '@/features/events/components/event-filters';
import { EventListSkeleton } from '@/features/events/components/event-list-skeleton';
import { EventSection } from '@/features/events/components/event-section';
import { arrangeEvents } from '@/features/events/model/arrange-events';
import {
  DEFAULT_EVENTS_VIEW,
  eventsApiParams,
  hasAnyFilter,
  readEventsView,
  writeEventsView,
} from '@/features/events/model/events-view';
import '@/features/events/components/events.css';

export function EventsRoute() {
  const { t } = useTranslation('events');
  const language = useLanguage();
  // The inputs own the view; the URL follows after a pause (links, reload, back/forward).
  const [view, setView] = useUrlSyncedState({ parse: readEventsView, write: writeEventsView });
  const { data, error, isPending, isError, refetch } = useQuery(eventQueries.list(eventsApiParams(view)));
  // A query's answer reaches React as an urgent update: the whole list of cards would render in
  // one task, a long one on a phone, while the page is still starting. Deferred, the cards render
  // in React's time slices, the skeleton (or the previous list) staying on screen meanwhile; the
  // four values move together, so the screen never shows a state the query did not have.
  const events = useDeferredValue(
    useMemo(() => ({ data, error, isPending, isError }), [data, error, isPending, isError]),
  );
  useDocumentTitle(t('title'));

  const today = todayCalendarDate();
  const arranged = useMemo(
    () =>
      events.data ? arrangeEvents(events.data.events, { q: view.q, sort: view.sort, today, language }) : null,
    [events.data, view.q, view.sort, today, language],
  );

  // Every event's figures, shown and summed: the header's totals are the cards' numbers added up.
  const eventIds = useMemo(() => events.data?.events.map((event) => event.eve_id) ?? [], [events.data]);
  const figures = useEventsFigures(eventIds);
  const figuresById = new Map(eventIds.map((id, index) => [id, figures[index]]));
  // Events never counted here are synced in the background: upcoming ones first, the soonest
  // first, then the past ones, the most recent first, whatever the search shows.
  const syncOrder = useMemo(() => {
    if (!events.data) return null;
    const all = arrangeEvents(events.data.events, { q: '', sort: 'date', today, language });
    return [...all.upcoming, ...all.past].map((event) => event.eve_id);
  }, [events.data, today, language]);
  useBackgroundSyncOf(syncOrder);

  const clear = () => setView(DEFAULT_EVENTS_VIEW);
  const clearButton = (
    <button type="button" className="button" onClick={clear}>
      {t('filters.clear')}
    </button>
  );

  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('title')}</h1>
        {events.data && arranged ? (
          <p className="muted" role="status">
            {/* "3 of 8": the search hid some of what the API returned; else just the count. */}
            {arranged.matched < events.data.events.length
              ? t('countFiltered', { count: arranged.matched, total: events.data.events.length })
              : t('count', { count: arranged.matched })}
          </p>
        ) : null}
      </div>
      <EventFilters view={view} onChange={setView} onClear={clear} />
      {events.isPending ? (
        <>
          <p className="visually-hidden" role="status">
            {t('loading')}
          </p>
          <EventListSkeleton />
        </>
      ) : events.isError ? (
        <ApiErrorState
          error={events.error}
          onRetry={() => void refetch()}
          actions={hasAnyFilter(view) ? clearButton : null}
        />
      ) : !arranged || arranged.matched === 0 ? (
        hasAnyFilter(view) ? (
          <StatePanel title={t('noMatch.title')} actions={clearButton}>
            <p>{t('noMatch.description')}</p>
          </StatePanel>
        ) : (
          <StatePanel title={t('empty.title')}>
            <p>{t('empty.description')}</p>
          </StatePanel>
        )
      ) : (
        <>
          {arranged.upcoming.length > 0 ? (
            <UpcomingFigures figures={arranged.upcoming.map((event) => figuresById.get(event.eve_id))} />
          ) : null}
          <EventSection
            title={t('upcoming')}
            events={arranged.upcoming}
            today={today}
            Figures={EventListCardFigures}
          />
          <EventSection
            title={t('past')}
            events={arranged.past}
            today={today}
            Figures={EventListCardFigures}
          />
          {/* After the lists (floating at the bottom of the screen while a sync runs): it comes
              and goes without moving the cards the promoter is about to tap. */}
          <BackgroundSyncStatus />
        </>
      )}
    </div>
  );
}
