import { Skeleton } from '@/components/states/skeleton';
import { StatePanel } from '@/components/states/state-panel';
import { useTranslation } from 'react-i18next';
import { BarChartTable } from '@/components/charts/bar-chart-table';
import { SideSheet } from '@/components/dialog/side-sheet';
import { LocalizedText } from '@/components/localized-text';
import type { Category } from '@/engine/api/event-schemas';
import { formatCount } from '@/lib/numbers';
import type { Registration } from '@/engine/api/registration-schemas';
import type { EventInsights } from '@/engine/figures/event-insights';
import { idsOf } from '../insights/insights-client';
import { useEventInsights } from '../insights/use-event-insights';
import { useInsightLabels, type InsightLabels } from '../insights/use-insight-labels';
import { useLanguage } from '@/i18n/use-language';

interface FilteredInsightsDialogProps {
  eventId: number;
  /** Every registration loaded (the query's rows): what the engine holds to count from. */
  registrations: readonly Registration[];
  /** The rows the table shows now (search and filters applied). */
  shown: readonly { readonly id: number }[];
  /** False while the list is still loading or incomplete: the figures then say "so far". */
  complete: boolean;
  categories: readonly Category[];
  onClose: () => void;
}

/**
 * The Numbers need no orders or duplicates; free text lists at most ten answers, and only
 * those many people gave (the overview's rule, answer-kind.ts), counted among the rows shown.
 */
const NUMBERS_OPTIONS = { questions: true, groups: false, top: 10 } as const;
/** While a load streams in, the figures follow it at most this often. */
const LOADING_REFRESH_MS = 1000;

/**
 * The numbers of what the table shows right now: how many per category and per payment
 * status, and each question's answers, as tables with bars (the same charts as the event
 * overview). A modal side sheet, loaded only when asked for; the counting runs in the
 * engine only while the sheet is open, and is kept for the same rows and filter.
 */
export default function FilteredInsightsDialog({
  eventId,
  registrations,
  shown: shownRows,
  complete,
  categories,
  onClose,
}: FilteredInsightsDialogProps) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const labels = useInsightLabels(categories);
  const computed = useEventInsights(
    { eventId, rows: registrations, categories, scope: idsOf(shownRows), options: NUMBERS_OPTIONS },
    complete ? 0 : LOADING_REFRESH_MS,
  );
  const count = (n: number) => formatCount(n, language);
  const insights = computed.insights;
  const shown = insights?.total ?? shownRows.length;

  return (
    <SideSheet title={t('insights.title')} closeLabel={t('details.close')} onClose={onClose}>
      <p className="muted" role="status">
        {t(complete ? 'insights.scope' : 'insights.scopeSoFar', {
          shown: count(shown),
          total: count(registrations.length),
          count: shown,
        })}
      </p>
      {computed.error ? (
        <StatePanel tone="error" title={t('insights.failed')}>
          <p>{computed.error.message}</p>
        </StatePanel>
      ) : null}
      {insights ? <Figures insights={insights} labels={labels} /> : <Skeleton height="12rem" />}
    </SideSheet>
  );
}

/** The charts: per category, per payment status, then each question's answers. */
function Figures({ insights, labels }: { insights: EventInsights; labels: InsightLabels }) {
  const { t } = useTranslation('registrations');
  const breakdown = insights.categories;
  const freeText = insights.questions.some((question) => question.kind === 'free-text');
  return (
    <>
      <BarChartTable
        caption={t('insights.byCategory')}
        labelHeader={t('columns.category')}
        rows={breakdown.categories.map((row) => {
          const label = labels.categoryLabel(row.categoryId);
          return {
            key: String(row.categoryId),
            label: label.text,
            ...(label.lang && { lang: label.lang }),
            count: row.count,
          };
        })}
        total={breakdown.total}
        showTotal
      />
      <BarChartTable
        caption={t('insights.byStatus')}
        labelHeader={t('columns.payment_status')}
        rows={breakdown.statuses.map((row) => ({
          key: row.status,
          label: labels.status(row.status),
          count: row.count,
        }))}
        total={breakdown.total}
        showTotal
      />
      {insights.questions.map((question) => (
        <BarChartTable
          key={question.queId}
          caption={
            <LocalizedText
              record={question}
              field="que_question"
              empty={t('questionFallback', { id: question.queId })}
            />
          }
          labelHeader={t(question.kind === 'choice' ? 'insights.answer' : 'insights.frequentAnswer')}
          rows={[
            ...question.answers.map((answer) => ({
              key: answer.key,
              label: labels.answer(answer, question.reading !== null),
              count: answer.count,
            })),
            ...(question.other.count > 0
              ? [
                  {
                    key: '\u0000other',
                    label: t(
                      question.kind === 'choice' ? 'insights.otherAnswers' : 'insights.unlistedAnswers',
                      { count: question.other.distinct },
                    ),
                    count: question.other.count,
                  },
                ]
              : []),
            { key: '\u0000none', label: t('filters.noAnswer'), count: question.notAnswered },
          ]}
          total={insights.total}
        />
      ))}
      {freeText ? <p className="muted">{t('insights.privacy')}</p> : null}
    </>
  );
}
