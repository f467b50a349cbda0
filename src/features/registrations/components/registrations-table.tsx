import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationRow } from '../model/registration-rows';
import type { RegistrationsView } from '../model/registrations-view';
import type { ColumnTitle } from './registrations-columns';
import type { RegistrationsTableInstance } from './use-registrations-table';

interface RegistrationsTableProps {
  table: RegistrationsTableInstance;
  /*
   * The table instance keeps its identity across renders, so these say when what it shows
   * changed: the table re-renders for them, not for every keystroke elsewhere on the screen.
   */
  pageRows: readonly RegistrationRow[];
  sort: RegistrationsView['sort'];
  hidden: readonly string[];
  titles: ReadonlyMap<string, ColumnTitle>;
  caption: string;
  selectedId: number | null;
  onOpen: (registrationId: number) => void;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Colour of the payment status pill; an unknown status stays neutral. */
const STATUS_TONE: Record<string, string> = {
  paid: 'paid',
  free: 'free',
  pending: 'pending',
  refunded: 'refunded',
  cancelled: 'cancelled',
};

/**
 * The current page of rows. Every cell is rendered as text by React (never as HTML), so
 * names and answers such as `<img onerror=…>` show literally. The id cell is a button
 * that opens the details panel; clicking anywhere on a row does the same.
 */
export const RegistrationsTable = memo(function RegistrationsTable({
  table,
  titles,
  caption,
  selectedId,
  onOpen,
}: RegistrationsTableProps) {
  const { t } = useTranslation('registrations');
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const rows = table.getRowModel().rows;

  return (
    <div className="registrations-table" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
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
        <tbody>
          {rows.map((row) => {
            const registration = row.original;
            const fullName = [registration.cells.first_name, registration.cells.last_name]
              .filter(Boolean)
              .join(' ');
            return (
              <tr
                key={row.id}
                aria-selected={registration.id === selectedId ? true : undefined}
                onClick={() => onOpen(registration.id)}
              >
                {row.getVisibleCells().map((cell) =>
                  cell.column.id === 'registration_id' ? (
                    <td key={cell.id}>
                      <button
                        type="button"
                        className="link-button"
                        aria-label={t('table.openDetails', { id: registration.id, name: fullName || '—' })}
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
                      {cell.column.id === 'payment_status' && registration.statusKey ? (
                        <span
                          className={`status-pill status-pill--${STATUS_TONE[registration.statusKey] ?? 'other'}`}
                        >
                          {registration.cells.payment_status}
                        </span>
                      ) : (
                        registration.cells[cell.column.id]
                      )}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
