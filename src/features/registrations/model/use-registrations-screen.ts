import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registration } from '../api/schemas';
import { useRegistrationsLoad } from '../api/use-registrations-load';
import { columnTitles } from './column-titles';
import { categoryFacetOptions, presentFacetValues, statusFacetOptions } from './facet-options';
import { filterRows } from './filter-rows';
import { FIXED_COLUMN_IDS } from './registration-rows';
import { hasRowFilters } from './registrations-view';
import { sortRows } from './sort-rows';
import { useRegistrationRows } from './use-registration-rows';
import { useRegistrationsView } from './use-registrations-view';
import { warmRows } from './warm-rows';

const NO_ROWS: readonly Registration[] = [];

/**
 * Everything the registrations screen shows, from one query and the view state: the rows in
 * the current language, sorted and filtered, the facets with their counts, the column titles,
 * the load state and the actions on it. Derived views are pure functions of the query's data
 * and the view, memoized so a keystroke redoes only the filter (one `includes` per row over a
 * precomputed search string) and never the rows, titles or sort.
 */
export function useRegistrationsScreen(eventId: number) {
  const { t } = useTranslation('registrations');
  const { data, error, pending, fetching, actions } = useRegistrationsLoad(eventId);
  const { rows, questions, categoryList, labels, language } = useRegistrationRows(
    eventId,
    data?.rows ?? NO_ROWS,
  );
  const { view, setView } = useRegistrationsView();

  const titles = useMemo(
    () =>
      columnTitles(
        questions,
        language,
        (id) => t(`columns.${id}`),
        (queId) => t('questionFallback', { id: queId }),
      ),
    [questions, language, t],
  );
  const allColumnIds = useMemo(() => [...FIXED_COLUMN_IDS, ...questions.map((q) => q.id)], [questions]);
  const visibleColumnIds = useMemo(
    () => allColumnIds.filter((id) => !view.hidden.includes(id)),
    [allColumnIds, view.hidden],
  );

  // Sorted once per column and row set (cached), then filtered in that order on each keystroke.
  const sorted = useMemo(() => sortRows(rows, view.sort), [rows, view.sort]);
  const filtered = useMemo(
    () =>
      filterRows(
        sorted,
        { q: view.q, categories: view.categories, statuses: view.statuses, answers: view.answers },
        visibleColumnIds,
      ),
    [sorted, view.q, view.categories, view.statuses, view.answers, visibleColumnIds],
  );

  const present = useMemo(() => presentFacetValues(rows), [rows]);
  const categoryOptions = useMemo(
    () => categoryFacetOptions(categoryList, present.categories, filtered.categoryCounts, labels),
    [categoryList, present.categories, filtered.categoryCounts, labels],
  );
  const statusOptions = useMemo(
    () => statusFacetOptions(present.statuses, filtered.statusCounts, labels),
    [present.statuses, filtered.statusCounts, labels],
  );

  // Once everything is loaded, prepare search text and column orders while the promoter looks.
  const complete = data?.phase === 'complete';
  useEffect(
    () => (complete ? warmRows(rows, visibleColumnIds) : undefined),
    [complete, rows, visibleColumnIds],
  );

  return {
    /** Undefined until the first page arrives (or when the first page failed: see `error`). */
    data,
    error,
    loading: pending,
    /** A load, a resume or a check for changes is under way. */
    fetching,
    view,
    setView,
    filtering: hasRowFilters(view),
    rows,
    filteredRows: filtered.rows,
    categoryOptions,
    statusOptions,
    titles,
    categoryList,
    labels,
    allColumnIds,
    visibleColumnIds,
    /** Stable: the banner and menus that receive them skip re-rendering on a keystroke. */
    actions,
  };
}
