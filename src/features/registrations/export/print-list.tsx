import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { EventName } from '@/features/events/label/event-label';
import type { Category, PartnerEvent } from '@/engine/api/event-schemas';
import { useLanguage } from '@/i18n/use-language';
import { formatCalendarDate } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import type { Registration } from '@/engine/api/registration-schemas';
import { FIXED_COLUMN_IDS, type Label, type RegistrationLabels } from '../rows/registration-labels';
import { leftOutStatusNames } from '@/engine/api/payment-status';
import { useRegistrationLabels } from '../rows/use-registrations-model';
import { cellText, type RegistrationRow } from '../rows/registration-rows';
import { NO_CLEAN_ANSWERS, type CleanAnswers } from '../rows/question-readings';
import { DEFAULT_CHECK_IN_OPTIONS, rowsToPrint, type CheckInPrintOptions } from './print-options';
import { deskRanges, printSections, type PrintSection } from './print-sections';
import { usePrintOnMount } from './use-print-on-mount';
import './print-list.css';

export interface PrintListProps {
  readonly event: PartnerEvent;
  /** The rows of the view, already filtered by the screen: their cells are printed as the table shows them. */
  readonly rows: readonly RegistrationRow[];
  /** A size or yes/no is printed as its clean value, as the event's figures count it. */
  readonly clean?: CleanAnswers;
  /** The event's categories, in their order (the rows' cells were labelled with them). */
  readonly categories: readonly Category[];
  /** The columns the event has (default: the fixed ones): a chosen column it lacks is skipped. */
  readonly columnIds?: readonly string[];
  /** The table's column titles, questions included (default: the fixed columns' titles). */
  readonly titles?: ReadonlyMap<string, Label>;
  /** The promoter's choices (default: the usual columns and desks, without cancelled and refunded). */
  readonly options?: CheckInPrintOptions;
  /** Open the print dialog once the list is in the page. */
  readonly autoPrint?: boolean;
  /** Called when the print dialog closes (printed or cancelled): unmount the list then. */
  readonly onAfterPrint?: () => void;
}

interface PrintColumn {
  readonly id: string;
  readonly title: Label;
}

const FIXED: ReadonlySet<string> = new Set(FIXED_COLUMN_IDS);

/** The chosen columns this event has, in the order chosen, titled as the table titles them. */
function printColumns(
  columnIds: readonly string[],
  chosen: readonly string[],
  titles: ReadonlyMap<string, Label> | undefined,
  labels: RegistrationLabels,
): PrintColumn[] {
  const present = new Set(columnIds);
  const kept = chosen.filter((id) => present.has(id));
  // None of the chosen columns in this event (a question of another event): the usual ones.
  const ids = kept.length > 0 ? kept : DEFAULT_CHECK_IN_OPTIONS.columns.filter((id) => present.has(id));
  return ids.map((id) => ({
    id,
    title:
      titles?.get(id) ??
      (FIXED.has(id) ? { text: labels.column(id as (typeof FIXED_COLUMN_IDS)[number]) } : { text: id }),
  }));
}

/**
 * The race-day check-in list: one table per desk (category × initials), each with the event
 * name and date in a running header that Chromium repeats on every printed page (it is part
 * of the table's <thead>), the chosen columns, and an empty column to tick. Cells are the
 * rows' cells, and titles and category names come from the same labels
 * (registration-labels), so the list reads exactly like the table. Cancelled and refunded
 * registrations are left out unless the promoter asked for them, and every page says so.
 * Desks follow one another on the page unless each is to start a new sheet.
 *
 * It is rendered at the end of <body> and hidden on screen; while it is mounted, printing the
 * page prints only the list. Typical use: mount it with `autoPrint` when the promoter asks to
 * print, unmount it in `onAfterPrint`.
 */
