import { lazy, Suspense } from 'react';
import { addScreenNamespace } from '@/i18n/screen-namespaces';
import en from '@/i18n/locales/en/search.json';
import fr from '@/i18n/locales/fr/search.json';
import type { SearchHit } from '@/engine/copy/search-protocol';
import { SearchListbox } from './search-popup';
import { SearchSummary } from './search-summary';
import { useParticipantSearch, type ParticipantSearch } from './use-participant-search';

addScreenNamespace('search', { en, fr });

const SearchOptions = lazy(() => import('./search-options'));
const NO_HITS: readonly SearchHit[] = [];

export interface SearchResultsProps {
  /** The field's text, as typed. */
  query: string;
  /** The popup is open: the field has the focus and holds a query. */
  open: boolean;
  /** The answer shown (the field's: it forgets it when emptied), null while none is. */
  found: ParticipantSearch | null;
  /** Shows a newer answer. */
  onFound: (found: ParticipantSearch) => void;
  listboxId: string;
  activeIndex: number;
  optionId: (index: number) => string;
  onPick: (hit: SearchHit) => void;
}

/**
 * The header search's popup content, loaded once the promoter heads for the field (see
 * header-search.tsx): the search in the engine for the field's query, the summary above the
 * results, and the listbox of results. It sends the query the field holds as soon as it is
 * there, so what was typed while it loaded is searched.
 */
export function SearchResults({
  query,
  open,
  found,
  onFound,
  listboxId,
  activeIndex,
  optionId,
  onPick,
}: SearchResultsProps) {
  const events = useParticipantSearch(query, open, onFound);
  const hits = found?.answer.results ?? NO_HITS;
  return (
    <>
      <SearchSummary query={query} found={found} events={events} />
      <SearchListbox id={listboxId}>
        {open && hits.length > 0 ? (
          <Suspense fallback={null}>
            <SearchOptions
              hits={hits}
              events={events}
              activeIndex={activeIndex}
              optionId={optionId}
              onPick={onPick}
            />
          </Suspense>
        ) : null}
      </SearchListbox>
    </>
  );
}
