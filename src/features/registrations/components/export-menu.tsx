import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_PRESET_IDS, prepareCsvExport, type CsvPresetId } from '@/lib/csv';
import { formatCount } from '@/lib/numbers';
import type { ExportState } from './use-csv-export';

interface ExportMenuProps {
  state: ExportState;
  loaded: number;
  rowCount: number;
  columnCount: number;
  onExport: (preset: CsvPresetId) => void;
  onCancel: () => void;
  onDismiss: () => void;
}

/** Three presets: French Excel (`;`, BOM), English Excel (`,`, BOM), plain UTF-8 (no BOM). */
export function ExportMenu({
  state,
  loaded,
  rowCount,
  columnCount,
  onExport,
  onCancel,
  onDismiss,
}: ExportMenuProps) {
  const { t, i18n } = useTranslation('registrations');
  const menu = useRef<HTMLDetailsElement>(null);
  const count = (n: number) => formatCount(n, i18n.language);

  return (
    <div className="export">
      <details
        className="menu"
        ref={menu}
        onToggle={(event) => {
          if (event.currentTarget.open) prepareCsvExport();
        }}
      >
        <summary className="button button--primary">{t('export.button')}</summary>
        <div className="menu__panel menu__panel--end">
          <p className="muted menu__note">
            {t('export.summary', { rows: count(rowCount), columns: count(columnCount) })}
          </p>
          {CSV_PRESET_IDS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="menu__action"
              onClick={() => {
                if (menu.current) menu.current.open = false;
                onExport(preset);
              }}
            >
              <strong>{t(`export.presets.${preset}.label`)}</strong>
              <span className="muted">{t(`export.presets.${preset}.hint`)}</span>
            </button>
          ))}
        </div>
      </details>
      <ExportMessage state={state} loaded={count(loaded)} onCancel={onCancel} onDismiss={onDismiss} />
    </div>
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
  const { t, i18n } = useTranslation('registrations');
  if (state.step === 'idle') return null;
  const busy = state.step === 'waiting' || state.step === 'building';
  return (
    <div
      className={`export__message${state.step === 'refused' || state.step === 'failed' ? ' export__message--error' : ''}`}
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
                  formatted: formatCount(state.rows, i18n.language),
                  file: state.fileName,
                })
              : state.step === 'refused'
                ? t('export.refused', { loaded })
                : t('export.failed')}
      </p>
      <button type="button" className="button button--ghost" onClick={busy ? onCancel : onDismiss}>
        {busy ? t('export.cancel') : t('export.dismiss')}
      </button>
    </div>
  );
}
