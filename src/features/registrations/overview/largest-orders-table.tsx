import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { OrderGroup } from '../insights/order-groups';
import type { InsightLabels } from '../insights/use-insight-labels';
import { personName } from './person-name';
import { ScrollRegion } from './scroll-region';
import { FIRST_ITEMS, useShowMore } from './show-more';
import { ShowMoreButton } from './show-more-button';

interface LargestOrdersTableProps {
  /** Largest first. */
  readonly orders: readonly OrderGroup[];
  readonly labels: InsightLabels;
}

/** The largest orders: who is in each, in which categories, and how far each is paid. */
export function LargestOrdersTable({ orders, labels }: LargestOrdersTableProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const list = useShowMore(orders);
  const caption = t('overview.orders.largestCaption');

  return (
    <>
      <ScrollRegion label={caption}>
        <table className="overview-table overview-table--records">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('overview.orders.order')}</th>
              <th scope="col" className="overview-table__number">
                {t('overview.orders.people')}
              </th>
              <th scope="col">{t('overview.orders.registrations')}</th>
              <th scope="col">{t('overview.orders.categories')}</th>
              <th scope="col">{t('overview.orders.statuses')}</th>
            </tr>
          </thead>
          <tbody>
            {list.shown.map((order) => (
              <tr key={order.orderId}>
                <th scope="row" className="overview-table__code">
                  {order.orderId}
                </th>
                <td className="overview-table__number">
                  {formatCount(order.registrations.length, language)}
                </td>
                <td>
                  <ul className="overview-table__list">
                    {order.registrations.map((registration) => (
                      <li key={registration.registration_id}>{personName(registration)}</li>
                    ))}
                  </ul>
                </td>
                <td>
                  <ul className="overview-table__list">
                    {order.categoryIds.map((categoryId) => {
                      const category = labels.categoryLabel(categoryId);
                      return (
                        <li key={categoryId ?? 'none'} lang={category.lang}>
                          {category.text}
                        </li>
                      );
                    })}
                  </ul>
                </td>
                <td>
                  <ul className="overview-table__list">
                    {order.statuses.map(({ status, count }) => (
                      <li key={status}>
                        {t('overview.orders.statusCount', {
                          status: labels.status(status),
                          count: formatCount(count, language),
                        })}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {list.toggleable ? (
        <ShowMoreButton
          all={list.all}
          onToggle={list.toggle}
          showAllLabel={t('overview.orders.showAll', { formatted: formatCount(orders.length, language) })}
          showFirstLabel={t('overview.orders.showFirst', { count: FIRST_ITEMS })}
        />
      ) : null}
    </>
  );
}
