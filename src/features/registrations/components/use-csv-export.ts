import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { csvFileName, downloadBlob, exportCsv, type CsvPresetId } from '@/lib/csv';
import { registrationsKey, settledRegistrations } from '../api/registrations-query';
import type { TableExport } from '../model/export-table';

export type ExportState =
  | { step: 'idle' }
  | { step: 'waiting'; preset: CsvPresetId }
  | { step: 'building'; preset: CsvPresetId }
  | { step: 'done'; rows: number; fileName: string }
  | { step: 'refused' }
  | { step: 'failed'; error: unknown };

interface Options {
  eventId: number;
  /** What the table shows right now; read after the last page has rendered into it. */
  snapshotTable: () => TableExport;
  eventName: string;
  fileLabel: string;
}

/** Lets React render the rows of the last page before the table is read. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Export never writes a file it knows is incomplete: while pages are still loading it waits
 * (with progress and a cancel), and when the load ends incomplete it refuses and says why.
 * The file is built off the main thread (see lib/csv).
 */
export function useCsvExport({ eventId, snapshotTable, eventName, fileLabel }: Options) {
  const client = useQueryClient();
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const latest = useRef({ snapshotTable, eventName, fileLabel });
  useLayoutEffect(() => {
    latest.current = { snapshotTable, eventName, fileLabel };
  });

  // Leaving the screen abandons an export in progress.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (preset: CsvPresetId) => {
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
      const table = latest.current.snapshotTable();
      const blob = await exportCsv(
        { headers: table.headers, rows: table.rows, preset },
        { signal: abort.signal },
      );
      const fileName = csvFileName(latest.current.eventName, new Date(), preset, latest.current.fileLabel);
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
    start: (preset: CsvPresetId) => void start(preset),
    cancel: () => {
      controller.current?.abort();
      setState({ step: 'idle' });
    },
    dismiss: () => setState({ step: 'idle' }),
  };
}
