import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The parts of the search's popup that the field shows as soon as the first key is typed, before
 * the search's code has arrived (search-status.tsx, which uses them too).
 */

/** The status line while no answer is there yet. */
export function SearchingText() {
  const { t } = useTranslation();
  return <p>{t('headerSearch.searching')}</p>;
}

/** The listbox the field controls (aria-controls): there from the start, its options once found. */
export function SearchListbox({ id, children }: { id: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ul id={id} role="listbox" aria-label={t('headerSearch.results')} className="header-search__listbox">
      {children}
    </ul>
  );
}
