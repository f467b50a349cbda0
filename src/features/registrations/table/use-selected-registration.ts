import { useCallback, useMemo, useRef } from 'react';
import { cellText, type RegistrationRow } from '../rows/registration-rows';
import { clearRowFilters, writeRegistrationsView, type RegistrationsView } from '../rows/registrations-view';
import type { DetailsPosition } from './registration-details';

/**
 * The registration open in the details (the view's `open`): its row, how to open and close it
 * (focus going back to where it was opened), previous and next in the table's order, the other
 * registrations of its order, and the links to each.
 */
export function useSelectedRegistration(
  rows: readonly RegistrationRow[],
  filteredRows: readonly RegistrationRow[],
  view: RegistrationsView,
  setView: (change: (current: RegistrationsView) => RegistrationsView) => void,
) {
  const selectedId = view.open;
  const selected = useMemo(
    () => (selectedId === null ? null : (rows.find((row) => row.id === selectedId) ?? null)),
    [rows, selectedId],
  );
  const openerRef = useRef<HTMLElement | null>(null);
  const show = useCallback((id: number) => setView((current) => ({ ...current, open: id })), [setView]);
  // From the table or the cards: focus goes back there on close (previous/next keep the opener).
  const open = useCallback(
    (id: number) => {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      show(id);
    },
    [show],
  );
  const close = () => {
    setView((current) => ({ ...current, open: null }));
    openerRef.current?.focus();
  };
  // Previous and next follow the table: its search, filters and order.
  const selectedIndex = useMemo(
    () => (selected ? filteredRows.indexOf(selected) : -1),
    [filteredRows, selected],
  );
  const position: DetailsPosition = {
    index: selectedIndex,
    total: filteredRows.length,
    ...(selectedIndex > 0 && { onPrevious: () => show(filteredRows[selectedIndex - 1]!.id) }),
    ...(selectedIndex >= 0 &&
      selectedIndex < filteredRows.length - 1 && { onNext: () => show(filteredRows[selectedIndex + 1]!.id) }),
  };
  const selectedOrder = selected ? cellText(selected, 'order_id').trim() : '';
  const sameOrder = useMemo(
    () =>
      selected && selectedOrder !== ''
        ? rows.filter((row) => row !== selected && cellText(row, 'order_id').trim() === selectedOrder)
        : [],
    [rows, selected, selectedOrder],
  );
  const detailsTo = (id: number) => ({
    search: `?${writeRegistrationsView({ ...view, open: id }).toString()}`,
  });
  const orderTo = (order: string) => ({
    search: `?${writeRegistrationsView({ ...clearRowFilters(view), order, open: null }).toString()}`,
  });
  return { selected, open, close, position, sameOrder, detailsTo, orderTo };
}
