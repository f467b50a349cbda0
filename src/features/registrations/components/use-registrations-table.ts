import {
  useTable,
  type PaginationState,
  type SortingState,
  type Updater,
  type ColumnVisibilityState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { QuestionColumn } from '../model/question-columns';
import type { RegistrationRow } from '../model/registration-rows';
import type { RegistrationsView } from '../model/registrations-view';
import { buildColumns, features } from './registrations-columns';

const apply = <T>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

interface Options {
  rows: RegistrationRow[];
  questions: readonly QuestionColumn[];
  view: RegistrationsView;
  setView: (
    update: (current: RegistrationsView) => RegistrationsView,
    options?: { replace?: boolean },
  ) => void;
}

/** TanStack Table over the filtered rows; sort, visibility and page are controlled by the URL. */
export function useRegistrationsTable({ rows, questions, view, setView }: Options) {
  const columns = useMemo(() => buildColumns(questions), [questions]);
  const sorting = useMemo<SortingState>(() => (view.sort ? [view.sort] : []), [view.sort]);
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(view.hidden.map((id) => [id, false])),
    [view.hidden],
  );
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: view.pageIndex, pageSize: view.pageSize }),
    [view.pageIndex, view.pageSize],
  );

  return useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => String(row.id),
    state: { sorting, columnVisibility, pagination },
    enableMultiSort: false,
    // The page lives in the URL; a new filter resets it explicitly (see the toolbar).
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
