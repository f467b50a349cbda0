import { useTable, type ColumnVisibilityState, type SortingState, type Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label } from '../rows/registration-labels';
import type { RegistrationRow } from '../rows/registration-rows';
import type { RegistrationsView } from '../rows/registrations-view';
import { buildColumns, features } from './registrations-columns';
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
/** Column widths in rem by id; question columns share one width. */
const COLUMN_WIDTHS: Record<string, number> = {
  registration_id: 7.5,
  first_name: 9,
  last_name: 10,
  email: 16,
  category: 12,
  order_id: 8,
  payment_status: 8.5,
};
const QUESTION_WIDTH = 13;

const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/**
 * Every matching row in one scroll: the table fills the rest of the window and scrolls on its
 * own (the page itself does not), with a sticky header; only the rows in view (plus a margin)
 * are in the DOM, so 100,000 rows cost what 40 do. Screen readers get the real size through
 * aria-rowcount and each row's aria-rowindex. Rows are one Tab stop: the arrow keys, Page Up/
 * Down, Home and End move between them, and Enter opens the details. Every cell is rendered
 * as text by React (never as HTML), so `<img onerror=…>` in a name shows literally.
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
  const [active, setActive] = useState(0);
  const focusActive = useRef(false);
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));

  // eslint-disable-next-line react-hooks/incompatible-library -- this component is not memoized by the compiler, on purpose: it re-renders on scroll
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => rows[index]?.id ?? index,
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

  // After a keyboard move, focus the row once it is rendered (a far jump renders it only
  // after the scroll it causes).
  useEffect(() => {
    if (!focusActive.current) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${activeIndex}"]`);
    if (!row) return;
    focusActive.current = false;
    row.focus({ preventScroll: true });
  });

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    focusActive.current = true;
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const pageRows = Math.max(
    1,
    Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1,
  );
  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + pageRows,
      PageUp: activeIndex - pageRows,
      Home: 0,
      End: rows.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      const row = rows[activeIndex];
      if (row && event.target instanceof HTMLTableRowElement) {
        event.preventDefault();
        onOpen(row.id);
      }
    }
  };

  const visibleIds = table.getVisibleLeafColumns().map((column) => column.id);
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = first ? first.start : 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;

  return (
    <div ref={scrollRef} className="registrations-table" role="region" aria-label={caption}>
      <table aria-rowcount={rows.length + 1}>
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          {visibleIds.map((id) => (
            <col key={id} style={{ width: `${COLUMN_WIDTHS[id] ?? QUESTION_WIDTH}rem` }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {headers.map((header) => {
              const title = titles.get(header.column.id) ?? { text: header.column.id };
              const sorted = header.column.getIsSorted();
              return (
                <th key={header.id} scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
                  <button
                    type="button"
                    className="registrations-table__sort"
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
        <tbody onKeyDown={onKeyDown}>
          {padTop > 0 ? <Spacer height={padTop} columns={visibleIds.length} /> : null}
          {tableRows.map((row, position) => {
            const index = items[position]!.index;
            const registration = row.original;
            return (
              <tr
                key={row.id}
                data-index={index}
                aria-rowindex={index + 2}
                aria-selected={registration.id === selectedId}
                tabIndex={index === activeIndex ? 0 : -1}
                onFocus={() => setActive(index)}
                onClick={() => onOpen(registration.id)}
              >
                {row.getVisibleCells().map((cell) =>
                  cell.column.id === 'registration_id' ? (
                    <td key={cell.id}>
                      <button
                        type="button"
                        className="link-button"
                        tabIndex={-1}
                        aria-label={t('table.openDetails', { id: registration.id, name: registration.name })}
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(registration.id);
                        }}
                      >
                        {registration.id}
                      </button>
                    </td>
                  ) : (
                    <td key={cell.id}>
                      <RegistrationCell row={registration} columnId={cell.column.id} />
                    </td>
                  ),
                )}
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
