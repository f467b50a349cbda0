import { memo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LocalizedText } from '@/components/localized-text';
import { formatCalendarDate } from '@/lib/dates';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import { eventTiming, type EventTiming } from '../model/event-timing';
import { EventName } from '../label/event-label';
import { useLanguage } from '@/i18n/use-language';

/** Only "Today" gets a badge: a past event sits in the "Past" section already, under its title. */
const TIMING_BADGE: Partial<Record<EventTiming, string>> = {
  today: 'badge--success',
};

/** What a card shows of its event's registrations: given by the screen (another feature's). */
export type EventFiguresSlot = ComponentType<{ eventId: number }>;

/**
 * An event's card. Memoized: the events list renders again as each event's figures arrive
 * and as the background sync moves on, and only the card whose figures changed should; the
 * `Figures` slot follows its own event's figures (it subscribes to them itself).
 */
export const EventCard = memo(function EventCard({
  event,
  today,
  Figures,
}: {
  event: PartnerEvent;
  /** Today's calendar date, YYYY-MM-DD: what "Today" and "past" are judged by. */
  today: string;
  Figures?: EventFiguresSlot;
}) {
  const timing = eventTiming(event, today);
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
      {Figures ? <Figures eventId={event.eve_id} /> : null}
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
});
