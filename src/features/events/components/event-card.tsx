import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LocalizedText } from '@/components/localized-text';
import { formatCalendarDate } from '@/lib/dates';
import type { PartnerEvent } from '../api/schemas';
import type { EventTiming } from '../model/event-timing';
import { EventName } from './event-name';
import { useLanguage } from '@/i18n/use-language';

/** Only "Today" gets a badge: a past event sits in the "Past" section already, under its title. */
const TIMING_BADGE: Partial<Record<EventTiming, string>> = {
  today: 'badge--success',
};

/** `figures`: the event's registration figures, given by the screen (they come from another feature). */
export function EventCard({
  event,
  timing,
  figures,
}: {
  event: PartnerEvent;
  timing: EventTiming;
  figures?: ReactNode;
}) {
  const { t } = useTranslation('events');
  const language = useLanguage();
  const { t: tc } = useTranslation('common');
  return (
    <li className={`card event-card${timing === 'past' ? ' event-card--past' : ''}`}>
      <h3 className="event-card__name">
        <Link to={paths.event.build(event.eve_id)}>
          <EventName event={event} />
        </Link>
      </h3>
      <p className="event-card__meta">
        <span>
          <span className="visually-hidden">{t('date')}: </span>
          {event.eve_date_debut ? formatCalendarDate(event.eve_date_debut, language) : t('noDate')}
        </span>
        <span aria-hidden="true"> · </span>
        <span>
          <span className="visually-hidden">{t('place')}: </span>
          <LocalizedText record={event} field="eve_lieu" empty={t('noPlace')} />
        </span>
      </p>
      {figures}
      {timing in TIMING_BADGE ? (
        <span className={`badge event-card__when ${TIMING_BADGE[timing]}`}>
          {t(`timing.${timing as 'today'}`)}
        </span>
      ) : null}
      {event.categories.length > 0 ? (
        <ul className="event-card__categories" aria-label={t('categories')}>
          {event.categories.map((category) => (
            <li key={category.category_id} className="badge badge--accent">
              <LocalizedText
                record={category}
                field="epr_nom"
                empty={tc('category.unnamed', { id: category.category_id })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
