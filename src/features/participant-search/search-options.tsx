import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EventName } from '@/features/events/label/event-label';
import type { Category, PartnerEvent } from '@/engine/api/event-schemas';
import { useLanguage } from '@/i18n/use-language';
import type { SearchHit } from '@/engine/copy/search-protocol';
import {
  registrationLabels,
  type RegistrationLabels,
} from '@/features/registrations/rows/registration-labels';
// The status and category labels' texts (the registrations namespace) come with this module,
// loaded once the first results are shown, not with the header of every screen.
import '@/features/registrations/i18n';
import './search-options.css';

/**
 * The options of the header search's listbox: one registration each, with what tells it apart.
 * Memoized: the field re-renders on every key, the results only when an answer or the active
 * option changes.
 */
export default memo(function SearchOptions({
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
  const { i18n } = useTranslation('search');
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

  // The first results (what the panel shows without scrolling, and more) come with the answer;
  // the rest in a render of their own at low priority, which a key typed meanwhile goes before.
  const later = useDeferredValue(hits);
  const shown = later === hits ? hits : hits.slice(0, FIRST_RESULTS);
  return shown.map((hit, index) => (
    <SearchOption
      key={`${hit.eventId}:${hit.registrationId}`}
      hit={hit}
      id={optionId(index)}
      active={index === activeIndex}
      labels={labelsByEvent.get(hit.eventId)!}
      eventsKnown={events !== null}
      event={events?.get(hit.eventId)}
      onPick={onPick}
    />
  ));
});

/** Results rendered with the answer; the panel shows about 6 without scrolling. */
const FIRST_RESULTS = 10;

/**
 * One result, a component of its own (memoized): an answer re-renders only the results that
 * changed, and React can hand the main thread back to a key between two of them.
 */
const SearchOption = memo(function SearchOption({
  hit,
  id,
  active,
  labels,
  eventsKnown,
  event,
  onPick,
}: {
  hit: SearchHit;
  id: string;
  active: boolean;
  labels: RegistrationLabels;
  /** Whether the events list is known: until it is, the result names no event. */
  eventsKnown: boolean;
  /** The result's event in the events list, if it is there. */
  event: PartnerEvent | undefined;
  onPick: (hit: SearchHit) => void;
}) {
  const { t } = useTranslation('search');
  const category = labels.categoryLabel(hit.categoryId);
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
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
      {eventsKnown ? (
        <span className="header-search__line header-search__muted">
          {/* An element of its own: the line puts its separator before each child element. */}
          <span>
            <EventName event={event ?? hit.eventId} />
          </span>
          <span lang={category.lang}>{category.text}</span>
        </span>
      ) : null}
    </li>
  );
});

/** An event's categories from the events list, as the labels take them (names only). */
function categoriesOf(event: PartnerEvent | undefined, eventId: number): Category[] {
  return (event?.categories ?? []).map((category) => ({
    ...category,
    eve_id: eventId,
    epr_type_fr: null,
    epr_type_en: null,
  }));
}
