import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialog/form-dialog';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import { tallyStatuses } from '@/engine/api/payment-status';
import type { Label } from '../rows/registration-labels';
import type { RegistrationRow } from '../rows/registration-rows';
import { LABEL_SHEETS, labelSheetCount, labelsPerSheet } from './label-sheets';
import { LeaveOutOption } from './leave-out-option';
import {
  LABEL_SHEET_IDS,
  parseWhole,
  rowsToPrint,
  type LabelPrintOptions,
  type LabelSheetId,
} from './print-options';
import './print-dialog.css';

export interface LabelsDialogProps {
  /** The view's rows, whole. */
  readonly rows: readonly RegistrationRow[];
  /** The table's columns (its questions are offered) and their titles. */
  readonly columnIds: readonly string[];
  readonly titles: ReadonlyMap<string, Label>;
  readonly options: LabelPrintOptions;
  /** Print with these choices, from label `startAt` of the first sheet. */
  readonly onPrint: (options: LabelPrintOptions, startAt: number) => void;
  readonly onCancel: () => void;
}

type Field = 'name' | 'category' | 'order';
const FIELDS: readonly Field[] = ['name', 'category', 'order'];

/**
 * Before label sheets are printed: the sheet (A4 3 × 8, A4 2 × 7, US Letter 3 × 10), the
 * fields (name, category, order, one question's answer), whether the registrations of a
 * left-out status are left out (as on the check-in list: see LeaveOutOption), and the label to
 * start at on a sheet already started, with how many labels on how many sheets that makes.
 */
export function LabelsDialog({ rows, columnIds, titles, options, onPrint, onCancel }: LabelsDialogProps) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const id = useId();
  const count = (n: number) => formatCount(n, language);
  const [sheet, setSheet] = useState<LabelSheetId>(options.sheet);
  const [fields, setFields] = useState<Record<Field, boolean>>({
    name: options.name,
    category: options.category,
    order: options.order,
  });
  const questions = columnIds.filter((columnId) => columnId.startsWith('q:'));
  const [answer, setAnswer] = useState(
    options.answer !== null && questions.includes(options.answer) ? options.answer : '',
  );
  const [leaveOut, setLeaveOut] = useState(options.leaveOutCancelled);
  const [startText, setStartText] = useState('1');

  const format = LABEL_SHEETS[sheet];
  const perSheet = labelsPerSheet(format);
  const startAt = parseWhole(startText, 1, perSheet);
  const labels = useMemo(() => rowsToPrint(rows, leaveOut).length, [rows, leaveOut]);
  const tally = useMemo(() => tallyStatuses(rows, (row) => row.registration.payment_status), [rows]);
  const sheets = labelSheetCount(labels, format, startAt ?? 1);
  const noField = !FIELDS.some((field) => fields[field]) && answer === '';

  return (
    <FormDialog
      title={t('printDialog.labels.title')}
      submitLabel={t('printDialog.print')}
      cancelLabel={t('printDialog.cancel')}
      submitDisabled={noField || startAt === null || labels === 0}
      footer={
        <p role="status">
          {t('printDialog.labels.summary', {
            labels: t('printDialog.labels.labelsCount', { count: labels, formatted: count(labels) }),
            sheets: t('printDialog.labels.sheetsCount', { count: sheets, formatted: count(sheets) }),
          })}
        </p>
      }
      onSubmit={() =>
        onPrint(
          { sheet, ...fields, answer: answer === '' ? null : answer, leaveOutCancelled: leaveOut },
          startAt ?? 1,
        )
      }
      onCancel={onCancel}
    >
      <fieldset className="print-dialog__group">
        <legend>{t('printDialog.labels.sheet')}</legend>
        {LABEL_SHEET_IDS.map((sheetId) => (
          <label key={sheetId} className="print-dialog__option" htmlFor={`${id}-${sheetId}`}>
            <input
              id={`${id}-${sheetId}`}
              type="radio"
              name={`${id}-sheet`}
              checked={sheet === sheetId}
              onChange={() => setSheet(sheetId)}
            />
            <span>{t(`printDialog.labels.sheets.${sheetId}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="print-dialog__group" aria-describedby={noField ? `${id}-fields` : undefined}>
        <legend>{t('printDialog.labels.fields')}</legend>
        {FIELDS.map((field) => (
          <label key={field} className="print-dialog__option" htmlFor={`${id}-${field}`}>
            <input
              id={`${id}-${field}`}
              type="checkbox"
              checked={fields[field]}
              onChange={(event) => setFields((current) => ({ ...current, [field]: event.target.checked }))}
            />
            <span>{t(`printDialog.labels.${field}`)}</span>
          </label>
        ))}
        {questions.length > 0 ? (
          <div className="field">
            <label htmlFor={`${id}-answer`}>{t('printDialog.labels.answer')}</label>
            <select
              id={`${id}-answer`}
              className="input"
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
            >
              <option value="">{t('printDialog.labels.noAnswer')}</option>
              {questions.map((question) => {
                const title = titles.get(question) ?? { text: question };
                return (
                  <option key={question} value={question} lang={title.lang}>
                    {title.text}
                  </option>
                );
              })}
            </select>
          </div>
        ) : null}
        {noField ? (
          <p className="field__error" id={`${id}-fields`}>
            {t('printDialog.labels.noField')}
          </p>
        ) : null}
      </fieldset>
      <LeaveOutOption checked={leaveOut} onChange={setLeaveOut} tally={tally} />
      <div className="field print-dialog__number">
        <label htmlFor={`${id}-start`}>{t('printDialog.labels.startAt')}</label>
        <input
          id={`${id}-start`}
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={perSheet}
          value={startText}
          aria-invalid={startAt === null}
          aria-describedby={`${id}-start-hint${startAt === null ? ` ${id}-start-error` : ''}`}
          onChange={(event) => setStartText(event.target.value)}
        />
        <p className="field__hint" id={`${id}-start-hint`}>
          {t('printDialog.labels.startAtHint', { max: perSheet })}
        </p>
        {startAt === null ? (
          <p className="field__error" id={`${id}-start-error`}>
            {t('printDialog.labels.startAtError', { max: perSheet })}
          </p>
        ) : null}
      </div>
      <p className="field__hint">{t('printDialog.labels.actualSize')}</p>
    </FormDialog>
  );
}
