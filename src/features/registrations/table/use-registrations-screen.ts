import { useEffect, useMemo } from 'react';
import { useUrlSyncedState } from '@/lib/use-url-synced-state';
import type { Registration } from '@/engine/api/registration-schemas';
import type { RegistrationsLoad } from '../api/use-registrations-load';
import type { Label } from '../rows/registration-labels';
import { categoryFacetOptions, NO_FACET_VALUES, statusFacetOptions } from '../rows/facet-options';
import type { RegistrationRow } from '../rows/registration-rows';
import {
  hasRowFilters,
  readRegistrationsView,
  writeRegistrationsView,
  type RegistrationsView,
} from '../rows/registrations-view';
import { useRegistrationsModel } from '../rows/use-registrations-model';
import { viewRows, visibleColumns } from '../rows/view-rows';
import { warmRows } from '../rows/warm-rows';
import { useEditionIds } from '../editions/use-edition-ids';
import { useAnswerCorrections } from '../rows/answer-corrections';
import { useCheckIds } from '../checks/use-check-ids';

const NO_REGISTRATIONS: readonly Registration[] = [];
const NO_ROWS: readonly RegistrationRow[] = [];
const NO_COLUMNS: readonly string[] = [];
const NO_TITLES: ReadonlyMap<string, Label> = new Map();

/**
 * Everything the registrations screen shows, from its event's load and the view state: the event's
 * shared model (rows in the current language, titles, facet values: see registrations-model),
 * the rows of the view (viewRows, the function exports and print call too), the facets with
 * their counts, the load state and its actions. A keystroke redoes only the filter (one
 * `includes` per row over a cached search string), never the rows, titles or sort.
 */
export function useRegistrationsScreen(eventId: number, load: RegistrationsLoad) {
  const { data, error, pending, fetching, actions } = load;
  const { model, categoryList, labels, building } = useRegistrationsModel(
    eventId,
    data?.rows ?? NO_REGISTRATIONS,
  );
  const { view, setView } = useRegistrationsView();

  const rows = model?.rows ?? NO_ROWS;
  const allColumnIds = model?.columnIds ?? NO_COLUMNS;
  const visibleColumnIds = visibleColumns(allColumnIds, view.hidden);
  const history = data?.history ?? null;
  // Opening a registration's details changes the view's `open`, never its rows: the rows
  // follow only the parts that filter and sort.
  const {
    q,
    categories,
    statuses,
    excludedCategories,
    excludedStatuses,
    answers,
    sort,
    hidden,
    changes,
    order,
  } = view;
  // The URL gives a new object on every read: the filter follows its two values only.
  const editionKind = view.edition?.kind ?? null;
  const editionVs = view.edition?.vs ?? null;
  const edition = useMemo(
    () => (editionKind !== null && editionVs !== null ? { kind: editionKind, vs: editionVs } : null),
    [editionKind, editionVs],
  );
  const editionList = useEditionIds(eventId, edition);
  const check = view.check;
  const { ids: checkIds, error: checkError } = useCheckIds(
    eventId,
    check,
    data?.rows,
    categoryList,
    data?.phase === 'complete',
  );
  // The lists the view names, both at once when it names both: null until each is there.
  const listIds = useMemo(
    () => bothLists(edition ? editionList.ids : undefined, check ? checkIds : undefined),
    [edition, editionList.ids, check, checkIds],
  );
  const rowsView = useMemo<RegistrationsView>(
    () => ({
      q,
      categories,
      statuses,
      excludedCategories,
      excludedStatuses,
      answers,
      sort,
      hidden,
      changes,
      order,
      edition,
      check,
      open: null,
    }),
    [
      q,
      categories,
      statuses,
      excludedCategories,
      excludedStatuses,
      answers,
      sort,
      hidden,
      changes,
      order,
      edition,
      check,
    ],
  );
  const { corrections } = useAnswerCorrections(eventId);
  const filtered = useMemo(
    () => (model ? viewRows(model, rowsView, history, listIds, corrections) : null),
    [model, rowsView, history, listIds, corrections],
  );
  const filteredRows = filtered?.rows ?? NO_ROWS;

  const present = model?.present ?? NO_FACET_VALUES;
  const categoryCounts = filtered?.categoryCounts;
  const statusCounts = filtered?.statusCounts;
  const categoryOptions = useMemo(
    () => categoryFacetOptions(categoryList, present.categories, categoryCounts ?? new Map(), labels),
    [categoryList, present.categories, categoryCounts, labels],
  );
  const statusOptions = useMemo(
    () => statusFacetOptions(present.statuses, statusCounts ?? new Map(), labels),
    [present.statuses, statusCounts, labels],
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
    /** The shared model the rows come from; null while a whole list is first built. */
    model,
    error,
    /** Nothing to show yet: no answer yet, or a whole list's rows are first being built. */
    loading: pending || (building && model === null),
    /**
     * The rows of the latest registrations are still being built (a whole list is built in
     * slices): a registration that is not among `rows` yet may be one of them.
     */
    building,
    /** A load, a resume or a check for changes is under way. */
    fetching,
    view,
    setView,
    filtering: hasRowFilters(view),
    rows,
    filteredRows,
    categoryOptions,
    statusOptions,
    titles: model?.titles ?? NO_TITLES,
    categoryList,
    labels,
    allColumnIds,
    visibleColumnIds,
    /** Stable: the banner and menus that receive them skip re-rendering on a keystroke. */
    actions,
    /**
     * The edition filter's list (null until both editions' lists are whole), the comparison's
     * state and the other edition's load (for its progress).
     */
    editionList,
    /** What an edition filter and a check keep together (see viewRows): exports follow it. */
    listIds,
    /**
     * The view names a list (an edition's, a check's) that is not there yet: the table has no
     * rows to show so far, nor a count.
     */
    listPending: (edition !== null || check !== null) && listIds === null && checkError === null,
    /** The check filter's scan failed: said above the table, which keeps no row. */
    checkError,
  };
}

/**
 * The registrations two named lists keep: undefined for a list the view does not name, null
 * for one not there yet (then nothing is known), their common ids when both are named.
 */
function bothLists(
  a: ReadonlySet<number> | null | undefined,
  b: ReadonlySet<number> | null | undefined,
): ReadonlySet<number> | null {
  if (a === null || b === null) return null;
  if (a === undefined) return b ?? null;
  if (b === undefined) return a;
  return new Set([...a].filter((id) => b.has(id)));
}

/**
 * The view state (search, filters, sort, hidden columns). The inputs own it: a keystroke or a
 * click updates React state and echoes in the same frame, and the heavy derivation follows
 * from that state; the URL follows after a short pause (see useUrlSyncedState): a router
 * navigation per keystroke would lose letters at typing speed on 25,000 rows.
 */
export function useRegistrationsView() {
  const [view, setView] = useUrlSyncedState({ parse: readRegistrationsView, write: writeRegistrationsView });
  return { view, setView };
}

export type SetRegistrationsView = ReturnType<typeof useRegistrationsView>['setView'];
