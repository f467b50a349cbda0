import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChartTable, type BarChartRow } from '@/components/charts/bar-chart-table';
import { useLanguage } from '@/i18n/use-language';
import { formatCount, formatPercent } from '@/lib/numbers';
import type { QuestionInsight } from '../insights/question-insights';
import type { InsightLabels } from '../insights/use-insight-labels';
import { AnswerSplitTable } from './answer-split-table';
import { CountLink } from './count-link';
import { answerLink } from './overview-links';
import { questionTitle } from '../rows/registration-labels';
import { ScrollRegion } from '@/components/tables/scroll-region';

interface QuestionAnswersProps {
  readonly eventId: number;
  readonly question: QuestionInsight;
  /** All registrations of the event: what "did not answer" is a share of. */
  readonly total: number;
  readonly labels: InsightLabels;
}

/** Not an answer key: answer keys are folded text, never a control character. */
const OTHER_KEY = '\u0000other';

/**
 * One question: how many answered, the distribution of its answers (every choice, or the most
 * frequent free-text answers and the rest as "other"), who did not answer, and on demand the
 * same answers per category. Each count opens the registrations that gave that answer.
 */
export function QuestionAnswers({ eventId, question, total, labels }: QuestionAnswersProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const [split, setSplit] = useState(false);
  const headingId = useId();
  const title = questionTitle(question, language, t('overview.questions.fallback', { id: question.queId }));
  const link = (key: string) => answerLink(eventId, question.queId, key);

  const rows: BarChartRow[] = question.answers.map((answer) => ({
    key: answer.key,
    label: answer.text,
    count: answer.count,
  }));
  if (question.other.count > 0) {
    rows.push({
      key: OTHER_KEY,
      label: t('overview.questions.other', {
        count: question.other.distinct,
        formatted: formatCount(question.other.distinct, language),
      }),
      count: question.other.count,
    });
  }
  const caption = t(
    question.kind === 'choice' ? 'overview.questions.choiceCaption' : 'overview.questions.topCaption',
    { question: title.text },
  );

  return (
    <section className="overview-question" aria-labelledby={headingId}>
      <div className="overview-question__header">
        <h3 id={headingId} lang={title.lang}>
          {title.text}
        </h3>
        <button
          type="button"
          className="button no-print"
          aria-pressed={split}
          onClick={() => setSplit((on) => !on)}
        >
          {t('overview.questions.split')}
        </button>
      </div>
      <p className="overview-question__facts">
        <span>
          {t('overview.questions.answered', {
            answered: formatCount(question.answered, language),
            total: formatCount(total, language),
            share: formatPercent(total > 0 ? question.answered / total : 0, language),
          })}
        </span>
        <span>
          {t('overview.questions.distinct', {
            count: question.distinct,
            formatted: formatCount(question.distinct, language),
          })}
        </span>
        <span>
          {t('overview.questions.notAnswered')}{' '}
          <CountLink
            to={link('')}
            count={question.notAnswered}
            what={`${title.text}: ${t('overview.questions.notAnswered')}`}
          />
        </span>
      </p>
      {split ? (
        <AnswerSplitTable eventId={eventId} question={question} title={title.text} labels={labels} />
      ) : (
        <ScrollRegion label={caption}>
          <BarChartTable
            caption={caption}
            labelHeader={t('overview.questions.answer')}
            rows={rows}
            total={question.answered}
            showTotal
            renderCount={(row, formatted) =>
              row.key === OTHER_KEY ? (
                formatted
              ) : (
                <CountLink to={link(row.key)} count={row.count} what={`${title.text}: ${row.label}`} />
              )
            }
          />
        </ScrollRegion>
      )}
    </section>
  );
}
