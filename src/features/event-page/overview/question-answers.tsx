import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChartTable, type BarChartRow } from '@/components/charts/bar-chart-table';
import { useLanguage } from '@/i18n/use-language';
import { formatCount, formatPercent } from '@/lib/numbers';
import type { QuestionInsight } from '@/engine/figures/question-insights';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { AnswerSplitTable } from './answer-split-table';
import { ReadingCorrections } from './reading-corrections';
import { CountLink } from './count-link';
import { answerLink, overviewLink } from '@/features/registrations/rows/registrations-links';
import { questionTitle } from '@/features/registrations/rows/registration-labels';
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
 * One question: how many answered, the distribution of its answers, who did not answer, and on
 * demand the same answers per category. Each count opens the registrations that gave that
 * answer. A choice lists every choice; free text is private (answer-kind.ts): it lists only the
 * answers many people gave, says why the rest is not listed, and where each answer is. With
 * nothing to list, there is no chart at all.
 */
export function QuestionAnswers({ eventId, question, total, labels }: QuestionAnswersProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const [split, setSplit] = useState(false);
  const headingId = useId();
  const title = questionTitle(question, language, t('overview.questions.fallback', { id: question.queId }));
  const link = (key: string) => answerLink(eventId, question.queId, key);

  const freeText = question.kind === 'free-text';
  const minCount = formatCount(question.minListedCount ?? 0, language);
  const rows: BarChartRow[] = question.answers.map((answer) => ({
    key: answer.key,
    label: labels.answer(answer, question.reading !== null),
    count: answer.count,
  }));
  if (question.other.count > 0) {
    rows.push({
      key: OTHER_KEY,
      label: t(freeText ? 'overview.questions.unlisted' : 'overview.questions.other', {
        count: question.other.distinct,
        formatted: formatCount(question.other.distinct, language),
      }),
      count: question.other.count,
    });
  }
  const caption = freeText
    ? t('overview.questions.topCaption', { question: title.text, min: minCount })
    : t('overview.questions.choiceCaption', { question: title.text });
  const chart = !freeText || question.answers.length > 0;

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
      {freeText && question.answered > 0 ? (
        <p className="overview-question__privacy">
          {question.answers.length > 0
            ? t('overview.questions.privacy', { min: minCount })
            : t('overview.questions.privacyNone')}{' '}
          {t('overview.questions.whereAnswers')}{' '}
          <Link to={overviewLink(eventId)}>{t('overview.questions.openTable')}</Link>
        </p>
      ) : null}
      {question.reading && question.typed?.length ? (
        <details className="overview-question__reading">
          <summary>{t('overview.questions.howRead')}</summary>
          <p className="muted">{t('overview.questions.readNote')}</p>
          {question.answers.some((answer) => answer.readFrom) ? (
            <ul>
              {question.answers.flatMap((answer) =>
                answer.readFrom
                  ? [
                      <li key={answer.key}>
                        <strong>{labels.answer(answer, true)}</strong> {t('overview.questions.readFrom')}{' '}
                        {answer.readFrom
                          .map(
                            (from) =>
                              `${t('overview.questions.quoted', { text: from.text.trim() })} (${formatCount(from.count, language)})`,
                          )
                          .join(' · ')}
                      </li>,
                    ]
                  : [],
              )}
            </ul>
          ) : null}
          <ReadingCorrections eventId={eventId} question={question} title={title.text} labels={labels} />
        </details>
      ) : null}
      {split ? (
        <AnswerSplitTable eventId={eventId} question={question} title={title.text} labels={labels} />
      ) : !chart ? null : (
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
