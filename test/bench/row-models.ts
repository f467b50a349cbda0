/**
 * TanStack Table's row models against the registrations model (sort-rows, filter-rows), on the
 * same rows, in Node: the choice the screen makes is measured here, not assumed.
 *
 * Both sides get the same head start: a normalized sort key per cell and one normalized search
 * string per row (what the screen warms in idle time after a load). TanStack sorts with a
 * comparator over those keys and filters with a global filter function that reads the cached
 * search string; the model sorts once per column and row set (cached) and filters in one pass.
 */
import {
  columnFilteringFeature,
  constructTable,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/table-core';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import { searchTerms } from '../../src/lib/text-keys';
import { filterRows } from '../../src/features/registrations/rows/filter-rows';
import { QuestionDiscovery } from '../../src/features/registrations/rows/question-columns';
import {
  FIXED_COLUMN_IDS,
  registrationLabels,
} from '../../src/features/registrations/rows/registration-labels';
import {
  sortedCell,
  cellText,
  RowBuilder,
  searchColumnsKey,
  searchText,
  type RegistrationRow,
} from '../../src/features/registrations/rows/registration-rows';
import { sortRows } from '../../src/features/registrations/rows/sort-rows';
import i18n from '../../src/i18n';
import { getDemoDataset } from '../../src/mocks/data';
import type { Category } from '../../src/engine/api/event-schemas';
import type { Registration } from '../../src/engine/api/registration-schemas';

export interface RowModelFigures {
  rows: number;
  /** First sort of a column (nothing cached), then the same column descending, in ms. */
  model: { firstSortMs: number; reverseSortMs: number; keystrokeMs: number };
  tanstack: { firstSortMs: number; reverseSortMs: number; keystrokeMs: number };
}

const QUERY = 'mar';

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function buildRows(eventId: number): { rows: RegistrationRow[]; columnIds: string[] } {
  const registrations = getDemoDataset().registrationsOf(eventId) as unknown as Registration[];
  const questions = new QuestionDiscovery().update(registrations);
  const categories = getDemoDataset().findEvent(eventId)?.categories ?? [];
  const builder = new RowBuilder(registrationLabels(i18n, 'en', categories as unknown as Category[]));
  const rows = builder.build(registrations);
  const columnIds = [...FIXED_COLUMN_IDS, ...questions.map((question) => question.id)];
  const key = searchColumnsKey(columnIds);
  for (const row of rows) searchText(row, columnIds, key);
  return { rows, columnIds };
}

/**
 * What the comparator and the filter read of a TanStack row. Typed structurally: the row type
 * depends on the feature set, which is built from these very functions.
 */
interface TableRow {
  original: RegistrationRow;
}

/** TanStack's comparator gets the same head start: each cell's sort key normalized once. */
const sortKeys = new WeakMap<RegistrationRow, Map<string, string>>();
function sortKey(row: RegistrationRow, columnId: string): string {
  let keys = sortKeys.get(row);
  if (!keys) sortKeys.set(row, (keys = new Map<string, string>()));
  let key = keys.get(columnId);
  if (key === undefined) keys.set(columnId, (key = sortedCell(row, columnId)));
  return key;
}

const byNormalizedCell = (a: TableRow, b: TableRow, columnId: string): number => {
  const x = sortKey(a.original, columnId);
  const y = sortKey(b.original, columnId);
  return x < y ? -1 : x > y ? 1 : 0;
};

function tanstackFigures(rows: RegistrationRow[], columnIds: string[]) {
  const key = searchColumnsKey(columnIds);
  const bySearchText = (row: TableRow, _columnId: string, value: string): boolean => {
    const text = searchText(row.original, columnIds, key);
    return searchTerms(value).every((term) => text.includes(term));
  };
  const features = tableFeatures({
    coreReactivityFeature: storeReactivityBindings(),
    rowSortingFeature,
    sortedRowModel: createSortedRowModel(),
    sortFns: { byNormalizedCell },
    columnFilteringFeature,
    globalFilteringFeature,
    filteredRowModel: createFilteredRowModel(),
    filterFns: { bySearchText },
  });
  const helper = createColumnHelper<typeof features, RegistrationRow>();
  const columns = helper.columns(
    columnIds.map((id) => helper.accessor((row) => cellText(row, id), { id, sortFn: 'byNormalizedCell' })),
  );
  const table = constructTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => String(row.id),
    globalFilterFn: 'bySearchText',
    // One global filter pass per row, not one per column: the search string covers them all.
    getColumnCanGlobalFilter: (column) => column.id === 'registration_id',
  });
  table.getRowModel();
  const firstSortMs = time(() => {
    table.setSorting([{ id: 'last_name', desc: false }]);
    table.getRowModel();
  });
  const reverseSortMs = time(() => {
    table.setSorting([{ id: 'last_name', desc: true }]);
    table.getRowModel();
  });
  const keystrokes: number[] = [];
  for (let i = 1; i <= QUERY.length; i += 1) {
    keystrokes.push(
      time(() => {
        table.setGlobalFilter(QUERY.slice(0, i));
        table.getRowModel();
      }),
    );
  }
  return { firstSortMs, reverseSortMs, keystrokeMs: median(keystrokes) };
}

function modelFigures(rows: RegistrationRow[], columnIds: string[]) {
  const firstSortMs = time(() => sortRows(rows, { id: 'last_name', desc: false }));
  const reverseSortMs = time(() => sortRows(rows, { id: 'last_name', desc: true }));
  const sorted = sortRows(rows, { id: 'last_name', desc: true });
  const keystrokes: number[] = [];
  for (let i = 1; i <= QUERY.length; i += 1) {
    keystrokes.push(
      time(() => filterRows(sorted, { q: QUERY.slice(0, i), categories: [], statuses: [] }, columnIds)),
    );
  }
  return { firstSortMs, reverseSortMs, keystrokeMs: median(keystrokes) };
}

/** Each side on fresh rows, so neither finds the other's caches. */
export function measureRowModels(eventId: number): RowModelFigures {
  const forModel = buildRows(eventId);
  const model = modelFigures(forModel.rows, forModel.columnIds);
  const forTanstack = buildRows(eventId);
  const tanstack = tanstackFigures(forTanstack.rows, forTanstack.columnIds);
  return { rows: forModel.rows.length, model, tanstack };
}
