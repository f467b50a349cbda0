import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { EventInsights } from '@/engine/figures/event-insights';
import { paymentStatusKey } from '@/engine/api/payment-status';
import { CountLink } from './count-link';
import { overviewLink } from '@/features/registrations/rows/registrations-links';

interface KeyFiguresProps {
  readonly eventId: number;
  readonly insights: EventInsights;
  /** False while the figures count only the rows loaded so far (they are shown muted). */
  readonly final: boolean;
}

/** The numbers a promoter looks for first: registrations, paid, pending, orders. */
export function KeyFigures({ eventId, insights, final }: KeyFiguresProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const statusCount = (status: string) =>
    insights.categories.statuses.find((row) => paymentStatusKey(row.status) === status)?.count ?? 0;
  const statusFigure = (status: 'paid' | 'pending') => (
    <div>
      <dt>{t(`overview.figures.${status}`)}</dt>
      <dd>
        <CountLink
          to={overviewLink(eventId, { status })}
          count={statusCount(status)}
          what={t(`overview.figures.${status}`)}
        />
      </dd>
    </div>
  );
  return (
    <dl
      className={final ? 'overview-figures' : 'overview-figures overview-figures--partial'}
      aria-label={t('overview.keyFigures')}
    >
      <div>
        <dt>{t('overview.figures.registrations')}</dt>
        <dd>
          <CountLink to={overviewLink(eventId)} count={insights.total} />
        </dd>
      </div>
      {statusFigure('paid')}
      {statusFigure('pending')}
      <div>
        <dt>{t('overview.figures.orders')}</dt>
        <dd>{formatCount(insights.orders.count, language)}</dd>
      </div>
    </dl>
  );
}
