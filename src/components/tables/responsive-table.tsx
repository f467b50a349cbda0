import { useId, type ReactNode } from 'react';
import { useMediaQuery } from '@/components/use-media-query';
import { PHONE_LAYOUT_QUERY } from '@/config/layout';
import { ScrollRegion } from './scroll-region';
import './tables.css';

export interface TableColumn<T> {
  readonly id: string;
  readonly header: string;
  /** The header's language when it is not the page's (a French category name). */
  readonly headerLang?: string;
  readonly cell: (row: T) => ReactNode;
  /** Right-aligned, tabular figures. */
  readonly numeric?: boolean;
  /** Of the body cells (a code font, e-mail wrapping). */
  readonly className?: string;
  /**
   * Column width on a wide screen. When every column has one, the layout is fixed, so a list
   * of small tables (one per group) lines up column for column.
   */
  readonly width?: string;
}

interface ResponsiveTableProps<T> {
  readonly caption: string;
  /** The first column names the row (its row header). */
  readonly columns: readonly TableColumn<T>[];
  readonly rows: readonly T[];
  /** Totals: the table's footer, the last card on a phone. */
  readonly footer?: readonly T[];
  readonly rowKey: (row: T) => string;
  readonly tableClassName?: string;
}

const bodyClass = (column: TableColumn<never>) =>
  [column.numeric ? 'data-table__number' : '', column.className ?? ''].join(' ').trim() || undefined;

/**
 * A table on a wide screen; on a phone, one card per row with each value under its column's
 * name. Five columns of names and addresses, or six of figures with their titles, do not fit
 * 330 px: squeezed, they read one letter per line; scrolled, half the table is out of sight.
 */
export function ResponsiveTable<T>({
  caption,
  columns,
  rows,
  footer = [],
  rowKey,
  tableClassName,
}: ResponsiveTableProps<T>) {
  const phone = useMediaQuery(PHONE_LAYOUT_QUERY);
  const captionId = useId();

  if (phone) {
    return (
      <div className="record-cards">
        <p id={captionId} className="record-cards__caption">
          {caption}
        </p>
        <ul aria-labelledby={captionId}>
          {[...rows, ...footer].map((row) => (
            <li key={rowKey(row)}>
              <dl>
                {columns.map((column) => (
                  <div key={column.id}>
                    <dt lang={column.headerLang}>{column.header}</dt>
                    <dd className={column.className}>{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const fixed = columns.every((column) => column.width !== undefined);
  const classes = ['data-table', tableClassName, fixed ? 'data-table--fixed' : ''];
  const renderRow = (row: T) => {
    const [header, ...rest] = columns;
    return (
      <tr key={rowKey(row)}>
        {header ? (
          <th scope="row" className={bodyClass(header)}>
            {header.cell(row)}
          </th>
        ) : null}
        {rest.map((column) => (
          <td key={column.id} className={bodyClass(column)}>
            {column.cell(row)}
          </td>
        ))}
      </tr>
    );
  };
  return (
    <ScrollRegion label={caption}>
      <table className={classes.filter(Boolean).join(' ')}>
        <caption>{caption}</caption>
        {fixed ? (
          <colgroup>
            {columns.map((column) => (
              <col key={column.id} style={{ inlineSize: column.width }} />
            ))}
          </colgroup>
        ) : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                lang={column.headerLang}
                className={column.numeric ? 'data-table__number' : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map(renderRow)}</tbody>
        {footer.length > 0 ? <tfoot>{footer.map(renderRow)}</tfoot> : null}
      </table>
    </ScrollRegion>
  );
}
