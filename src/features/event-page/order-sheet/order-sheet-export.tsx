import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportCsv, exportXlsx } from '@/engine/export/export-client';
import { useLanguage } from '@/i18n/use-language';
import { csvFileName, downloadBlob } from '@/lib/csv';
import { xlsxFileName } from '@/lib/xlsx';
import { useEventName } from '@/features/registrations/editions/edition-links';
import type { SheetLine } from './order-sheet';

interface OrderSheetExportProps {
  readonly eventId: number;
  /** The sizes' names, in the sheet's order. */
  readonly sizes: readonly string[];
  /** The lines as the table shows them, totals last. */
  readonly lines: readonly SheetLine[];
}

/** The sheet as the supplier gets it: a CSV or a workbook in the interface language, or print. */
export function OrderSheetExport({ eventId, sizes, lines }: OrderSheetExportProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const eventName = useEventName(eventId);
  const [said, setSaid] = useState('');
  const label = t('orderSheet.fileLabel');
  const headers = [t('orderSheet.group'), ...sizes, t('orderSheet.total')];
  const rows = lines.map((line) => [line.name, ...line.counts, line.total]);

  const save = async (format: 'csv' | 'xlsx') => {
    try {
      let fileName: string;
      let blob: Blob;
      if (format === 'csv') {
        const preset = language === 'fr' ? 'excel-fr' : 'excel-en';
        blob = await exportCsv({ headers, rows: rows.map((cells) => cells.map(String)), preset });
        fileName = csvFileName(eventName, new Date(), preset, label);
      } else {
        blob = await exportXlsx({
          table: {
            name: t('orderSheet.sheetName'),
            columns: headers.map((header, index) => ({ header, type: index === 0 ? 'text' : 'number' })),
            rows,
          },
        });
        fileName = xlsxFileName(eventName, new Date(), label);
      }
      downloadBlob(blob, fileName);
      setSaid(t('orderSheet.exported', { file: fileName }));
    } catch {
      setSaid(t('orderSheet.exportFailed'));
    }
  };

  return (
    <div className="order-sheet__export no-print">
      <p className="order-sheet__actions">
        <button type="button" className="button" onClick={() => void save('csv')}>
          {t('orderSheet.exportCsv')}
        </button>
        <button type="button" className="button" onClick={() => void save('xlsx')}>
          {t('orderSheet.exportXlsx')}
        </button>
        <button type="button" className="button" onClick={() => window.print()}>
          {t('orderSheet.print')}
        </button>
      </p>
      <p role="status" className="muted">
        {said}
      </p>
    </div>
  );
}
