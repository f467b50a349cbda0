import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialog/form-dialog';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import { tallyStatuses } from '@/engine/api/payment-status';
import type { Label } from '../rows/registration-labels';
import type { RegistrationRow } from '../rows/registration-rows';
import { MAX_DESKS, parseWhole, rowsToPrint, type CheckInPrintOptions } from './print-options';
import { deskLoads, deskRanges } from './print-sections';
import { LeaveOutOption } from './leave-out-option';
import './print-dialog.css';

export interface CheckInDialogProps {
  /** The view's rows, whole. */
  readonly rows: readonly RegistrationRow[];
  /** The table's columns, in its order, and their titles. */
  readonly columnIds: readonly string[];
  readonly titles: ReadonlyMap<string, Label>;
  /** What the dialog opens with: the last choices. */
  readonly options: CheckInPrintOptions;
  readonly onPrint: (options: CheckInPrintOptions) => void;
  readonly onCancel: () => void;
}

/** The desks a balanced split starts with when the last choice was the usual ranges. */
const FIRST_DESK_COUNT = 4;

/**
 * Before the check-in list is printed: which columns (any question too, such as the T-shirt
 * size), whether the registrations of a left-out status are left out (see LeaveOutOption),
 * the desks (the usual ranges or a number of desks balanced by people, with each desk's count
 * shown as it changes), and whether each desk starts a new page.
 */
export function CheckInDialog({ rows, columnIds, titles, options, onPrint, onCancel }: CheckInDialogProps) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const id = useId();
  const count = (n: number) => formatCount(n, language);
  // In the order chosen (the list's order): a column ticked goes to the end.
  const [columns, setColumns] = useState<readonly string[]>(options.columns);
  const [leaveOut, setLeaveOut] = useState(options.leaveOutCancelled);
  const [balanced, setBalanced] = useState(options.desks !== 'auto');
  const [deskText, setDeskText] = useState(
    String(options.desks === 'auto' ? FIRST_DESK_COUNT : options.desks),
  );
  const [pagePerDesk, setPagePerDesk] = useState(options.pagePerDesk);

  const deskCount = parseWhole(deskText, 1, MAX_DESKS);
  const desks = balanced ? deskCount : 'auto';
  const printed = useMemo(() => rowsToPrint(rows, leaveOut).map((row) => row.registration), [rows, leaveOut]);
  const loads = useMemo(
    () => (desks === null ? [] : deskLoads(printed, deskRanges(printed, desks))),
    [printed, desks],
  );
  const tally = useMemo(() => tallyStatuses(rows, (row) => row.registration.payment_status), [rows]);
  const chosen = columns.filter((columnId) => columnIds.includes(columnId));
  const toggle = (columnId: string) =>
    setColumns((current) =>
      current.includes(columnId) ? current.filter((id) => id !== columnId) : [...current, columnId],
    );

  return (
    <FormDialog
      title={t('printDialog.checkIn.title')}
      submitLabel={t('printDialog.print')}
      cancelLabel={t('printDialog.cancel')}
      submitDisabled={chosen.length === 0 || desks === null}
      footer={
        <p role="status">
          {t('printDialog.checkIn.summary', { count: printed.length, formatted: count(printed.length) })}
        </p>
      }
      onSubmit={() =>
        onPrint({ columns: chosen, leaveOutCancelled: leaveOut, desks: desks ?? 'auto', pagePerDesk })
      }
      onCancel={onCancel}
    >
      <fieldset
        className="print-dialog__group"
        aria-describedby={chosen.length === 0 ? `${id}-columns` : undefined}
      >
        <legend>{t('printDialog.checkIn.columns')}</legend>
        <div className="print-dialog__columns">
          {columnIds.map((columnId, index) => {
            const title = titles.get(columnId) ?? { text: columnId };
            return (
              <label key={columnId} className="print-dialog__option" htmlFor={`${id}-column-${index}`}>
                <input
                  id={`${id}-column-${index}`}
                  type="checkbox"
                  checked={columns.includes(columnId)}
                  onChange={() => toggle(columnId)}
                />
                <span lang={title.lang}>{title.text}</span>
              </label>
            );
          })}
        </div>
        {chosen.length === 0 ? (
          <p className="field__error" id={`${id}-columns`}>
            {t('printDialog.checkIn.noColumn')}
          </p>
        ) : null}
      </fieldset>
      <LeaveOutOption checked={leaveOut} onChange={setLeaveOut} tally={tally} />
      <fieldset className="print-dialog__group">
        <legend>{t('printDialog.checkIn.desks')}</legend>
        <label className="print-dialog__option" htmlFor={`${id}-auto`}>
          <input
            id={`${id}-auto`}
            type="radio"
            name={`${id}-desks`}
            checked={!balanced}
            onChange={() => setBalanced(false)}
          />
          <span>{t('printDialog.checkIn.auto')}</span>
        </label>
        <label className="print-dialog__option" htmlFor={`${id}-balanced`}>
          <input
            id={`${id}-balanced`}
            type="radio"
            name={`${id}-desks`}
            checked={balanced}
            onChange={() => setBalanced(true)}
          />
          <span>{t('printDialog.checkIn.balanced')}</span>
        </label>
        {balanced ? (
          <div className="field print-dialog__number">
            <label htmlFor={`${id}-count`}>{t('printDialog.checkIn.deskCount')}</label>
            <input
              id={`${id}-count`}
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_DESKS}
              value={deskText}
              aria-invalid={deskCount === null}
              aria-describedby={deskCount === null ? `${id}-count-error` : undefined}
              onChange={(event) => setDeskText(event.target.value)}
            />
            {deskCount === null ? (
              <p className="field__error" id={`${id}-count-error`}>
                {t('printDialog.checkIn.deskCountError', { max: MAX_DESKS })}
              </p>
            ) : null}
          </div>
        ) : null}
        {loads.length > 0 ? (
          <div className="print-dialog__desks">
            <p className="print-dialog__desks-title" id={`${id}-loads`}>
              {t('printDialog.checkIn.deskLoads')}
            </p>
            <ul aria-labelledby={`${id}-loads`}>
              {loads.map((load) => (
                <li key={load.range ? load.range.from : 'other'}>
                  {load.range
                    ? t('printDialog.checkIn.desk', {
                        from: load.range.from,
                        to: load.range.to,
                        count: load.count,
                        formatted: count(load.count),
                      })
                    : t('printDialog.checkIn.otherDesk', { count: load.count, formatted: count(load.count) })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </fieldset>
      <label className="print-dialog__option" htmlFor={`${id}-page`}>
        <input
          id={`${id}-page`}
          type="checkbox"
          checked={pagePerDesk}
          aria-describedby={`${id}-page-hint`}
          onChange={(event) => setPagePerDesk(event.target.checked)}
        />
        <span>
          {t('printDialog.checkIn.pagePerDesk')}
          <span className="field__hint print-dialog__hint" id={`${id}-page-hint`}>
            {t('printDialog.checkIn.pagePerDeskHint')}
          </span>
        </span>
      </label>
    </FormDialog>
  );
}
