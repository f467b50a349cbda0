import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { RegistrationsData } from '../api/registrations-query';

interface OverviewStateProps {
  readonly data: RegistrationsData | undefined;
  /** The number of registrations the figures were computed from; null while there are none. */
  readonly computedFrom: number | null;
}

/**
 * What the figures are computed from, in one sentence. Partial numbers would look final, so
 * while loading it says how far the load is instead, and a list that could not be completed
 * is called incomplete rather than summarized.
 */
export function OverviewState({ data, computedFrom }: OverviewStateProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const count = (n: number) => formatCount(n, language);

  if (computedFrom !== null) {
    return (
      <p className="overview__state">
        {computedFrom === 0
          ? t('overview.empty')
          : t('overview.computedFrom', { count: computedFrom, formatted: count(computedFrom) })}
      </p>
    );
  }
  const loaded = data?.rows.length ?? 0;
  if (data?.phase === 'incomplete' || data?.phase === 'cancelled') {
    return <p className="overview__state">{t('overview.notComplete', { loaded: count(loaded) })}</p>;
  }
  const total = data?.report.pagination?.meta?.total;
  return (
    <p className="overview__state">
      {total !== undefined
        ? t('overview.waitingOf', { loaded: count(loaded), total: count(total) })
        : t('overview.waiting', { loaded: count(loaded) })}
    </p>
  );
}
