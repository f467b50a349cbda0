import '@/features/events/i18n';
import '@/features/registrations/i18n';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/components/use-document-title';
import { eventQueries } from '@/features/events/api/queries';
import { EventName, useEventLabel } from '@/features/events/label/event-label';
import { EventUnavailable } from '@/features/events/components/event-unavailable';
import { isEventUnavailable } from '@/features/events/model/event-availability';
import { parseEventId } from '@/features/events/model/event-id';
import { RegistrationsScreen } from '@/features/registrations/table/registrations-screen';
import { DemoNextDayButton } from '@/features/session/components/demo-next-day-button';
import { useSession } from '@/lib/session';

export function RegistrationsRoute() {
  const { t } = useTranslation('registrations');
  const eventId = parseEventId(useParams().eventId);
  // The demo's "move one day ahead" sits beside "What changed", which it keeps on a first visit.
  const demo = useSession()?.demo === true;
  const event = useQuery({ ...eventQueries.detail(eventId ?? 0), enabled: eventId !== null });
  const label = useEventLabel();
  useDocumentTitle(event.data ? `${t('title')} · ${label(event.data).text}` : t('title'));

  if (eventId === null || isEventUnavailable(eventId, event.error)) {
    return (
      <div className="page">
        <EventUnavailable />
      </div>
    );
  }

  return (
    <div className="page registrations-page">
      <nav aria-label={t('breadcrumb')}>
        <Link to={paths.event.build(eventId)}>
          ← {event.data ? <EventName event={event.data} /> : t('back')}
        </Link>
      </nav>
      <div className="page__header">
        <h1>{t('title')}</h1>
      </div>
      <RegistrationsScreen
        key={eventId}
        eventId={eventId}
        event={event.data}
        changesActions={demo ? <DemoNextDayButton /> : undefined}
      />
    </div>
  );
}
