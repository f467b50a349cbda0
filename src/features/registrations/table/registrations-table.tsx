import { useTable, type ColumnVisibilityState, type SortingState, type Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MISSING, type Label } from '../rows/registration-labels';
import { cellText, personName, type RegistrationRow } from '../rows/registration-rows';
import type { RegistrationsView } from '../rows/registrations-view';
import { buildColumns, features, layoutColumns } from './registrations-columns';
import { RegistrationCell } from './registration-cell';
import { useTableKeyboard } from './use-table-keyboard';

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
  // eslint-disable-next-line react-hooks/incompatible-library -- this component is not memoized by the compiler, on purpose: it re-renders on scroll
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // Measurements stay keyed by position (the default): every row has the same height, and
    // a key per row would be read for every row, not only the window, whenever the rows change.
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
  const { activeIndex, columnIndex, headerIndex, setActiveHeader, onKeyDown, onFocus, onHeaderKeyDown } =
    useTableKeyboard({
      rows,
      viewKey,
      columnCount: visibleIds.length,
      rowHeight: ROW_HEIGHT,
      scrollRef,
      virtualizer,
      onOpen,
    });

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
                  const text = cellText(registration, id);
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
                            name: personName(registration),
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
