import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { EventInsights } from '../insights/event-insights';
import { CountLink } from './count-link';
import { overviewLink } from './overview-links';

/** The three numbers a promoter looks for first. */
export function KeyFigures({ eventId, insights }: { eventId: number; insights: EventInsights }) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  return (
    <dl className="overview-figures" aria-label={t('overview.keyFigures')}>
      <div>
        <dt>{t('overview.figures.registrations')}</dt>
        <dd>
          <CountLink to={overviewLink(eventId)} count={insights.total} />
        </dd>
      </div>
      <div>
        <dt>{t('overview.figures.orders')}</dt>
        <dd>{formatCount(insights.orders.orders.length, language)}</dd>
      </div>
      <div>
        <dt>{t('overview.figures.duplicates')}</dt>
        <dd>{formatCount(insights.duplicates.length, language)}</dd>
      </div>
    </dl>
  );
}
