import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { RegistrationsData } from '@/features/registrations/api/registrations-data';

interface OverviewStateProps {
  readonly data: RegistrationsData | undefined;
  /** The number of registrations the figures shown were computed from; null while none are. */
  readonly computedFrom: number | null;
  /** The figures count the complete list. */
  readonly final: boolean;
}

/**
 * What the figures are computed from, in one sentence. While a load goes on they count the
 * rows loaded so far, and say so ("so far: 14,700 of about 25,000"); once the list is complete
 * and its figures are being counted, it says that, never "loading"; a list that could not be
 * completed is called incomplete, so a partial figure never passes for a final one.
 */
export function OverviewState({ data, computedFrom, final }: OverviewStateProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const count = (n: number) => formatCount(n, language);
  const loaded = data?.rows.length ?? 0;
  const total = data?.report.pagination?.meta?.total;

  if (final && computedFrom !== null) {
    return (
      <p className="overview__state">
        {computedFrom === 0
          ? t('overview.empty')
          : t('overview.computedFrom', { count: computedFrom, formatted: count(computedFrom) })}
      </p>
    );
  }
  if (data?.phase === 'complete') {
    // Every registration is here and the figures are being counted (the first time, or again
    // from rows counted while the load went on): nothing is loading any more, so say so.
    return (
      <p className="overview__state overview__state--partial" role="status">
        {t('overview.counting', { count: loaded, formatted: count(loaded) })}
      </p>
    );
  }
  if (data?.phase === 'incomplete' || data?.phase === 'cancelled') {
    return (
      <p className="overview__state overview__state--partial" role="status">
        {computedFrom === null
          ? t('overview.notComplete', { loaded: count(loaded) })
          : t('overview.partial', { computed: count(computedFrom) })}
      </p>
    );
  }
  return (
    <p className="overview__state overview__state--partial" role="status">
      {computedFrom === null
        ? total !== undefined
          ? t('overview.waitingOf', { loaded: count(loaded), total: count(total) })
          : t('overview.waiting', { loaded: count(loaded) })
        : total !== undefined
          ? t('overview.soFarOf', { computed: count(computedFrom), total: count(total) })
          : t('overview.soFar', { computed: count(computedFrom) })}
    </p>
  );
}
