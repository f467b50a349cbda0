import { useEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Category, PartnerEvent } from '@/features/events/api/schemas';
import { useLanguage } from '@/i18n/use-language';
import { formatCalendarDate } from '@/lib/dates';
import { pickLocalized } from '@/lib/localized-field';
import { formatCount } from '@/lib/numbers';
import type { Registration } from '../api/schemas';
import { isKnownStatus } from '../model/registration-rows';
import type { LetterRange } from './letter-ranges';
import { printSections, type PrintCategory, type PrintSection } from './print-sections';
import './print-list.css';

export interface PrintListProps {
  readonly event: PartnerEvent;
  /** The registrations to print, already filtered by the screen. */
  readonly registrations: readonly Registration[];
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
 * of the table's <thead>), and an empty column to tick. It is rendered at the end of <body>
 * and hidden on screen; while it is mounted, printing the page prints only the list.
 *
 * Typical use: mount it with `autoPrint` when the promoter asks to print, unmount it in
 * `onAfterPrint`.
 */
export function PrintList({
  event,
  registrations,
  categories,
  ranges,
  autoPrint = false,
  onAfterPrint,
}: PrintListProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const groups = useMemo(
    () => printSections(registrations, { language, categories, ranges }),
    [registrations, language, categories, ranges],
  );

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
          group={group}
          section={section}
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
  group: PrintCategory;
  section: PrintSection;
  eventName: string;
  date: string;
}

function DeskTable({ id, group, section, eventName, date }: DeskTableProps) {
  const { t } = useTranslation('insights');
  const { t: tr } = useTranslation('registrations');
  const language = useLanguage();
  const category = useCategoryName(group);
  const letters = section.range
    ? t('print.letters', { from: section.range.from, to: section.range.to })
    : t('print.otherLetters');
  const count = section.registrations.length;
  const status = (value: string | null) =>
    !value ? '' : isKnownStatus(value) ? tr(`status.${value}`) : value;

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
          {section.registrations.map((registration) => (
            <tr key={registration.registration_id}>
              <td>{registration.last_name}</td>
              <td>{registration.first_name}</td>
              <td lang={category.lang}>{category.text}</td>
              <td>{registration.order_id}</td>
              <td>{status(registration.payment_status)}</td>
              <td className="print-list__check" />
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The category's name in the UI language, marked when it falls back to the other one. */
function useCategoryName(group: PrintCategory): { text: string; lang: string | undefined } {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  if (group.categoryId === null) return { text: t('category.none'), lang: undefined };
  const picked = group.category ? pickLocalized(group.category, 'epr_nom', language) : null;
  if (!picked) return { text: t('category.unknown', { id: group.categoryId }), lang: undefined };
  return { text: picked.text, lang: picked.isFallback ? picked.lang : undefined };
}
