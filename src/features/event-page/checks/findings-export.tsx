import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registration } from '@/engine/api/registration-schemas';
import { CHECK_IDS } from '@/engine/figures/checks/check-kinds';
import type { FindingsTexts } from '@/engine/figures/checks/findings-table';
import { useLanguage } from '@/i18n/use-language';
import { csvFileName, downloadBlob } from '@/lib/csv';
import { useEventName } from '@/features/registrations/editions/edition-links';
import { insightsClient } from '@/features/registrations/insights/insights-client';
import { useAnswerCorrections } from '@/features/registrations/rows/answer-corrections';

interface FindingsExportProps {
  readonly eventId: number;
  /** Every registration of the event, as the Checks section counts them. */
  readonly registrations: readonly Registration[];
  readonly fine: ReadonlySet<string>;
  /** The question texts in the interface language, by id. */
  readonly questionText: (queId: number) => string;
}

/**
 * The open findings as a CSV to send to the registration platform's support: one line per
 * finding, in the interface language, with what identifies the registration there (its id, its
 * order, its name and e-mail) and what was found. The engine builds it (checks/findings-table,
 * the CSV writer's formula guard and Excel's separator for the language): the page never holds
 * every finding.
 */
export function FindingsExport({ eventId, registrations, fine, questionText }: FindingsExportProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const eventName = useEventName(eventId);
  const client = insightsClient(useQueryClient());
  const { corrections } = useAnswerCorrections(eventId);
  const [said, setSaid] = useState('');

  const save = async () => {
    const questions = new Set<number>();
    for (const row of registrations) for (const entry of row.custom_questions) questions.add(entry.que_id);
    const texts: FindingsTexts = {
      headers: [
        t('checks.columns.severity'),
        t('checks.columns.check'),
        'registration_id',
        'order_id',
        t('checks.registration'),
        'email',
        t('checks.question'),
        t('checks.found'),
        t('checks.suggestion'),
      ],
      checks: Object.fromEntries(
        CHECK_IDS.map((check) => [check, t(`checks.names.${check}`)]),
      ) as FindingsTexts['checks'],
      severities: {
        error: t('checks.severity.error'),
        warning: t('checks.severity.warning'),
        notice: t('checks.severity.notice'),
      },
      questions: Object.fromEntries([...questions].map((queId) => [String(queId), questionText(queId)])),
    };
    try {
      const preset = language === 'fr' ? 'excel-fr' : 'excel-en';
      const file = await client.findingsFile({
        eventId,
        rows: registrations,
        corrections,
        fine: [...fine].sort(),
        texts,
        preset,
      });
      const fileName = csvFileName(eventName, new Date(), preset, t('checks.file'));
      downloadBlob(file, fileName);
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
