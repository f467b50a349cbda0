import { useEffect } from 'react';
import { addScreenNamespace } from '@/i18n/screen-namespaces';
import en from '@/i18n/locales/en/search.json';
import fr from '@/i18n/locales/fr/search.json';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import { SearchSummary } from './search-summary';
import { useParticipantSearch, type ParticipantSearch } from './use-participant-search';

addScreenNamespace('search', { en, fr });

export interface SearchStatusProps {
  /** The field's text, as typed. */
  query: string;
  /** The popup is open: the field has the focus and holds a query. */
  open: boolean;
  /** The answer shown (the field's: it forgets it when emptied), null while none is. */
  found: ParticipantSearch | null;
  /** Shows a newer answer. */
  onFound: (found: ParticipantSearch) => void;
  /** The account's events by id, for the results (null while the list is not known). */
  onEvents: (events: ReadonlyMap<number, PartnerEvent> | null) => void;
}

/**
 * The search behind the header's field, loaded once the promoter heads for it (see
 * header-search.tsx): it sends the query the field holds to the engine as soon as it is there,
 * so what was typed while it loaded is searched, and says in the field's status line what was
 * searched and found. The field keeps its status line and results list from the start: a screen
 * reader follows a live region that was on the page before it changed, not one just inserted.
 */
export function SearchStatus({ query, open, found, onFound, onEvents }: SearchStatusProps) {
  const events = useParticipantSearch(query, open, onFound);
  useEffect(() => onEvents(events), [events, onEvents]);
  return <SearchSummary found={found} events={events} />;
}
