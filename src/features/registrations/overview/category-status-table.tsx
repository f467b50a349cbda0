import { useTranslation } from 'react-i18next';
import type { CategoryBreakdown } from '../insights/category-breakdown';
import type { InsightLabels } from '../insights/use-insight-labels';
import { CountLink } from './count-link';
import { overviewLink } from './overview-links';
import { ScrollRegion } from './scroll-region';

interface CategoryStatusTableProps {
  readonly eventId: number;
  readonly breakdown: CategoryBreakdown;
  readonly labels: InsightLabels;
}

/**
 * Categories × payment statuses: a row per category (the event's own first, then ids it does
 * not list, then "no category"), a column per status seen (unknown ones as the API sent them),
 * and a total row. Every number opens exactly the registrations it counts.
 */
export function CategoryStatusTable({ eventId, breakdown, labels }: CategoryStatusTableProps) {
  const { t } = useTranslation('insights');
  const caption = t('overview.categories.caption');
  const statusLabel = (status: string) => labels.status(status);

  return (
    <ScrollRegion label={caption}>
      <table className="overview-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('overview.categories.category')}</th>
            <th scope="col" className="overview-table__number">
              {t('overview.categories.total')}
            </th>
            {breakdown.statuses.map(({ status }) => (
              <th key={status} scope="col" className="overview-table__number">
                {statusLabel(status)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {breakdown.categories.map((row) => {
            const category = labels.categoryLabel(row.categoryId);
            return (
              <tr key={row.categoryId ?? 'none'}>
                <th scope="row" lang={category.lang}>
                  {category.text}
                </th>
                <td className="overview-table__number">
                  <CountLink
                    to={overviewLink(eventId, { categoryId: row.categoryId })}
                    count={row.count}
                    what={category.text}
                  />
                </td>
                {row.statuses.map(({ status, count }) => (
                  <td key={status} className="overview-table__number">
                    <CountLink
                      to={overviewLink(eventId, { categoryId: row.categoryId, status })}
                      count={count}
                      what={`${category.text}, ${statusLabel(status)}`}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('overview.categories.allCategories')}</th>
            <td className="overview-table__number">
              <CountLink to={overviewLink(eventId)} count={breakdown.total} />
            </td>
            {breakdown.statuses.map(({ status, count }) => (
              <td key={status} className="overview-table__number">
                <CountLink to={overviewLink(eventId, { status })} count={count} what={statusLabel(status)} />
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
