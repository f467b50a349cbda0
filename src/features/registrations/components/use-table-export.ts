import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CSV_PRESET_IDS, csvFileName, downloadBlob, exportCsv } from '@/lib/csv';
import { exportXlsx, xlsxFileName, type XlsxFigure } from '@/lib/xlsx';
import { registrationsKey, settledRegistrations } from '../api/registrations-query';
import { registrationsWorkbook } from '../excel/registrations-workbook';
import type { TableExport } from '../model/export-table';

/** The three CSV dialects, then a real Excel workbook. */
export const EXPORT_FORMATS = [...CSV_PRESET_IDS, 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The overview's numbers for the workbook's second sheet, when the promoter asks for it. */
export interface FiguresSheet {
  sheetName: string;
  headers: readonly [string, string];
  rows: readonly XlsxFigure[];
}

export type ExportState =
  | { step: 'idle' }
  | { step: 'waiting'; preset: ExportFormat }
  | { step: 'building'; preset: ExportFormat }
  | { step: 'done'; rows: number; fileName: string }
  | { step: 'refused' }
  | { step: 'failed'; error: unknown };

interface Options {
  eventId: number;
  /** What the table shows right now; read once the rows of the last page loaded have rendered into it. */
  snapshotTable: () => TableExport;
  /** The workbook's second sheet, or null for the table alone; computed only at export time. */
  snapshotFigures: () => Promise<FiguresSheet | null>;
  eventName: string;
  fileLabel: string;
}

/** Lets React render the rows of the last page loaded before the table is read. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Export never writes a file it knows is incomplete: while pages are still loading it waits
 * (with progress and a cancel), and when the load ends incomplete it refuses and says why.
 * The file is built off the main thread (see lib/csv and lib/xlsx).
 */
export function useTableExport({ eventId, snapshotTable, snapshotFigures, eventName, fileLabel }: Options) {
  const client = useQueryClient();
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const latest = useRef({ snapshotTable, snapshotFigures, eventName, fileLabel });
  useLayoutEffect(() => {
    latest.current = { snapshotTable, snapshotFigures, eventName, fileLabel };
  });

  // Leaving the screen abandons an export in progress.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (preset: ExportFormat) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    try {
      if (client.isFetching({ queryKey: registrationsKey(eventId) }) > 0)
        setState({ step: 'waiting', preset });
      const phase = await settledRegistrations(client, eventId, abort.signal);
      await nextTask();
      if (phase !== 'complete') {
        setState({ step: 'refused' });
        return;
      }
      setState({ step: 'building', preset });
      const { eventName: name, fileLabel: label } = latest.current;
      const table = latest.current.snapshotTable();
      let blob: Blob;
      let fileName: string;
      if (preset === 'xlsx') {
        const figures = await latest.current.snapshotFigures();
        const workbook = registrationsWorkbook({
          columnIds: table.columnIds,
          table,
          sheetName: label,
          ...(figures && { figures }),
        });
        blob = await exportXlsx(workbook, { signal: abort.signal });
        fileName = xlsxFileName(name, new Date(), label);
      } else {
        blob = await exportCsv(
          { headers: table.headers, rows: table.rows, preset },
          { signal: abort.signal },
        );
        fileName = csvFileName(name, new Date(), preset, label);
      }
      downloadBlob(blob, fileName);
      setState({ step: 'done', rows: table.rows.length, fileName });
    } catch (error) {
      if (!abort.signal.aborted) setState({ step: 'failed', error });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  return {
    state,
    start: (preset: ExportFormat) => void start(preset),
    cancel: () => {
      controller.current?.abort();
      setState({ step: 'idle' });
    },
    dismiss: () => setState({ step: 'idle' }),
  };
}
