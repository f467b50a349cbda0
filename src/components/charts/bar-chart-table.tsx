import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount, formatPercent } from '@/lib/numbers';
import './bar-chart.css';

export interface BarChartRow {
  /** Stable React key (a category id, an answer key). */
  readonly key: string;
  /** The row's label, rendered as text: participant answers are untrusted. */
  readonly label: string;
  /** Set when the label is in another language than the page (a French fallback, say). */
  readonly lang?: string;
  readonly count: number;
}

export interface BarChartTableProps {
  /** What the chart shows; every table needs a caption to be found and understood. */
  readonly caption: ReactNode;
  /** Title of the label column ("Category", "Answer"). */
  readonly labelHeader: string;
  readonly rows: readonly BarChartRow[];
  /** Denominator of the shares. Default: the sum of the counts. */
  readonly total?: number;
  /** Adds a last line with the total and 100%. */
  readonly showTotal?: boolean;
  /**
   * Renders a count, for example as a link to the registrations table filtered to that row.
   * Receives the formatted number, which must stay the link's visible text.
   */
  readonly renderCount?: (row: BarChartRow, formatted: string) => ReactNode;
  readonly className?: string;
}

/** Below this share a non-zero count would round to "0%": it is shown as "<0.1%". */
const SMALLEST_SHOWN = 0.001;

/**
 * A bar chart that is a real table: caption, column and row headers, the number and its
 * share as text. Screen readers, copy-paste, print and forced-colors mode all get the
 * numbers; the bars are decoration (aria-hidden), scaled to the largest count so the rows
 * compare at a glance.
 */
export function BarChartTable({
  caption,
  labelHeader,
  rows,
  total,
  showTotal = false,
  renderCount,
  className,
}: BarChartTableProps) {
  const { t } = useTranslation('charts');
  const language = useLanguage();
  const sum = total ?? rows.reduce((s, row) => s + row.count, 0);
  const largest = rows.reduce((max, row) => Math.max(max, row.count), 0);
  const share = (count: number) => {
    if (sum <= 0 || count <= 0) return formatPercent(0, language);
    const value = count / sum;
    return value < SMALLEST_SHOWN
      ? `<${formatPercent(SMALLEST_SHOWN, language)}`
      : formatPercent(value, language);
  };

  return (
    <table className={className ? `bar-chart ${className}` : 'bar-chart'}>
      <caption className="bar-chart__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col" className="bar-chart__number">
            {t('count')}
          </th>
          <th scope="col">{t('share')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3} className="bar-chart__empty">
              {t('empty')}
            </td>
          </tr>
        ) : (
          rows.map((row) => {
            const formatted = formatCount(row.count, language);
            const width = largest > 0 ? (row.count / largest) * 100 : 0;
            return (
              <tr key={row.key}>
                <th scope="row" className="bar-chart__label" lang={row.lang}>
                  {row.label}
                </th>
                <td className="bar-chart__number">{renderCount ? renderCount(row, formatted) : formatted}</td>
                <td>
                  {/* A wrapper holds the flex layout: a cell that is not display: table-cell
                      loses its table semantics in some screen readers. */}
                  <div className="bar-chart__share">
                    <span className="bar-chart__percent">{share(row.count)}</span>
                    <span className="bar-chart__track" aria-hidden="true">
                      <span className="bar-chart__bar" style={{ inlineSize: `${width}%` }} />
                    </span>
                  </div>
                </td>
              </tr>
            );
          })
        )}
      </tbody>
      {showTotal ? (
        <tfoot>
          <tr>
            <th scope="row">{t('total')}</th>
            <td className="bar-chart__number">{formatCount(sum, language)}</td>
            <td>
              <div className="bar-chart__share">
                <span className="bar-chart__percent">{formatPercent(sum > 0 ? 1 : 0, language)}</span>
              </div>
            </td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
