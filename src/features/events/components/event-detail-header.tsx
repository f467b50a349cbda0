import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LocalizedText } from '@/components/localized-text';
import { formatCalendarDate, todayCalendarDate } from '@/lib/dates';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import { eventTiming } from '../model/event-timing';
import { EventName } from '../label/event-label';
import { useLanguage } from '@/i18n/use-language';

export function EventDetailHeader({ event }: { event: PartnerEvent }) {
  const { t } = useTranslation('events');
  const language = useLanguage();
  const timing = eventTiming(event, todayCalendarDate());
  return (
    <div className="page__header">
      <div className="event-detail__title">
        <h1>
          <EventName event={event} />
        </h1>
        <dl className="event-detail__facts">
          <div>
            <dt>{t('date')}</dt>
            <dd>
              {event.eve_date_debut
                ? formatCalendarDate(event.eve_date_debut, language, { dateStyle: 'full' })
                : t('noDate')}{' '}
              {timing !== 'undated' ? (
                <span className={`badge${timing === 'today' ? ' badge--success' : ''}`}>
                  {t(`timing.${timing}`)}
                </span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>{t('place')}</dt>
            <dd>
              <LocalizedText record={event} field="eve_lieu" empty={t('noPlace')} />
            </dd>
          </div>
        </dl>
      </div>
      <Link className="button button--primary" to={paths.registrations.build(event.eve_id)}>
        {t('detail.viewRegistrations')}
      </Link>
    </div>
  );
}
