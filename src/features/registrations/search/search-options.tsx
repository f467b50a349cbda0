import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category, PartnerEvent } from '@/features/events/api/schemas';
import { useLanguage } from '@/i18n/use-language';
import type { SearchHit } from '@/lib/device-copy/search-protocol';
import { registrationLabels } from '../rows/registration-labels';
// The status and category labels' texts (the registrations namespace) come with this module,
// loaded once the first results are shown, not with the header of every screen.
import '../i18n';

/** The options of the header search's listbox: one registration each, with what tells it apart. */
export default function SearchOptions({
  hits,
  events,
  activeIndex,
  optionId,
  onPick,
}: {
  hits: readonly SearchHit[];
  /** The account's events by id; null while the list is not known yet. */
  events: ReadonlyMap<number, PartnerEvent> | null;
  activeIndex: number;
  optionId: (index: number) => string;
  onPick: (hit: SearchHit) => void;
}) {
  const { t, i18n } = useTranslation('search');
  const language = useLanguage();
  // One label set per event of the results (its categories), in the current language.
  const labelsByEvent = useMemo(
    () =>
      new Map(
        [...new Set(hits.map((hit) => hit.eventId))].map((eventId) => [
          eventId,
          registrationLabels(i18n, language, categoriesOf(events?.get(eventId), eventId)),
        ]),
      ),
    [hits, events, i18n, language],
  );

  return hits.map((hit, index) => {
    const labels = labelsByEvent.get(hit.eventId)!;
    const event = events?.get(hit.eventId);
    const eventName = event?.eve_nom_fr?.trim();
    const category = labels.categoryLabel(hit.categoryId);
    return (
      <li
        key={`${hit.eventId}:${hit.registrationId}`}
        id={optionId(index)}
        role="option"
        aria-selected={index === activeIndex}
        className="header-search__option"
        // The field keeps the focus (the combobox pattern): a click picks, it does not blur.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onPick(hit)}
      >
        <span className="header-search__line">
          <strong className="header-search__name">
            {labels.person({ first_name: hit.firstName, last_name: hit.lastName })}
          </strong>
          <span className="header-search__status">{labels.status(hit.status)}</span>
        </span>
        <span className="header-search__line header-search__muted">
          <span className="header-search__email">{hit.email ?? labels.missing}</span>
          {hit.orderId ? <span>{t('order', { order: hit.orderId })}</span> : null}
        </span>
        {events ? (
          <span className="header-search__line header-search__muted">
            {/* The API names events in French only: marked so, on English screens. */}
            <span lang={eventName && language !== 'fr' ? 'fr' : undefined}>
              {eventName || t('eventFallback', { id: hit.eventId })}
            </span>
            <span lang={category.lang}>{category.text}</span>
          </span>
        ) : null}
      </li>
    );
  });
}

/** An event's categories from the events list, as the labels take them (names only). */
function categoriesOf(event: PartnerEvent | undefined, eventId: number): Category[] {
  return (event?.categories ?? []).map((category) => ({
    ...category,
    eve_id: eventId,
    epr_type_fr: null,
    epr_type_en: null,
  }));
}
