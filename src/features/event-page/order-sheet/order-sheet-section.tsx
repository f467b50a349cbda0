import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KNOWN_STATUSES, paymentStatusKey } from '@/engine/api/payment-status';
import type { QuestionInsight } from '@/engine/figures/question-insights';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { CountLink } from '../overview/count-link';
import { answerLink } from '@/features/registrations/rows/registrations-links';
import { questionTitle } from '@/features/registrations/rows/registration-labels';
import { FrozenOrderPanel } from './frozen-order-panel';
import { useFrozenOrder } from './frozen-order';
import { GroupNames } from './group-names';
import { OrderSheetExport } from './order-sheet-export';
import {
  DEFAULT_ORDER_CHOICE,
  ORDER_GROUPINGS,
  countsStatus,
  orderSheet,
  type OrderChoice,
  type SheetLine,
  type OrderGrouping,
} from './order-sheet';
import './order-sheet.css';

interface OrderSheetSectionProps {
  readonly eventId: number;
  readonly questions: readonly QuestionInsight[];
  readonly labels: InsightLabels;
}

/**
 * The merchandise order sheet: per size, how many to order, for the statuses and grouping the
 * promoter picks, with a spare margin; the answers that are not sizes listed apart; the order
 * frozen when sent, and what changed since. Counting is the engine's (answer-cells.ts); the
 * sheet only adds up, so every choice redraws at once.
 */
