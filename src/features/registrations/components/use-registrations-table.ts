import {
  useTable,
  type ColumnVisibilityState,
  type PaginationState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { QuestionColumn } from '../model/question-columns';
import type { RegistrationRow } from '../model/registration-rows';
import type { RegistrationsView } from '../model/registrations-view';
import { buildColumns, features } from './registrations-columns';

const apply = <T>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

interface Options {
  /** The rows of the current page, already filtered and sorted by the model. */
  pageRows: RegistrationRow[];
  /** How many rows match, over all pages. */
  rowCount: number;
  /** The page shown: the URL's, brought back in range when fewer rows match. */
  pageIndex: number;
  questions: readonly QuestionColumn[];
  view: RegistrationsView;
  setView: (
    update: (current: RegistrationsView) => RegistrationsView,
    options?: { replace?: boolean },
  ) => void;
}

/**
 * TanStack Table owns the columns, their visibility, the sort and page state and the header
 * interactions; sorting, filtering and slicing 25,000 rows happen in the model (sort-rows,
 * filter-rows), which caches what TanStack would recompute on every change. So the table
 * runs in manual mode and only ever builds the rows of one page.
 */
export function useRegistrationsTable({ pageRows, rowCount, pageIndex, questions, view, setView }: Options) {
  const columns = useMemo(() => buildColumns(questions), [questions]);
  const sorting = useMemo<SortingState>(() => (view.sort ? [view.sort] : []), [view.sort]);
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(view.hidden.map((id) => [id, false])),
    [view.hidden],
  );
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex, pageSize: view.pageSize }),
    [pageIndex, view.pageSize],
  );

  return useTable({
    features,
    columns,
    data: pageRows,
    rowCount,
    getRowId: (row) => String(row.id),
    state: { sorting, columnVisibility, pagination },
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    autoResetPageIndex: false,
    onSortingChange: (updater) =>
      setView((current) => {
        const next = apply(updater, sorting)[0];
        return { ...current, sort: next ? { id: next.id, desc: next.desc } : null, pageIndex: 0 };
      }),
    onColumnVisibilityChange: (updater) =>
      setView((current) => {
        const next = apply(updater, columnVisibility);
        return { ...current, hidden: Object.keys(next).filter((id) => next[id] === false) };
      }),
    onPaginationChange: (updater) =>
      setView((current) => {
        const next = apply(updater, pagination);
        return { ...current, pageIndex: next.pageIndex, pageSize: next.pageSize };
      }),
  });
}

export type RegistrationsTableInstance = ReturnType<typeof useRegistrationsTable>;
