import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '@/components/menu/menu';
import type { Category } from '@/engine/api/event-schemas';
import { prepareCsvExport, prepareXlsxExport } from '@/engine/export/export-client';
import { formatCount } from '@/lib/numbers';
import { EXPORT_FORMATS, type ExportFormat, type ExportState } from './use-table-export';
import { useLanguage } from '@/i18n/use-language';
import { leftOutStatusNames, statusValuesText } from '@/engine/api/payment-status';
import { useRegistrationLabels } from '../rows/use-registrations-model';

/** Status names need no category. */
const NO_CATEGORIES: readonly Category[] = [];

interface ExportMenuProps {
  state: ExportState;
  loaded: number;
  rowCount: number;
  columnCount: number;
  onExport: (preset: ExportFormat) => void;
  onCancel: () => void;
  onDismiss: () => void;
  /** Whether the Excel workbook gets a second sheet with the overview's numbers. */
  withFigures: boolean;
  onWithFiguresChange: (withFigures: boolean) => void;
  /** Prints the check-in list of the rows shown (its dialog first). */
  onPrint: () => void;
  /** Prints labels of the rows shown (its dialog first). */
  onPrintLabels: () => void;
  /** Opens "Copy e-mail addresses" for the rows shown. */
  onCopyAddresses: () => void;
}

/** Opening the menu has the engine load the code that builds the files, so a click finds it ready. */
function prepareExports(): void {
  prepareCsvExport();
  prepareXlsxExport();
}

/**
 * Four formats: French Excel CSV (`;`, BOM), English Excel CSV (`,`, BOM), plain UTF-8 CSV
 * (no BOM), and an Excel workbook (typed columns, frozen header, filters).
 */
export function ExportMenu({
  state,
  loaded,
  rowCount,
  columnCount,
  onExport,
  onCancel,
  onDismiss,
  withFigures,
  onWithFiguresChange,
  onPrint,
  onPrintLabels,
  onCopyAddresses,
}: ExportMenuProps) {
  const { t } = useTranslation('registrations');
  const { t: tm } = useTranslation('mailing');
  const language = useLanguage();
  const figuresId = useId();
  const count = (n: number) => formatCount(n, language);
  const empty = rowCount === 0;

  return (
    <>
      <Menu label={t('export.button')} buttonClassName="button--primary" align="end" onOpen={prepareExports}>
        <p className="muted menu__note">
          {empty
            ? t('export.nothing')
            : t('export.summary', { rows: count(rowCount), columns: count(columnCount) })}
        </p>
        {EXPORT_FORMATS.map((preset) => (
          <MenuAction
            key={preset}
            label={t(`export.presets.${preset}.label`)}
            hint={t(`export.presets.${preset}.hint`)}
            disabled={empty}
            onClick={() => onExport(preset)}
          />
        ))}
        <label className="menu__option" htmlFor={figuresId}>
          <input
            id={figuresId}
            type="checkbox"
            checked={withFigures}
            onChange={(event) => onWithFiguresChange(event.target.checked)}
          />
          <span>{t('export.withFigures')}</span>
        </label>
        <MenuAction
          label={t('export.print.label')}
          hint={t('export.print.hint')}
          disabled={empty}
          onClick={onPrint}
        />
        <MenuAction
          label={t('export.labels.label')}
          hint={t('export.labels.hint')}
          disabled={empty}
          onClick={onPrintLabels}
        />
        <MenuAction
          label={tm('copy.label')}
          hint={tm('copy.hint')}
          disabled={empty}
          onClick={onCopyAddresses}
        />
      </Menu>
      <ExportMessage state={state} loaded={count(loaded)} onCancel={onCancel} onDismiss={onDismiss} />
    </>
  );
}

/** One action of the menu: its name and what it does, in one button. */
function MenuAction({
  label,
  hint,
  disabled,
  onClick,
}: {
  label: string;
  hint: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="menu__action"
      disabled={disabled}
      // Closes the menu and puts focus back on the Export button, not on the page.
      data-close-menu
      onClick={onClick}
    >
      <strong>{label}</strong>
      <span className="muted">{hint}</span>
    </button>
  );
}

function ExportMessage({
  state,
  loaded,
  onCancel,
  onDismiss,
}: {
  state: ExportState;
  loaded: string;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('registrations');
  const { t: tm } = useTranslation('mailing');
  const language = useLanguage();
  const labels = useRegistrationLabels(NO_CATEGORIES);
  if (state.step === 'idle') return null;
  const leftOut = state.step === 'done' ? state.leftOut : undefined;
  const leftOutParts = leftOut
    ? (['status', 'missing', 'invalid', 'repeated', 'formulaLike'] as const)
        .filter((reason) => leftOut[reason] > 0)
        .map((reason) =>
          tm(`leftOut.${reason}`, {
            count: leftOut[reason],
            formatted: formatCount(leftOut[reason], language),
            statuses: leftOutStatusNames(labels.status, language),
          }),
        )
    : [];
  const kept =
    leftOut && leftOut.unknownStatus > 0
      ? tm('leftOut.unknownStatus', {
          count: leftOut.unknownStatus,
          formatted: formatCount(leftOut.unknownStatus, language),
          statuses: statusValuesText(leftOut.unknownStatuses),
        })
      : null;
  const busy = state.step === 'waiting' || state.step === 'building';
  return (
    // A toast at the bottom of the window: the toolbar never moves when an export starts or ends.
    <div
      className={`toast${state.step === 'refused' || state.step === 'failed' ? ' toast--error' : ''}`}
      role={busy ? 'status' : 'alert'}
    >
      <p>
        {state.step === 'waiting'
          ? t('export.waiting', { loaded })
          : state.step === 'building'
            ? t('export.building')
            : state.step === 'done'
              ? t('export.done', {
                  count: state.rows,
                  formatted: formatCount(state.rows, language),
                  file: state.fileName,
                })
              : state.step === 'refused'
                ? t('export.refused', { loaded })
                : t('export.failed')}
        {leftOutParts.length > 0 ? ` ${tm('leftOut.intro')} ${leftOutParts.join(', ')}.` : null}
        {kept !== null ? ` ${kept}` : null}
      </p>
      <button type="button" className="button button--ghost" onClick={busy ? onCancel : onDismiss}>
        {busy ? t('export.cancel') : t('export.dismiss')}
      </button>
    </div>
  );
}
