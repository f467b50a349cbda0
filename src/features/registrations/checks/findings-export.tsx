import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportCsv } from '@/engine/export/export-client';
import { CHECK_SEVERITY } from '@/engine/figures/checks/check-kinds';
import { fullName, type Registration } from '@/engine/api/registration-schemas';
import { useLanguage } from '@/i18n/use-language';
import { csvFileName, downloadBlob } from '@/lib/csv';
import { useEventName } from '../editions/edition-links';
import type { CheckFindings } from '@/engine/figures/checks/open-findings';

interface FindingsExportProps {
  readonly eventId: number;
  readonly byCheck: readonly CheckFindings[];
  readonly byId: ReadonlyMap<number, Registration>;
  readonly questionText: (queId: number) => string;
}

/**
 * The open findings as a CSV to send to the registration platform's support: one line per
 * finding, in the interface language, with what identifies the registration there (its id, its
 * order, its name and e-mail) and what was found. Built by the engine like every CSV (formula
 * guard, Excel's separator for the language).
 */
export function FindingsExport({ eventId, byCheck, byId, questionText }: FindingsExportProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const eventName = useEventName(eventId);
  const [said, setSaid] = useState('');

  const save = async () => {
    const headers = [
      t('checks.columns.severity'),
      t('checks.columns.check'),
      'registration_id',
      'order_id',
      t('checks.registration'),
      'email',
      t('checks.question'),
      t('checks.found'),
      t('checks.suggestion'),
    ];
    const rows = byCheck.flatMap(({ check, findings }) =>
      findings.map((finding) => {
        const registration = byId.get(finding.registrationId);
        return [
          t(`checks.severity.${CHECK_SEVERITY[check]}`),
          t(`checks.names.${check}`),
          String(finding.registrationId),
          registration?.order_id ?? '',
          registration ? fullName(registration) : '',
          registration?.email ?? '',
          finding.queId !== null ? questionText(finding.queId) : '',
          finding.value,
          finding.suggestion ?? '',
        ];
      }),
    );
    try {
      const preset = language === 'fr' ? 'excel-fr' : 'excel-en';
      const blob = await exportCsv({ headers, rows, preset });
      const fileName = csvFileName(eventName, new Date(), preset, t('checks.file'));
      downloadBlob(blob, fileName);
      setSaid(t('orderSheet.exported', { file: fileName }));
    } catch {
      setSaid(t('orderSheet.exportFailed'));
    }
  };

  return (
    <div className="no-print">
      <button type="button" className="button" onClick={() => void save()}>
        {t('checks.export')}
      </button>
      <p role="status" className="muted">
        {said}
      </p>
    </div>
  );
}
