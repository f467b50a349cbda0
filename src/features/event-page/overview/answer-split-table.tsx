import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { QuestionInsight } from '@/engine/figures/question-insights';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { CountLink } from './count-link';
import { answerLink, overviewLink } from '@/features/registrations/rows/registrations-links';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';

interface AnswerSplitTableProps {
  readonly eventId: number;
  readonly question: QuestionInsight;
  /** The question's text, for the caption and the links' names. */
  readonly title: string;
  readonly labels: InsightLabels;
}

/**
 * A line of the table: a listed answer (`key`), the other answers together (`key` null, not
 * linked: no filter selects "none of these"), "did not answer" (`key` ''), or every
 * registration (`key` undefined).
 */
interface Line {
  readonly id: string;
  readonly key: string | null | undefined;
  readonly label: string;
  /** Per category, in the order of the question's split. */
  readonly counts: readonly number[];
  readonly total: number;
}

/**
 * Answer × category: the listed answers, the rest, and "did not answer" in rows, one column
 * per category and a total, so each column adds up to the category's registrations.
 */
export function AnswerSplitTable({ eventId, question, title, labels }: AnswerSplitTableProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const splits = question.byCategory ?? [];
  const notAnswered = t('overview.questions.notAnswered');

  const lines: Line[] = question.answers.map((answer, index) => ({
    id: `answer:${answer.key}`,
    key: answer.key,
    label: labels.answer(answer, question.reading !== null),
    counts: splits.map((split) => split.counts[index] ?? 0),
    total: answer.count,
  }));
  if (question.other.count > 0) {
    lines.push({
      id: 'other',
      key: null,
      label: t(question.kind === 'free-text' ? 'overview.questions.unlisted' : 'overview.questions.other', {
        count: question.other.distinct,
        formatted: formatCount(question.other.distinct, language),
      }),
      counts: splits.map((split) => split.other),
      total: question.other.count,
    });
  }
  lines.push({
    id: 'not-answered',
    key: '',
    label: notAnswered,
    counts: splits.map((split) => split.total - split.answered),
    total: question.notAnswered,
  });
  const all: Line = {
    id: 'all',
    key: undefined,
    label: t('overview.questions.allAnswers'),
    counts: splits.map((split) => split.total),
    total: splits.reduce((sum, split) => sum + split.total, 0),
  };

  /** One count: linked unless it is the "other answers" line. */
  const countCell = (line: Line, count: number, categoryId?: number | null) => {
    if (line.key === null) return formatCount(count, language);
    const category = categoryId === undefined ? null : labels.categoryLabel(categoryId).text;
    if (line.key === undefined) {
      return categoryId === undefined ? (
        <CountLink to={overviewLink(eventId)} count={count} />
      ) : (
        <CountLink to={overviewLink(eventId, { categoryId })} count={count} what={category ?? ''} />
      );
    }
    const what = `${title}: ${line.label}${category === null ? '' : `, ${category}`}`;
    return (
      <CountLink to={answerLink(eventId, question.queId, line.key, categoryId)} count={count} what={what} />
    );
  };

  const columns: TableColumn<Line>[] = [
    { id: 'answer', header: t('overview.questions.answer'), cell: (line) => line.label },
    ...splits.map(({ categoryId }, index): TableColumn<Line> => {
      const category = labels.categoryLabel(categoryId);
      return {
        id: `category:${categoryId ?? 'none'}`,
        header: category.text,
        ...(category.lang !== undefined && { headerLang: category.lang }),
        numeric: true,
        cell: (line) => countCell(line, line.counts[index] ?? 0, categoryId),
      };
    }),
    {
      id: 'total',
      header: t('overview.questions.total'),
      numeric: true,
      cell: (line) => countCell(line, line.total),
    },
  ];

  return (
    <ResponsiveTable
      caption={t('overview.questions.splitCaption', { question: title })}
      columns={columns}
      rows={lines}
      footer={[all]}
      rowKey={(line) => line.id}
      tableClassName="data-table--matrix"
    />
  );
}
