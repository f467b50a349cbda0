import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@/engine/api/event-schemas';
import { usePrint } from '../export/use-print';
import { useTableExport } from '../export/use-table-export';
import { overviewFigures } from '../insights/overview-figures';
import { useInsightLabels } from '../insights/use-insight-labels';
import type { RegistrationRow } from '../rows/registration-rows';

/**
 * What the registrations screen hands its export menu: the files (CSV, workbook with its
 * figures sheet in the UI language), the print dialogs' choices (`print.choices`; a saved view
 * restores its own with `print.restore`), and the rows whose addresses the mailing dialog shows.
 */
export function useScreenExports(eventId: number, eventName: string, categories: readonly Category[]) {
  const { t } = useTranslation('registrations');
  const { t: ti } = useTranslation('insights');
  const insightLabels = useInsightLabels(categories);
  const print = usePrint(eventId);
  const [addressRows, setAddressRows] = useState<readonly RegistrationRow[] | null>(null);
  const { t: tm } = useTranslation('mailing');
  const exporter = useTableExport({
    eventId,
    eventName,
    fileLabel: t('export.fileLabel'),
    figuresSheet: (insights) => ({
      sheetName: ti('figures.sheet'),
      headers: [ti('figures.label'), ti('figures.value')],
      rows: overviewFigures(insights, insightLabels),
    }),
    onPrintReady: print.ready,
    onAddressesReady: setAddressRows,
    mailingHeaders: {
      email: tm('headers.email'),
      firstName: tm('headers.firstName'),
      lastName: tm('headers.lastName'),
    },
  });
  return { exporter, print, addressRows, setAddressRows };
}
