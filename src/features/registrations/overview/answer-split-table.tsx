import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { QuestionInsight } from '../insights/question-insights';
import type { InsightLabels } from '../insights/use-insight-labels';
import { CountLink } from './count-link';
import { answerLink, overviewLink } from './overview-links';
import { ScrollRegion } from './scroll-region';

interface AnswerSplitTableProps {
  readonly question: QuestionInsight;
  /** The question's text, for the caption and the links' names. */
  readonly title: string;
  readonly labels: InsightLabels;
  readonly eventId: number;
}

/**
 * Answer × category: the listed answers, the rest, and "did not answer" in rows, one column
 * per category and a total, so each column adds up to the category's registrations.
 */
export function AnswerSplitTable({ eventId, question, title, labels }: AnswerSplitTableProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const splits = question.byCategory ?? [];
  const caption = t('overview.questions.splitCaption', { question: title });
  const notAnswered = t('overview.questions.notAnswered');
  const otherLabel = t('overview.questions.other', {
    count: question.other.distinct,
    formatted: formatCount(question.other.distinct, language),
  });
  const registrations = splits.reduce((sum, split) => sum + split.total, 0);
  const link = (key: string, categoryId?: number | null) =>
    answerLink(eventId, question.queId, key, categoryId);

  return (
    <ScrollRegion label={caption}>
      <table className="overview-table overview-table--split">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('overview.questions.answer')}</th>
            {splits.map(({ categoryId }) => {
              const category = labels.categoryLabel(categoryId);
              return (
                <th
                  key={categoryId ?? 'none'}
                  scope="col"
                  className="overview-table__number"
                  lang={category.lang}
                >
                  {category.text}
                </th>
              );
            })}
            <th scope="col" className="overview-table__number">
              {t('overview.questions.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {question.answers.map((answer, index) => (
            <tr key={answer.key}>
              <th scope="row" className="overview-table__answer">
                {answer.text}
              </th>
              {splits.map(({ categoryId, counts }) => (
                <td key={categoryId ?? 'none'} className="overview-table__number">
                  <CountLink
                    to={link(answer.key, categoryId)}
                    count={counts[index] ?? 0}
                    what={`${title}: ${answer.text}, ${labels.categoryLabel(categoryId).text}`}
                  />
                </td>
              ))}
              <td className="overview-table__number">
                <CountLink to={link(answer.key)} count={answer.count} what={`${title}: ${answer.text}`} />
              </td>
            </tr>
          ))}
          {question.other.count > 0 ? (
            <tr>
              <th scope="row">{otherLabel}</th>
              {splits.map(({ categoryId, other }) => (
                <td key={categoryId ?? 'none'} className="overview-table__number">
                  {formatCount(other, language)}
                </td>
              ))}
              <td className="overview-table__number">{formatCount(question.other.count, language)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">{notAnswered}</th>
            {splits.map(({ categoryId, total, answered }) => (
              <td key={categoryId ?? 'none'} className="overview-table__number">
                <CountLink
                  to={link('', categoryId)}
                  count={total - answered}
                  what={`${title}: ${notAnswered}, ${labels.categoryLabel(categoryId).text}`}
                />
              </td>
            ))}
            <td className="overview-table__number">
              <CountLink to={link('')} count={question.notAnswered} what={`${title}: ${notAnswered}`} />
            </td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('overview.questions.allAnswers')}</th>
            {splits.map(({ categoryId, total }) => (
              <td key={categoryId ?? 'none'} className="overview-table__number">
                <CountLink
                  to={overviewLink(eventId, { categoryId })}
                  count={total}
                  what={labels.categoryLabel(categoryId).text}
                />
              </td>
            ))}
            <td className="overview-table__number">
              <CountLink to={overviewLink(eventId)} count={registrations} />
            </td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
