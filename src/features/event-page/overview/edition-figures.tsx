import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/states/skeleton';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';
import type { Category } from '@/engine/api/event-schemas';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type {
  EditionCategoryRow,
  EditionComparison,
} from '@/features/registrations/editions/compare-editions';
import { editionListLink } from '@/features/registrations/editions/edition-links';
import {
  useEditionComparison,
  type EditionProgress,
} from '@/features/registrations/editions/use-edition-comparison';
import type { RegistrationsLoadActions } from '@/features/registrations/api/use-registrations-load';
import type { EditionKind } from '@/features/registrations/rows/registrations-view';
import { leftOutStatusNames } from '@/engine/api/payment-status';
import { useRegistrationLabels } from '@/features/registrations/rows/use-registrations-model';
import { CountLink } from './count-link';

interface EditionFiguresProps {
  readonly eventId: number;
  readonly previousEventId: number;
  readonly previousName: string;
}

/**
 * Returning, new and lapsed people, each a link to exactly those registrations, and the
 * categories last time against now. Only once both lists are whole (from the copy on this
 * device or the API); meanwhile each list's progress, never a figure of part of a list.
 */
export function EditionFigures({ eventId, previousEventId, previousName }: EditionFiguresProps) {
  const { t } = useTranslation('editions');
  const { state, currentLoad, previousLoad } = useEditionComparison(eventId, previousEventId);

  if (state.status === 'loading') {
    return (
      <div className="editions__figures" aria-busy="true">
        <p role="status">{t('loading')}</p>
        <ProgressLine progress={state.previous} name={previousName} actions={previousLoad.actions} />
        {state.current.phase !== 'complete' ? (
          <ProgressLine progress={state.current} name={t('thisEvent')} actions={currentLoad.actions} quiet />
        ) : null}
        <div className="overview-figures editions__skeleton" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <div key={index}>
              <Skeleton width="6rem" height="0.75rem" />
              <Skeleton width="4rem" height="1.75rem" />
            </div>
          ))}
        </div>
      </div>
    );
  }
  return (
    <ComparisonFigures
      eventId={eventId}
      previousEventId={previousEventId}
      comparison={state.comparison}
      currentCategories={state.currentCategories}
      previousCategories={state.previousCategories}
    />
  );
}

/** One list on its way: how far it got, or why it stopped and how to go on. */
function ProgressLine({
  progress,
  name: event,
  actions,
  quiet = false,
}: {
  progress: EditionProgress;
  name: string;
  actions: RegistrationsLoadActions;
  /** Only a stop or a failure (this event's own banner, above, shows its progress). */
  quiet?: boolean;
}) {
  const { t } = useTranslation('editions');
  const language = useLanguage();
  if (progress.phase === 'failed' || progress.phase === 'stopped') {
    return (
      <p className="editions__progress">
        {t(progress.phase === 'failed' ? 'failed' : 'stopped', { event })}{' '}
        <button
          type="button"
          className="link-button"
          onClick={progress.phase === 'failed' ? actions.reload : actions.continue}
        >
          {t(progress.phase === 'failed' ? 'retry' : 'resume')}
        </button>
      </p>
    );
  }
  if (quiet) return null;
  const loaded = formatCount(progress.loaded, language);
  return (
    <p className="editions__progress muted">
      {progress.total !== null
        ? t('loadingOf', { event, loaded, total: formatCount(progress.total, language) })
        : t('loadingSoFar', { event, loaded })}
    </p>
  );
}

interface ComparisonFiguresProps {
  readonly eventId: number;
  readonly previousEventId: number;
  readonly comparison: EditionComparison;
  readonly currentCategories: readonly Category[];
  readonly previousCategories: readonly Category[];
}

function ComparisonFigures({
  eventId,
  previousEventId,
  comparison,
  currentCategories,
  previousCategories,
}: ComparisonFiguresProps) {
  const { t } = useTranslation('editions');
  const language = useLanguage();
  const currentLabels = useRegistrationLabels(currentCategories);
  const previousLabels = useRegistrationLabels(previousCategories);
  const count = (n: number) => formatCount(n, language);
  const counts: Record<EditionKind, number> = {
    returning: comparison.returning.length,
    new: comparison.new.length,
    lapsed: comparison.lapsed.length,
  };
  const share =
    comparison.currentCounted === 0
      ? null
      : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
          counts.returning / comparison.currentCounted,
        );

  const label = (row: EditionCategoryRow) => {
    if (row.key === '') return { text: t('categories.none') };
    return row.currentCategoryId !== null
      ? currentLabels.categoryLabel(row.currentCategoryId)
      : previousLabels.categoryLabel(row.previousCategoryId);
  };
  const columns: TableColumn<EditionCategoryRow>[] = [
    {
      id: 'category',
      header: t('categories.category'),
      cell: (row) => {
        const { text, lang } = label(row);
        return <span lang={lang}>{text}</span>;
      },
    },
    {
      id: 'lastTime',
      header: t('categories.lastTime'),
      numeric: true,
      cell: (row) =>
        row.previousCategoryId === null && row.key !== '' ? t('categories.onlyOne') : count(row.lastTime),
    },
    {
      id: 'now',
      header: t('categories.now'),
      numeric: true,
      cell: (row) =>
        row.currentCategoryId === null && row.key !== '' ? t('categories.onlyOne') : count(row.now),
    },
    {
      id: 'returning',
      header: t('categories.returning'),
      numeric: true,
      cell: (row) => count(row.returning),
    },
  ];

  return (
    <div className="editions__figures">
      <dl className="overview-figures" aria-label={t('figures.label')}>
        {(['returning', 'new', 'lapsed'] as const).map((kind) => (
          <div key={kind}>
            <dt>
              {t(`figures.${kind}`)}
              <span className="editions__hint">{t(`figures.${kind}Hint`)}</span>
            </dt>
            <dd>
              <CountLink
                to={editionListLink(eventId, previousEventId, kind)}
                count={counts[kind]}
                what={`${t(`figures.${kind}`)}, ${t(`figures.${kind}Hint`)}`}
              />
            </dd>
          </div>
        ))}
      </dl>
      {share !== null ? (
        <p>
          {t('share', {
            returning: count(counts.returning),
            now: count(comparison.currentCounted),
            share,
            before: count(comparison.previousCounted),
          })}
        </p>
      ) : null}
      <p className="muted">{t('rule', { statuses: leftOutStatusNames(currentLabels.status, language) })}</p>
      {comparison.categories.length > 0 ? (
        <ResponsiveTable
          caption={t('categories.caption')}
          columns={columns}
          rows={comparison.categories}
          rowKey={(row) => row.key}
        />
      ) : null}
    </div>
  );
}