export function OrderSheetSection({ eventId, questions, labels }: OrderSheetSectionProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const headingId = useId();
  const sized = questions.filter((question) => question.reading === 'SIZE' && question.cells);
  const [queId, setQueId] = useState<number | null>(null);
  // The choices open as the order frozen last was made (its statuses, groups and margin).
  const { frozen } = useFrozenOrder(eventId);
  const [picked, setChoice] = useState<OrderChoice | null>(null);
  const choice = picked ?? frozen?.choice ?? DEFAULT_ORDER_CHOICE;
  // The field keeps what is typed ("" while retyping); the sheet reads the number in it.
  const [marginText, setMarginText] = useState<string | null>(null);
  const question = sized.find((candidate) => candidate.queId === queId) ?? sized[0];
  // A few dozen cells to add up: the compiler keeps the result while nothing it reads changes.
  const sheet = question ? orderSheet(question, labels, choice) : null;
  const statuses = statusChoices(question);

  if (!question || !sheet) {
    return (
      <section className="card overview-section" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('orderSheet.title')}</h2>
        <p className="muted">{t('orderSheet.none')}</p>
      </section>
    );
  }

  const title = (candidate: QuestionInsight) =>
    questionTitle(candidate, language, t('overview.questions.fallback', { id: candidate.queId }));
  const sizeName = (key: string) => labels.cleanAnswer(key) ?? key;
  const count = (value: number) => formatCount(value, language);
  const chosenStatuses = statuses.filter((status) => countsStatus(choice, status.sent)).map((s) => s.key);
  // The sheet's lines as the table, the files and print show them: the groups, then the totals.
  const named: SheetLine[] = [
    ...sheet.groups.map((group) => ({
      ...group,
      kind: 'group' as const,
      name: group.name ?? (choice.grouping === 'none' ? t('orderSheet.all') : t('orderSheet.noType')),
    })),
    {
      id: 'counted',
      name: t('orderSheet.counted'),
      counts: sheet.counted,
      total: sheet.total,
      kind: 'counted',
    },
    ...(choice.margin > 0
      ? [
          {
            id: 'order',
            name: t('orderSheet.toOrder', { margin: count(choice.margin) }),
            counts: sheet.toOrder,
            total: sheet.totalToOrder,
            kind: 'order' as const,
          },
        ]
      : []),
  ];
  const lines = named.filter((line) => line.kind === 'group');
  const footer = named.filter((line) => line.kind !== 'group');
  const columns: TableColumn<SheetLine>[] = [
    {
      id: 'group',
      header: t('orderSheet.group'),
      cell: (line) => (line.kind === 'group' ? line.name : <strong>{line.name}</strong>),
    },
    ...sheet.sizes.map((size, at): TableColumn<SheetLine> => ({
      id: size,
      header: sizeName(size),
      numeric: true,
      cell: (line) => count(line.counts[at] ?? 0),
    })),
    { id: 'total', header: t('orderSheet.total'), numeric: true, cell: (line) => count(line.total) },
  ];
  const questionText = title(question).text;

  return (
    <section className="card overview-section order-sheet" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('orderSheet.title')}</h2>
      <p>{t('orderSheet.intro', { question: questionText })}</p>
      <form className="order-sheet__choices no-print" onSubmit={(event) => event.preventDefault()}>
        {sized.length > 1 ? (
          <div className="field">
            <label htmlFor={`${headingId}-question`}>{t('orderSheet.question')}</label>
            <select
              id={`${headingId}-question`}
              className="input"
              value={question.queId}
              onChange={(event) => setQueId(Number(event.target.value))}
            >
              {sized.map((candidate) => (
                <option key={candidate.queId} value={candidate.queId}>
                  {title(candidate).text}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${headingId}-grouping`}>{t('orderSheet.grouping')}</label>
          <select
            id={`${headingId}-grouping`}
            className="input"
            value={choice.grouping}
            onChange={(event) => setChoice({ ...choice, grouping: event.target.value as OrderGrouping })}
          >
            {ORDER_GROUPINGS.map((grouping) => (
              <option key={grouping} value={grouping}>
                {t(`orderSheet.groupings.${grouping}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field order-sheet__margin">
          <label htmlFor={`${headingId}-margin`}>{t('orderSheet.margin')}</label>
          <input
            id={`${headingId}-margin`}
            className="input"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={marginText ?? String(choice.margin)}
            onChange={(event) => {
              setMarginText(event.target.value);
              setChoice({ ...choice, margin: marginOf(event.target.value) });
            }}
          />
        </div>
        <fieldset className="order-sheet__statuses">
          <legend>{t('orderSheet.statuses')}</legend>
          {statuses.map((status) => (
            <label key={status.key} className="order-sheet__status">
              <input
                type="checkbox"
                checked={chosenStatuses.includes(status.key)}
                onChange={(event) => {
                  const next = event.target.checked
                    ? [...chosenStatuses, status.key]
                    : chosenStatuses.filter((key) => key !== status.key);
                  setChoice({ ...choice, statuses: next });
                }}
              />
              {labels.status(status.sent)}
            </label>
          ))}
        </fieldset>
        {choice.grouping === 'named' ? (
          <GroupNames
            categoryIds={answeredCategories(question, labels.categories)}
            names={choice.names ?? {}}
            labels={labels}
            onChange={(names) => setChoice({ ...choice, names })}
          />
        ) : null}
      </form>
      {sheet.total === 0 ? (
        <p className="muted">{t('orderSheet.nothing')}</p>
      ) : (
        <ResponsiveTable
          caption={t('orderSheet.caption', { question: questionText })}
          columns={columns}
          rows={lines}
          footer={footer}
          rowKey={(line) => `${line.kind}:${line.id}`}
          tableClassName="data-table--matrix"
        />
      )}
      {sheet.unread.length > 0 ? (
        <section className="order-sheet__unread" aria-labelledby={`${headingId}-unread`}>
          <h3 id={`${headingId}-unread`}>{t('orderSheet.unreadTitle')}</h3>
          <p>{t('orderSheet.unreadIntro')}</p>
          <ul>
            {sheet.unread.map((answer) => (
              <li key={answer.key}>
                <span>“{answer.text.trim()}”</span>{' '}
                <CountLink
                  to={answerLink(eventId, question.queId, answer.key)}
                  count={answer.count}
                  what={`${questionText}: ${answer.text.trim()}`}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <OrderSheetExport eventId={eventId} sizes={sheet.sizes.map(sizeName)} lines={named} />
      <FrozenOrderPanel
        eventId={eventId}
        queId={question.queId}
        choice={choice}
        sizeName={sizeName}
        sheetFor={(frozenChoice) => orderSheet(question, labels, frozenChoice)}
      />
    </section>
  );
}

/** A margin typed: a whole percentage from 0 to 100; anything else is 0. */
function marginOf(typed: string): number {
  const value = Math.round(Number(typed));
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}

/** The categories the answers came from, in the event's order, those without one last. */
function answeredCategories(
  question: QuestionInsight,
  categories: readonly { readonly category_id: number }[],
): (number | null)[] {
  const present = new Set((question.cells ?? []).map((cell) => cell.categoryId));
  const order = (id: number | null) => {
    const at = categories.findIndex((category) => category.category_id === id);
    return id === null ? Infinity : at < 0 ? categories.length : at;
  };
  return [...present].sort((a, b) => order(a) - order(b) || (a ?? 0) - (b ?? 0));
}

/** The statuses to choose from: the known ones, then any other the answers were given with. */
function statusChoices(question: QuestionInsight | undefined): { key: string; sent: string }[] {
  const choices = new Map<string, string>(KNOWN_STATUSES.map((status) => [status, status]));
  for (const cell of question?.cells ?? []) {
    const key = paymentStatusKey(cell.status);
    if (!choices.has(key)) choices.set(key, cell.status);
  }
  return [...choices].map(([key, sent]) => ({ key, sent }));
}