export function PrintList({
  event,
  rows,
  clean = NO_CLEAN_ANSWERS,
  categories,
  columnIds = FIXED_COLUMN_IDS,
  titles,
  options = DEFAULT_CHECK_IN_OPTIONS,
  autoPrint = false,
  onAfterPrint,
}: PrintListProps) {
  const { t } = useTranslation('insights');
  const labels = useRegistrationLabels(categories);
  const { language } = labels;
  const printed = useMemo(
    () => rowsToPrint(rows, options.leaveOutCancelled),
    [rows, options.leaveOutCancelled],
  );
  const groups = useMemo(() => {
    const registrations = printed.map((row) => row.registration);
    return printSections(registrations, {
      language,
      categories,
      ranges: deskRanges(registrations, options.desks),
    });
  }, [printed, language, categories, options.desks]);
  const rowOf = useMemo(() => new Map(printed.map((row) => [row.registration, row])), [printed]);
  const columns = printColumns(columnIds, options.columns, titles, labels);
  usePrintOnMount(autoPrint, onAfterPrint);

  const date = formatCalendarDate(event.eve_date_debut, language, { dateStyle: 'full' });
  const sections = groups.flatMap((group) => group.sections.map((section) => ({ group, section })));
  const leftOutCount = rows.length - printed.length;
  const leftOut = options.leaveOutCancelled
    ? t('print.leftOut', {
        count: leftOutCount,
        formatted: formatCount(leftOutCount, language),
        statuses: leftOutStatusNames(labels.status, language),
      })
    : null;

  return createPortal(
    <div className={`print-list${options.pagePerDesk ? ' print-list--page-per-desk' : ''}`} lang={language}>
      {sections.length === 0 ? <p>{t('print.empty')}</p> : null}
      {sections.map(({ group, section }, index) => (
        <DeskTable
          key={`${group.categoryId ?? 'none'}-${section.range?.from ?? 'other'}`}
          id={`print-section-${index}`}
          category={labels.categoryLabel(group.categoryId)}
          section={section}
          columns={columns}
          rowOf={rowOf}
          clean={clean}
          event={event}
          date={date}
          leftOut={leftOut}
        />
      ))}
    </div>,
    document.body,
  );
}

interface DeskTableProps {
  id: string;
  category: Label;
  section: PrintSection;
  columns: readonly PrintColumn[];
  rowOf: ReadonlyMap<Registration, RegistrationRow>;
  clean: CleanAnswers;
  event: PartnerEvent;
  date: string;
  /** Which statuses were left out and how many registrations that was; null: none was. */
  leftOut: string | null;
}

function DeskTable({ id, category, section, columns, rowOf, clean, event, date, leftOut }: DeskTableProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const letters = section.range
    ? t('print.letters', { from: section.range.from, to: section.range.to })
    : t('print.otherLetters');
  const count = section.registrations.length;

  return (
    <section className="print-list__section" aria-labelledby={id}>
      <h2 className="print-list__heading" id={id}>
        <span lang={category.lang}>{category.text}</span> · {letters}
      </h2>
      <table className="print-list__table">
        <thead>
          <tr className="print-list__running">
            <th colSpan={columns.length + 1} scope="colgroup">
              <strong>
                <EventName event={event} />
              </strong>{' '}
              · {date} · {t('print.title')} · <span lang={category.lang}>{category.text}</span> · {letters} ·{' '}
              {t('print.summary', { count, formatted: formatCount(count, language) })}
              {leftOut !== null ? (
                <>
                  {' · '}
                  {leftOut}
                </>
              ) : null}
            </th>
          </tr>
          <tr className="print-list__columns">
            {columns.map((column) => (
              <th key={column.id} scope="col" lang={column.title.lang}>
                {column.title.text}
              </th>
            ))}
            <th scope="col" className="print-list__check">
              <span aria-hidden="true">{t('print.columns.check')}</span>
              <span className="visually-hidden">{t('print.columns.checkLabel')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {section.registrations.map((registration) => {
            const row = rowOf.get(registration);
            return (
              <tr key={registration.registration_id}>
                {columns.map((column) => (
                  <td key={column.id} lang={column.id === 'category' ? category.lang : undefined}>
                    {row ? (clean.of(row, column.id) ?? cellText(row, column.id)) : null}
                  </td>
                ))}
                <td className="print-list__check" />
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
