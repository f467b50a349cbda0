import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readRegistrationsView, writeRegistrationsView, type RegistrationsView } from './registrations-view';

/** The view state, read from and written to the URL search params. */
export function useRegistrationsView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => readRegistrationsView(searchParams), [searchParams]);
  const setView = useCallback(
    (update: (current: RegistrationsView) => RegistrationsView, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => writeRegistrationsView(update(readRegistrationsView(current))), {
        replace: options.replace ?? false,
      }),
    [setSearchParams],
  );
  return { view, setView };
}
