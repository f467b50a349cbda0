import type { Language } from '@/i18n/languages';
import { localizedText } from '@/lib/localized-field';
import { matchesTerms, searchKey, searchTerms } from '@/lib/text-keys';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import type { EventSort } from './events-view';

export interface ArrangedEvents {
  /** Today and later, soonest first (or by name); events without a date come last. */
  upcoming: PartnerEvent[];
  /** Before today, most recent first (or by name). */
  past: PartnerEvent[];
  matched: number;
}

/**
 * Name and place in both languages, so "Geneva" finds "Genève" on a French screen too; each
 * field's key apart, so digits at the end of one never join those at the start of the next.
 */
function haystack(event: PartnerEvent): string {
  return [event.eve_nom_fr, event.eve_lieu_fr, event.eve_lieu_en]
    .map((field) => searchKey(field ?? ''))
    .join('\n');
}

/**
 * Search, split into upcoming and past (today counts as upcoming) and sort. Dates are
 * `YYYY-MM-DD`, so comparing the strings compares the days.
 */
export function arrangeEvents(
  events: readonly PartnerEvent[],
  options: { q: string; sort: EventSort; today: string; language: Language },
): ArrangedEvents {
  const terms = searchTerms(options.q);
  const matched = terms.length ? events.filter((event) => matchesTerms(haystack(event), terms)) : [...events];
  const collator = new Intl.Collator(options.language, { sensitivity: 'base', numeric: true });
  const byName = (a: PartnerEvent, b: PartnerEvent) =>
    collator.compare(a.eve_nom_fr ?? '', b.eve_nom_fr ?? '') ||
    collator.compare(
      localizedText(a, 'eve_lieu', options.language),
      localizedText(b, 'eve_lieu', options.language),
    );
  const day = (event: PartnerEvent) => event.eve_date_debut?.slice(0, 10) ?? '';

  const upcoming = matched.filter((event) => !day(event) || day(event) >= options.today);
  const past = matched.filter((event) => day(event) && day(event) < options.today);

  if (options.sort === 'name') {
    upcoming.sort(byName);
    past.sort(byName);
  } else {
    upcoming.sort((a, b) => {
      if (!day(a) || !day(b)) return Number(!day(a)) - Number(!day(b)) || byName(a, b);
      return day(a).localeCompare(day(b)) || byName(a, b);
    });
    past.sort((a, b) => day(b).localeCompare(day(a)) || byName(a, b));
  }
  return { upcoming, past, matched: matched.length };
}
