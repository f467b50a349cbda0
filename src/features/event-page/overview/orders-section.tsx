import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChartTable } from '@/components/charts/bar-chart-table';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { OrderSummary } from '@/engine/figures/order-groups';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { LargestOrdersTable } from './largest-orders-table';
import { ScrollRegion } from '@/components/tables/scroll-region';

interface OrdersSectionProps {
  readonly eventId: number;
  readonly summary: OrderSummary;
  readonly labels: InsightLabels;
}

/** How people registered together: the number of orders, their sizes, and the largest ones. */
export function OrdersSection({ eventId, summary, labels }: OrdersSectionProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const headingId = useId();
  const sizesId = useId();
  const largestId = useId();
  // Only orders of two people or more are listed (see OrderSummary).
  const groups = summary.orders;
  const orders = summary.count;
  const sizesCaption = t('overview.orders.sizesCaption');

  return (
    <section className="card overview-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('overview.orders.title')}</h2>
      {summary.withoutOrder > 0 ? (
        <p>
          {t('overview.orders.withoutOrder', {
            count: summary.withoutOrder,
            formatted: formatCount(summary.withoutOrder, language),
          })}
        </p>
      ) : null}
      <section className="overview-subsection" aria-labelledby={sizesId}>
        <h3 id={sizesId}>{t('overview.orders.sizesTitle')}</h3>
        <ScrollRegion label={sizesCaption}>
          <BarChartTable
            caption={sizesCaption}
            labelHeader={t('overview.orders.people')}
            rows={summary.sizes.map(({ size, orders: count }) => ({
              key: String(size),
              label: t('overview.orders.size', { count: size }),
              count,
            }))}
            total={orders}
            showTotal
          />
        </ScrollRegion>
      </section>
      <section className="overview-subsection" aria-labelledby={largestId}>
        <h3 id={largestId}>{t('overview.orders.largestTitle')}</h3>
        {groups.length === 0 ? (
          <p className="muted">{t('overview.orders.noGroups')}</p>
        ) : (
          <LargestOrdersTable eventId={eventId} orders={groups} labels={labels} />
        )}
      </section>
    </section>
  );
}
