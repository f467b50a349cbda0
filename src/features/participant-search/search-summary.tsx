import { useTranslation } from 'react-i18next';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import { SearchingText } from './search-popup';
import type { ParticipantSearch } from './use-participant-search';

/**
 * Above the results: which events were searched ("Searching 12 of 20 events: open or sync the
 * others…", or that none is kept on this device yet), then how many registrations match (none,
 * all of them listed, or only the first ones). The text of the field's status line (a polite
 * live region: a screen reader hears it once typing pauses).
 */
export function SearchSummary({
  found,
  events,
}: {
  found: ParticipantSearch | null;
  events: ReadonlyMap<number, PartnerEvent> | null;
}) {
  const { t } = useTranslation('search');
  const language = useLanguage();
  if (!found) return <SearchingText />;
  const { answer } = found;
  const searched = events
    ? answer.events.filter((eventId) => events.has(eventId)).length
    : answer.events.length;
  const scope = answer.building
    ? t('scope.reading')
    : searched === 0
      ? t('scope.none')
      : !events
        ? t('scope.known', { count: searched })
        : searched >= events.size
          ? t('scope.all', { count: searched })
          : t('scope.some', { count: searched, total: events.size });
  const formatted = formatCount(answer.total, language);
  const count =
    searched === 0
      ? null
      : answer.total === 0
        ? t('count.none', { query: found.query.trim() })
        : answer.more
          ? t('count.beyond', { shown: answer.results.length, formatted })
          : answer.total > answer.results.length
            ? t('count.more', { shown: answer.results.length, formatted })
            : t('count.all', { count: answer.total, formatted });
  return (
    <>
      <p className="header-search__scope">{scope}</p>
      {count ? <p className="header-search__count">{count}</p> : null}
    </>
  );
}
