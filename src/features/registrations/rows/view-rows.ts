import { changedIds } from '@/engine/history/changes-since';
import type { RegistrationHistory } from '@/engine/history/registration-history';
import { NO_CORRECTIONS, type EventCorrections } from '@/lib/clean-answers/clean-answers';
import { filterRows, type FilteredRows } from './filter-rows';
import type { RegistrationRow } from './registration-rows';
import type { RegistrationsModel } from './registrations-model';
import { hasRowFilters, type RegistrationsView } from './registrations-view';
import { sortRows } from './sort-rows';

export interface ViewRows extends FilteredRows {
  /** The columns shown, in order. */
  readonly visibleColumnIds: readonly string[];
}

const visibleCache = new WeakMap<readonly string[], Map<string, readonly string[]>>();

/** The columns a view shows: one array per column list and hidden set, so caches keyed on it hit. */
export function visibleColumns(columnIds: readonly string[], hidden: readonly string[]): readonly string[] {
  let byHidden = visibleCache.get(columnIds);
  if (!byHidden) visibleCache.set(columnIds, (byHidden = new Map<string, readonly string[]>()));
  const key = hidden.join('\u0001');
  let visible = byHidden.get(key);
  if (!visible) byHidden.set(key, (visible = columnIds.filter((id) => !hidden.includes(id))));
  return visible;
}

/**
 * One filtered array per sorted rows and id set (what changed, an edition's list, a check's
 * findings), so the
 * search's narrowing cache keeps hitting.
 */
const changedCache = new WeakMap<
  readonly RegistrationRow[],
  WeakMap<ReadonlySet<number>, RegistrationRow[]>
>();

function onlyChanged(rows: readonly RegistrationRow[], ids: ReadonlySet<number>): readonly RegistrationRow[] {
  let byIds = changedCache.get(rows);
  if (!byIds) changedCache.set(rows, (byIds = new WeakMap<ReadonlySet<number>, RegistrationRow[]>()));
  let kept = byIds.get(ids);
  if (!kept) byIds.set(ids, (kept = rows.filter((row) => ids.has(row.id))));
  return kept;
}

/**
 * The rows a view shows, in its order, with the facet counts: a pure function of the model,
 * the list's history (for "what changed since") and the view. The screen, its exports and
 * its print all call it, so what is exported or printed is by construction what the table
 * shows. Each column's order is sorted once per row set and kept (sort-rows); the filter runs
 * over one cached search string per row. A change filter without a history (the list is not
 * complete yet) keeps no row; removed registrations are not rows of the list (see
 * removedSince). An edition filter, or a check of the data doctor, keeps the registrations
 * of `listIds`: the list the comparison of both editions gives (see editions/use-edition-ids),
 * the registrations the check found (see checks/use-check-ids), or both at once; no
 * row until they are there. An answer filter reads answers with the promoter's corrections
 * (answer-corrections.ts), as the figures whose links open it count them.
 */
export function viewRows(
  model: RegistrationsModel,
  view: RegistrationsView,
  history: RegistrationHistory | null,
  listIds: ReadonlySet<number> | null = null,
  corrections: EventCorrections = NO_CORRECTIONS,
): ViewRows {
  const visibleColumnIds = visibleColumns(model.columnIds, view.hidden);
  const all = sortRows(model.rows, view.sort);
  // A view that keeps every row has the model's own counts, made as it was built: a list
  // opened whole is drawn without a pass over all its rows.
  if (!hasRowFilters(view)) {
    const { categoryCounts, statusCounts } = model.present;
    return { rows: all, categoryCounts, statusCounts, visibleColumnIds };
  }
  const changed = view.changes
    ? history
      ? onlyChanged(all, changedIds(history, model.registrations, view.changes))
      : []
    : all;
  const named = view.edition !== null || view.check !== null;
  const sorted = named ? (listIds ? onlyChanged(changed, listIds) : []) : changed;
  const filtered = filterRows(
    sorted,
    {
      q: view.q,
      categories: view.categories,
      statuses: view.statuses,
      excludedCategories: view.excludedCategories,
      excludedStatuses: view.excludedStatuses,
      answers: view.answers,
      corrections,
      order: view.order,
    },
    visibleColumnIds,
  );
  return { ...filtered, visibleColumnIds };
}
