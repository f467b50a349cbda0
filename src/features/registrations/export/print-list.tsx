import { useEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Category, PartnerEvent } from '@/features/events/api/schemas';
import { useLanguage } from '@/i18n/use-language';
import { formatCalendarDate } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import type { Registration } from '../loader/schemas';
import type { Label } from '../rows/registration-labels';
import { useRegistrationLabels } from '../rows/use-registrations-model';
import type { RegistrationRow } from '../rows/registration-rows';
import type { LetterRange } from './letter-ranges';
import { printSections, type PrintSection } from './print-sections';
import './print-list.css';

export interface PrintListProps {
  readonly event: PartnerEvent;
  /** The rows to print, already filtered by the screen: their cells are printed as the table shows them. */
  readonly rows: readonly RegistrationRow[];
  /** The event's categories, in their order (the rows' cells were labelled with them). */
  readonly categories: readonly Category[];
  /** Desk ranges; default A–F, G–M, N–S, T–Z. */
  readonly ranges?: readonly LetterRange[];
  /** Open the print dialog once the list is in the page. */
  readonly autoPrint?: boolean;
  /** Called when the print dialog closes (printed or cancelled): unmount the list then. */
  readonly onAfterPrint?: () => void;
}

const COLUMNS = ['last_name', 'first_name', 'category', 'order_id', 'payment_status'] as const;

/**
 * The race-day check-in list: one table per desk (category × initials), each with the event
 * name and date in a running header that Chromium repeats on every printed page (it is part
 * of the table's <thead>), and an empty column to tick. Names, categories and statuses are
 * the rows' cells, and the headings' category names come from the same labels
 * (registration-labels), so the list reads exactly like the table. It is rendered at the end of <body>
 * and hidden on screen; while it is mounted, printing the page prints only the list.
 *
 * Typical use: mount it with `autoPrint` when the promoter asks to print, unmount it in
 * `onAfterPrint`.
 */
export function PrintList({
  event,
  rows,
  categories,
  ranges,
  autoPrint = false,
  onAfterPrint,
}: PrintListProps) {
  const { t } = useTranslation('insights');
  const labels = useRegistrationLabels(categories);
  const { language } = labels;
  const groups = useMemo(
    () =>
      printSections(
        rows.map((row) => row.registration),
        { language, categories, ranges },
      ),
    [rows, language, categories, ranges],
  );
  const rowOf = useMemo(() => new Map(rows.map((row) => [row.registration, row])), [rows]);

  useEffect(() => {
    if (!onAfterPrint) return;
    window.addEventListener('afterprint', onAfterPrint);
    return () => window.removeEventListener('afterprint', onAfterPrint);
  }, [onAfterPrint]);

  useEffect(() => {
    if (autoPrint) window.print();
  }, [autoPrint]);

  const eventName = event.eve_nom_fr ?? '';
  const date = formatCalendarDate(event.eve_date_debut, language, { dateStyle: 'full' });
  const sections = groups.flatMap((group) => group.sections.map((section) => ({ group, section })));

  return createPortal(
    <div className="print-list" lang={language}>
      {sections.length === 0 ? <p>{t('print.empty')}</p> : null}
      {sections.map(({ group, section }, index) => (
        <DeskTable
          key={`${group.categoryId ?? 'none'}-${section.range?.from ?? 'other'}`}
          id={`print-section-${index}`}
          category={labels.categoryLabel(group.categoryId)}
          section={section}
          rowOf={rowOf}
          eventName={eventName}
          date={date}
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
  rowOf: ReadonlyMap<Registration, RegistrationRow>;
  eventName: string;
  date: string;
}

function DeskTable({ id, category, section, rowOf, eventName, date }: DeskTableProps) {
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
            <th colSpan={COLUMNS.length + 1} scope="colgroup">
              <strong>{eventName}</strong> · {date} · {t('print.title')} ·{' '}
              <span lang={category.lang}>{category.text}</span> · {letters} ·{' '}
              {t('print.summary', { count, formatted: formatCount(count, language) })}
            </th>
          </tr>
          <tr className="print-list__columns">
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`print.columns.${column}`)}
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
            const cells = rowOf.get(registration)?.cells ?? {};
            return (
              <tr key={registration.registration_id}>
                <td>{cells.last_name}</td>
                <td>{cells.first_name}</td>
                <td lang={category.lang}>{cells.category}</td>
                <td>{cells.order_id}</td>
                <td>{cells.payment_status}</td>
                <td className="print-list__check" />
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
