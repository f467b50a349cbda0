import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  parseList,
  parsePageIndex,
  parsePageSize,
  parseSort,
  readRegistrationsView,
  VIEW_PARAMS,
  writeRegistrationsView,
  type RegistrationsView,
} from './registrations-view';

/**
 * The view state, read from and written to the URL search params. Each part keeps its
 * identity while its own parameter is unchanged, so typing in the search box does not make
 * the filters, sort or columns look new (which would redo work on 25,000 rows).
 */
export function useRegistrationsView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get(VIEW_PARAMS.q) ?? '';
  const cat = searchParams.get(VIEW_PARAMS.categories);
  const status = searchParams.get(VIEW_PARAMS.statuses);
  const sort = searchParams.get(VIEW_PARAMS.sort);
  const hide = searchParams.get(VIEW_PARAMS.hidden);
  const page = searchParams.get(VIEW_PARAMS.page);
  const size = searchParams.get(VIEW_PARAMS.size);
  const categories = useMemo(() => parseList(cat), [cat]);
  const statuses = useMemo(() => parseList(status), [status]);
  const sortState = useMemo(() => parseSort(sort), [sort]);
  const hidden = useMemo(() => parseList(hide).filter(Boolean), [hide]);
  const pageIndex = parsePageIndex(page);
  const pageSize = parsePageSize(size);
  const view = useMemo<RegistrationsView>(
    () => ({ q, categories, statuses, sort: sortState, hidden, pageIndex, pageSize }),
    [q, categories, statuses, sortState, hidden, pageIndex, pageSize],
  );
  const setView = useCallback(
    (update: (current: RegistrationsView) => RegistrationsView, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeRegistrationsView(update(readRegistrationsView(current))), {
        replace: options.replace ?? false,
      }),
    [setSearchParams],
  );
  return { view, setView };
}
