import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { OrderGroup } from '@/engine/figures/order-groups';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';
import { FIRST_ITEMS, ShowMoreButton, useShowMore } from '@/components/tables/show-more';
import { orderLink, registrationLink } from '@/features/registrations/rows/registrations-links';

interface LargestOrdersTableProps {
  readonly eventId: number;
  /** Largest first. */
  readonly orders: readonly OrderGroup[];
  readonly labels: InsightLabels;
}

/**
 * The largest orders: who is in each, in which categories, and how far each is paid. The order
 * number leads to the table filtered on the order; each name opens that registration's details.
 */
export function LargestOrdersTable({ eventId, orders, labels }: LargestOrdersTableProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const list = useShowMore(orders);

  const columns: TableColumn<OrderGroup>[] = [
    {
      id: 'order',
      header: t('overview.orders.order'),
      cell: (order) => <Link to={orderLink(eventId, order.orderId)}>{order.orderId}</Link>,
      className: 'data-table__code',
    },
    {
      id: 'people',
      header: t('overview.orders.people'),
      cell: (order) => formatCount(order.registrations.length, language),
      numeric: true,
    },
    {
      id: 'registrations',
      header: t('overview.orders.registrations'),
      cell: (order) => (
        <ul className="data-table__list">
          {order.registrations.map((registration) => (
            <li key={registration.registration_id} dir="auto">
              <Link to={registrationLink(eventId, registration.registration_id)}>
                {labels.person(registration)}
              </Link>
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'categories',
      header: t('overview.orders.categories'),
      cell: (order) => (
        <ul className="data-table__list">
          {order.categoryIds.map((categoryId) => {
            const category = labels.categoryLabel(categoryId);
            return (
              <li key={categoryId ?? 'none'} lang={category.lang}>
                {category.text}
              </li>
            );
          })}
        </ul>
      ),
    },
    {
      id: 'statuses',
      header: t('overview.orders.statuses'),
      cell: (order) => (
        <ul className="data-table__list">
          {order.statuses.map(({ status, count }) => (
            <li key={status}>
              {t('overview.orders.statusCount', {
                status: labels.status(status),
                count: formatCount(count, language),
              })}
            </li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <>
      <ResponsiveTable
        caption={t('overview.orders.largestCaption')}
        columns={columns}
        rows={list.shown}
        rowKey={(order) => order.orderId}
      />
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
