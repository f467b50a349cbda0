import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import type { RegistrationRow } from '../rows/registration-rows';

/*
 * The registrations table's keyboard (the ARIA grid pattern, see registrations-table.tsx): which
 * row, cell and sort button the keys move from, and the moves themselves.
 */

/** Frames a moved-to row has to be drawn in before the keys give up focusing it (about a second). */
const FRAMES_TO_RENDER = 60;

/** Keys that move between rows, with the row they lead to. */
function rowMoves(active: number, count: number, page: number): Record<string, number> {
  return {
    ArrowDown: active + 1,
    ArrowUp: active - 1,
    PageDown: active + page,
    PageUp: active - page,
    Home: 0,
    End: count - 1,
  };
}

/** The column a Left/Right/Home/End press leads to among `count` columns (no wrapping). */
function columnMove(key: string, current: number, count: number): number | undefined {
  if (key === 'ArrowRight') return Math.min(count - 1, current + 1);
  if (key === 'ArrowLeft') return Math.max(0, current - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * Scrolls the table sideways just enough to show `element` whole, to the right of the columns
 * that stay in place (it would otherwise slide under them); never vertically (the virtualizer
 * owns that, and the header is sticky).
 */
function revealSideways(scroller: HTMLElement, element: HTMLElement, stickyEdge: HTMLElement | null) {
  if (element.classList.contains('registrations-table__sticky')) return;
  const box = scroller.getBoundingClientRect();
  const left = stickyEdge ? stickyEdge.getBoundingClientRect().right : box.left + scroller.clientLeft;
  const right = box.left + scroller.clientLeft + scroller.clientWidth;
  const cell = element.getBoundingClientRect();
  if (cell.left < left) scroller.scrollLeft -= left - cell.left;
  else if (cell.right > right) scroller.scrollLeft += Math.min(cell.right - right, cell.left - left);
}

interface TableKeyboardOptions {
  readonly rows: readonly RegistrationRow[];
  /** Changes when the search, filters or sort change: the keys start again from the first row. */
  readonly viewKey: string;
  /** The columns shown. */
  readonly columnCount: number;
  readonly rowHeight: number;
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly virtualizer: Virtualizer<HTMLDivElement, Element>;
  readonly onOpen: (registrationId: number) => void;
}

export function useTableKeyboard({
  rows,
  viewKey,
  columnCount,
  rowHeight,
  scrollRef,
  virtualizer,
  onOpen,
}: TableKeyboardOptions) {
  const [active, setActive] = useState(0);
  /** The focused cell's column in the active row; null when the whole row has focus. */
  const [activeColumn, setActiveColumn] = useState<number | null>(null);
  const [activeHeader, setActiveHeader] = useState(0);
  /**
   * The row (and cell) a keyboard move asked to focus, until it is focused. The move's own
   * target, not the render's: a render that commits before the move's state (the virtualizer
   * renders at once when it scrolls) must not take the request and focus the row it leaves.
   */
  const focusRequest = useRef<{ readonly index: number; readonly column: number | null } | null>(null);
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));

  const lastColumn = columnCount - 1;
  const columnIndex = activeColumn === null ? null : Math.min(activeColumn, lastColumn);
  const headerIndex = Math.min(activeHeader, lastColumn);

  // A new search, filter or sort shows its first rows, as a new query would (rows that stream in
  // while loading keep the scroll where the promoter left it).
  const [shownView, setShownView] = useState(viewKey);
  if (shownView !== viewKey) {
    setShownView(viewKey);
    setActive(0);
  }
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [scrollRef, viewKey]);

  // After a keyboard move, focus the row or cell once it is rendered, and bring a cell into view
  // sideways. A far jump (Home, End) renders it only after the scroll it causes, and the row it
  // leaves goes with the focus: looked for again on the next frames until it is there.
  useEffect(() => {
    const scroller = scrollRef.current;
    const request = focusRequest.current;
    if (!request || !scroller) return;
    let frame = 0;
    let frames = 0;
    const focusWhenRendered = () => {
      const row = scroller.querySelector<HTMLElement>(`tr[data-index="${request.index}"]`);
      if (!row) {
        if (++frames < FRAMES_TO_RENDER) frame = requestAnimationFrame(focusWhenRendered);
        return;
      }
      if (focusRequest.current === request) focusRequest.current = null;
      const { column } = request;
      const target =
        column === null ? row : row.querySelector<HTMLElement>(`td[aria-colindex="${column + 1}"]`);
      if (!target) return;
      target.focus({ preventScroll: true });
      if (target !== row)
        revealSideways(scroller, target, scroller.querySelector('th.registrations-table__edge'));
    };
    focusWhenRendered();
    return () => cancelAnimationFrame(frame);
  });

  const moveTo = (index: number, column: number | null) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    focusRequest.current = { index: next, column: column === null ? null : Math.min(column, lastColumn) };
    setActive(next);
    setActiveColumn(column);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.altKey || event.metaKey) return;
    // A page is the rows the scroll area shows, less one kept in view.
    const pageRows = Math.max(
      1,
      Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1,
    );
    const target = rowMoves(activeIndex, rows.length, pageRows)[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target, columnIndex);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      // Right from the whole row enters its first cell; Left from the first cell leaves it.
      const next =
        event.key === 'ArrowRight'
          ? Math.min(lastColumn, columnIndex === null ? 0 : columnIndex + 1)
          : columnIndex === null || columnIndex === 0
            ? null
            : columnIndex - 1;
      moveTo(activeIndex, next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      const row = rows[activeIndex];
      // A button in a cell (the ID) answers its own Enter.
      if (
        row &&
        (event.target instanceof HTMLTableRowElement || event.target instanceof HTMLTableCellElement)
      ) {
        event.preventDefault();
        onOpen(row.id);
      }
    }
  };
  // A click or a Tab into the rows makes that row (and cell) the one the keys move from.
  const onFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const row = (event.target as Element).closest<HTMLElement>('tr[data-index]');
    if (!row) return;
    setActive(Number(row.dataset.index));
    const cell = event.target instanceof HTMLTableCellElement ? event.target : null;
    setActiveColumn(cell ? Number(cell.getAttribute('aria-colindex')) - 1 : null);
  };

  const focusHeader = (index: number) => {
    const scroller = scrollRef.current;
    const button = scroller?.querySelector<HTMLElement>(`th[aria-colindex="${index + 1}"] button`);
    if (!scroller || !button) return;
    setActiveHeader(index);
    button.focus({ preventScroll: true });
    revealSideways(scroller, button.parentElement!, scroller.querySelector('th.registrations-table__edge'));
  };
  const onHeaderKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.altKey || event.metaKey || event.ctrlKey) return;
    const next = columnMove(event.key, headerIndex, columnCount);
    if (next === undefined) return;
    event.preventDefault();
    focusHeader(next);
  };

  return { activeIndex, columnIndex, headerIndex, setActiveHeader, onKeyDown, onFocus, onHeaderKeyDown };
}
