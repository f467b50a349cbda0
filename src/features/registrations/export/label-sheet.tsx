import { useMemo, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Category } from '@/engine/api/event-schemas';
import type { Label } from '../rows/registration-labels';
import { cellText, personName, type RegistrationRow } from '../rows/registration-rows';
import { NO_CLEAN_ANSWERS, type CleanAnswers } from '../rows/question-readings';
import { useRegistrationLabels } from '../rows/use-registrations-model';
import { LABEL_GAP, LABEL_SHEETS, labelNameFit, labelSheets, type LabelSheetFormat } from './label-sheets';
import { rowsToPrint, type LabelPrintOptions } from './print-options';
import { printSections } from './print-sections';
import { usePrintOnMount } from './use-print-on-mount';
import './label-sheet.css';

export interface LabelSheetProps {
  /** The rows of the view, already filtered by the screen. */
  readonly rows: readonly RegistrationRow[];
  /** A size or yes/no is printed as its clean value, as the event's figures count it. */
  readonly clean?: CleanAnswers;
  readonly categories: readonly Category[];
  /** The table's column titles: the question of the answer printed. */
  readonly titles: ReadonlyMap<string, Label>;
  readonly options: LabelPrintOptions;
  /** The first label to print on, counted across then down from 1 (a sheet already started). */
  readonly startAt: number;
  readonly autoPrint?: boolean;
  readonly onAfterPrint?: () => void;
}

/** mm as a CSS length. */
const mm = (value: number) => `${value}mm`;

/** The sheet's grid, to the tenth of a millimetre of its maker's specification. */
function sheetStyle(format: LabelSheetFormat): CSSProperties {
  return {
    inlineSize: mm(format.page.width),
    // A hair under the page, so rounding never pushes a blank page after it.
    blockSize: mm(format.page.height - 0.5),
    paddingBlockStart: mm(format.margin.top),
    paddingInlineStart: mm(format.margin.left),
    gridTemplateColumns: `repeat(${format.columns}, ${mm(format.label.width)})`,
    gridTemplateRows: `repeat(${format.rows}, ${mm(format.label.height)})`,
    columnGap: mm(format.gap.x),
    rowGap: mm(format.gap.y),
  };
}

/**
 * Sheets of sticky labels for the rows shown, in the order of the check-in list (by category,
 * then by last name), without the cancelled and refunded registrations unless asked. Each
 * label has the chosen fields: the name, large, at the largest size at which it fits
 * (labelNameFit), wrapped if need be; the category, the order and one answer on a line each,
 * cut with "…" when longer than the label. The first sheet leaves the labels before `startAt`
 * blank, so a sheet already started can be used.
 *
 * Like the check-in list, it is rendered at the end of <body>, hidden on screen, and alone on
 * paper, on pages of the sheet's size without margins (label-sheet.css): print it at 100%.
 */
export function LabelSheet({
  rows,
  clean = NO_CLEAN_ANSWERS,
  categories,
  titles,
  options,
  startAt,
  autoPrint = false,
  onAfterPrint,
}: LabelSheetProps) {
  const { t } = useTranslation('insights');
  const labels = useRegistrationLabels(categories);
  const { language } = labels;
  const format = LABEL_SHEETS[options.sheet];
  const sheets = useMemo(() => {
    const printed = rowsToPrint(rows, options.leaveOutCancelled);
    const rowOf = new Map(printed.map((row) => [row.registration, row]));
    const ordered = printSections(
      printed.map((row) => row.registration),
      { language, categories },
    ).flatMap((group) =>
      group.sections.flatMap((section) =>
        section.registrations.map((registration) => rowOf.get(registration)!),
      ),
    );
    return labelSheets(ordered, format, startAt);
  }, [rows, options.leaveOutCancelled, language, categories, format, startAt]);
  usePrintOnMount(autoPrint, onAfterPrint);

  const question = options.answer === null ? null : (titles.get(options.answer) ?? { text: options.answer });
  const otherLines = [options.category, options.order, question !== null].filter(Boolean).length;
  const style = sheetStyle(format);
  const labelStyle = { padding: `${mm(format.padding.y)} ${mm(format.padding.x)}`, gap: mm(LABEL_GAP) };
  const lineSize = `${format.lineSize}pt`;

  return createPortal(
    <div className={`label-sheets label-sheets--${format.paper}`} lang={language}>
      {sheets.length === 0 ? <p>{t('print.empty')}</p> : null}
      {sheets.map((cells, sheet) => (
        <div key={sheet} className="label-sheet" style={style}>
          {cells.map((row, index) => {
            if (!row) return <div key={`blank-${index}`} className="label-sheet__label" />;
            const category = labels.categoryLabel(row.registration.category_id);
            const order = cellText(row, 'order_id');
            const answer =
              options.answer === null ? '' : (clean.of(row, options.answer) ?? cellText(row, options.answer));
            const fit = labelNameFit(personName(row), format, otherLines);
            return (
              <div key={row.id} className="label-sheet__label" style={labelStyle}>
                {options.name ? (
                  <p
                    className="label-sheet__name"
                    style={{ fontSize: `${fit.size}pt`, WebkitLineClamp: fit.lines }}
                  >
                    {personName(row)}
                  </p>
                ) : null}
                {options.category ? (
                  <p className="label-sheet__line" style={{ fontSize: lineSize }} lang={category.lang}>
                    {category.text}
                  </p>
                ) : null}
                {options.order && order !== '' ? (
                  <p className="label-sheet__line" style={{ fontSize: lineSize }}>
                    {t('labels.order', { order })}
                  </p>
                ) : null}
                {question && answer !== '' ? (
                  <p className="label-sheet__line label-sheet__answer" style={{ fontSize: lineSize }}>
                    <span className="label-sheet__question" lang={question.lang}>
                      {t('labels.question', { question: question.text })}
                    </span>{' '}
                    <strong>{answer}</strong>
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>,
    document.body,
  );
}
