import { useTable, type ColumnVisibilityState, type SortingState, type Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MISSING, type Label } from '../rows/registration-labels';
import type { RegistrationRow } from '../rows/registration-rows';
import type { RegistrationsView } from '../rows/registrations-view';
import { buildColumns, features, layoutColumns } from './registrations-columns';
import { RegistrationCell } from './registration-cell';

interface RegistrationsTableProps {
  /** Every row to show (filtered and sorted by the model); only the visible window is rendered. */
  rows: readonly RegistrationRow[];
  /** Changes when the search, filters or sort change: the table goes back to its first row. */
  viewKey: string;
  columnIds: readonly string[];
  sort: RegistrationsView['sort'];
  hidden: readonly string[];
  onSortChange: (sort: RegistrationsView['sort']) => void;
  titles: ReadonlyMap<string, Label>;
  caption: string;
  selectedId: number | null;
  onOpen: (registrationId: number) => void;
}

/** One line per row (long answers are in the details): fixed heights keep the window exact. */
const ROW_HEIGHT = 40;
const OVERSCAN = 10;
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

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

/**
 * Every matching row in one scroll: the table fills the rest of the window and scrolls on its
 * own (the page itself does not), with a sticky header; only the rows in view (plus a margin)
 * are in the DOM, so 100,000 rows cost what 40 do. Screen readers get the real size through
 * aria-rowcount and each row's aria-rowindex. Every column has a fixed width (a long answer
 * ends in "…", whole in the cell's title and in the details), and the ID and name columns stay
 * at the left while the others scroll sideways.
 *
 * The keyboard follows the ARIA grid pattern, with two Tab stops: the sort buttons (Left,
 * Right, Home and End move between them, Enter or Space sorts) and the rows (Up, Down, Page
 * Up/Down, Home and End move between rows, Right and Left from one cell to the next in the
 * row, Left from the first cell back to the whole row; Up and Down keep the column; Enter
 * opens the details). Every cell is rendered as text by React (never as HTML), so
 * `<img onerror=…>` in a name shows literally.
 */
