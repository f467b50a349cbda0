import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChartTable } from '@/components/charts/bar-chart-table';
import { SideSheet } from '@/components/dialog/side-sheet';
import { LocalizedText } from '@/components/localized-text';
import type { Category } from '@/features/events/api/schemas';
import { formatCount } from '@/lib/numbers';
import type { Registration } from '../api/schemas';
import { categoryBreakdown } from '../insights/category-breakdown';
import { questionInsights } from '../insights/question-insights';
import { useInsightLabels } from '../insights/use-insight-labels';

interface FilteredInsightsDialogProps {
  /** The registrations the table shows now (search and filters applied). */
  registrations: readonly Registration[];
  categories: readonly Category[];
  /** The whole list, to say "of N". */
  total: number;
  onClose: () => void;
}

/**
 * The numbers of what the table shows right now: how many per category and per payment
 * status, and each question's answers, as tables with bars (the same charts as the event
 * overview). A modal side sheet, loaded only when asked for, computed once per opening.
 */
export default function FilteredInsightsDialog({
  registrations,
  categories,
  total,
  onClose,
}: FilteredInsightsDialogProps) {
  const { t, i18n } = useTranslation('registrations');
  const labels = useInsightLabels(categories);
  const breakdown = useMemo(() => categoryBreakdown(registrations, categories), [registrations, categories]);
  const questions = useMemo(() => questionInsights(registrations, { top: 10 }), [registrations]);
  const count = (n: number) => formatCount(n, i18n.language);

  return (
    <SideSheet title={t('insights.title')} closeLabel={t('details.close')} onClose={onClose}>
      <p className="muted">
        {t('insights.scope', {
          shown: count(registrations.length),
          total: count(total),
          count: registrations.length,
        })}
      </p>
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
      {questions.map((question) => (
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
              label: answer.text,
              count: answer.count,
            })),
            ...(question.other.count > 0
              ? [
                  {
                    key: '\u0000other',
                    label: t('insights.otherAnswers', { count: question.other.distinct }),
                    count: question.other.count,
                  },
                ]
              : []),
            { key: '\u0000none', label: t('filters.noAnswer'), count: question.notAnswered },
          ]}
          total={registrations.length}
        />
      ))}
    </SideSheet>
  );
}