export function RegistrationsTable({
  rows,
  viewKey,
  columnIds,
  sort,
  hidden,
  onSortChange,
  titles,
  caption,
  selectedId,
  onOpen,
}: RegistrationsTableProps) {
  const { t } = useTranslation('registrations');
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [active, setActive] = useState(0);
  /** The focused cell's column in the active row; null when the whole row has focus. */
  const [activeColumn, setActiveColumn] = useState<number | null>(null);
  const [activeHeader, setActiveHeader] = useState(0);
  const focusActive = useRef(false);
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));

  // eslint-disable-next-line react-hooks/incompatible-library -- this component is not memoized by the compiler, on purpose: it re-renders on scroll
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => rows[index]?.id ?? index,
    // The rows start below the sticky header, which the virtualizer does not count: without
    // this, a row moved to from above stops one header's height below the bottom, out of view.
    scrollPaddingEnd: headRef.current?.offsetHeight ?? ROW_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const windowRows = useMemo(() => items.map((item) => rows[item.index]!), [items, rows]);

  const columns = useMemo(() => buildColumns(columnIds), [columnIds]);
  const sorting = useMemo<SortingState>(() => (sort ? [sort] : []), [sort]);
  const columnVisibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(hidden.map((id) => [id, false])),
    [hidden],
  );
  // TanStack builds Row objects for the window only: the model already sorted and filtered.
  const table = useTable({
    features,
    columns,
    data: windowRows,
    getRowId: (row) => String(row.id),
    state: { sorting, columnVisibility },
    manualSorting: true,
    enableMultiSort: false,
    onSortingChange: (updater) => {
      const next = apply(updater, sorting)[0];
      onSortChange(next ? { id: next.id, desc: next.desc } : null);
    },
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const tableRows = table.getRowModel().rows;
  const visibleIds = table.getVisibleLeafColumns().map((column) => column.id);
  const layout = layoutColumns(visibleIds);
  const lastColumn = visibleIds.length - 1;
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
  }, [viewKey]);

  // After a keyboard move, focus the row or cell once it is rendered (a far jump renders it
  // only after the scroll it causes), and bring a cell into view sideways.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!focusActive.current || !scroller) return;
    const row = scroller.querySelector<HTMLElement>(`tr[data-index="${activeIndex}"]`);
    if (!row) return;
    focusActive.current = false;
    const target =
      columnIndex === null ? row : row.querySelector<HTMLElement>(`td[aria-colindex="${columnIndex + 1}"]`);
    if (!target) return;
    target.focus({ preventScroll: true });
    if (target !== row)
      revealSideways(scroller, target, scroller.querySelector('th.registrations-table__edge'));
  });

  const moveTo = (index: number, column: number | null) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    focusActive.current = true;
    setActive(next);
    setActiveColumn(column);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const pageRows = Math.max(
    1,
    Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1,
  );
  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.altKey || event.metaKey) return;
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
    const next = columnMove(event.key, headerIndex, visibleIds.length);
    if (next === undefined) return;
    event.preventDefault();
    focusHeader(next);
  };

  const first = items[0];
  const last = items[items.length - 1];
  const padTop = first ? first.start : 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const stickyClass = (index: number) => {
    const column = layout.columns[index];
    if (column?.stickyLeft == null) return undefined;
    return column.stickyEdge
      ? 'registrations-table__sticky registrations-table__edge'
      : 'registrations-table__sticky';
  };
  const stickyStyle = (index: number) => {
    const left = layout.columns[index]?.stickyLeft;
    return left == null ? undefined : { left: `${left}rem` };
  };

  return (
    <div
      ref={scrollRef}
      className="registrations-table"
      role="region"
      aria-label={caption}
      // A cell brought into view by the browser (a Tab, a search in the page) stops right of
      // the columns that stay in place, not under them.
      style={{ scrollPaddingInlineStart: `${layout.stickyWidth}rem` }}
    >
      <table
        role="grid"
        aria-rowcount={rows.length + 1}
        aria-colcount={visibleIds.length}
        style={{ width: `${layout.totalWidth}rem` }}
      >
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          {layout.columns.map((column) => (
            <col key={column.id} style={{ width: `${column.width}rem` }} />
          ))}
        </colgroup>
        <thead ref={headRef} onKeyDown={onHeaderKeyDown}>
          <tr aria-rowindex={1}>
            {headers.map((header, index) => {
              const title = titles.get(header.column.id) ?? { text: header.column.id };
              const sorted = header.column.getIsSorted();
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-colindex={index + 1}
                  aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
                  className={stickyClass(index)}
                  style={stickyStyle(index)}
                >
                  <button
                    type="button"
                    className="registrations-table__sort"
                    // One Tab stop for all the sort buttons: the arrows move between them.
                    tabIndex={index === headerIndex ? 0 : -1}
                    onFocus={() => setActiveHeader(index)}
                    onClick={header.column.getToggleSortingHandler()}
                    title={t('table.sortBy', { column: title.text })}
                  >
                    <span lang={title.lang}>{title.text}</span>
                    <span className="registrations-table__sort-icon" aria-hidden="true">
                      {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown} onFocus={onFocus}>
          {padTop > 0 ? <Spacer height={padTop} columns={visibleIds.length} /> : null}
          {tableRows.map((row, position) => {
            const index = items[position]!.index;
            const registration = row.original;
            const isActive = index === activeIndex;
            return (
              <tr
                key={row.id}
                data-index={index}
                aria-rowindex={index + 2}
                aria-selected={registration.id === selectedId}
                tabIndex={isActive && columnIndex === null ? 0 : -1}
                onClick={() => onOpen(registration.id)}
              >
                {row.getVisibleCells().map((cell, cellIndex) => {
                  const id = cell.column.id;
                  const text = registration.cells[id];
                  return (
                    <td
                      key={cell.id}
                      role="gridcell"
                      aria-colindex={cellIndex + 1}
                      tabIndex={isActive && columnIndex === cellIndex ? 0 : -1}
                      className={stickyClass(cellIndex)}
                      style={stickyStyle(cellIndex)}
                      // The whole text when "…" cuts it (the ID says itself in its button).
                      title={id === 'registration_id' || !text || text === MISSING ? undefined : text}
                    >
                      {id === 'registration_id' ? (
                        <button
                          type="button"
                          className="link-button"
                          tabIndex={-1}
                          aria-label={t('table.openDetails', {
                            id: registration.id,
                            name: registration.name,
                          })}
                          onClick={(event) => {
                            event.stopPropagation();
                            onOpen(registration.id);
                          }}
                        >
                          {registration.id}
                        </button>
                      ) : (
                        <RegistrationCell row={registration} columnId={id} />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {padBottom > 0 ? <Spacer height={padBottom} columns={visibleIds.length} /> : null}
        </tbody>
      </table>
    </div>
  );
}

/** Stands in for the rows outside the window, so the scrollbar has the full height. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className="registrations-table__spacer">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}
