import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { exportCsv, exportXlsx } from '@/engine/export/export-client';
import { CSV_PRESET_IDS, csvFileName, downloadBlob, downloadFileName } from '@/lib/csv';
import { xlsxFileName, type XlsxFigure } from '@/lib/xlsx';
import { settledRegistrations } from '../api/registrations-cache';
import type { RegistrationsData } from '../api/registrations-data';
import { registrationsKey } from '../api/registrations-key';
import { registrationsWorkbook } from './registrations-workbook';
import type { RegistrationHistory } from '@/engine/history/registration-history';
import type { EventInsights } from '@/engine/figures/event-insights';
import { idsOf, insightsClient } from '../insights/insights-client';
import { mailingExport, viewExport, type MailingHeaders } from './export-table';
import type { PrintKind, PrintedRows } from './use-print';
import { cleanAnswers } from '../rows/question-readings';
import { answerCorrections } from '../rows/answer-corrections';
import type { EventCorrections } from '@/lib/clean-answers/clean-answers';
import type { RegistrationLabels } from '../rows/registration-labels';
import type { RegistrationRow } from '../rows/registration-rows';
import { eventModels, type RegistrationsModel } from '../rows/registrations-model';
import type { RegistrationsView } from '../rows/registrations-view';
import { viewRows } from '../rows/view-rows';

/**
 * The three CSV dialects, the mailing audience (a plain UTF-8 CSV of e-mail, first name, last
 * name, category and the answers shown, one line per valid address, what Brevo and Mailchimp
 * import: see mailingExport), then a real Excel workbook (beside its figures option in the menu).
 */
export const EXPORT_FORMATS = [...CSV_PRESET_IDS, 'mailing', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The overview's numbers for the workbook's second sheet, when the promoter asks for it. */
export interface FiguresSheet {
  sheetName: string;
  headers: readonly [string, string];
  rows: readonly XlsxFigure[];
}

/** What the rows of a view are asked for: a file, a printed list or labels, or their e-mail addresses. */
type ExportPurpose = ExportFormat | PrintKind | 'addresses';

/**
 * The rows of a mailing audience left out of its file, and why (see mailingExport), and the
 * rows kept with a status the app does not know.
 */
export interface LeftOut {
  /** Left out for their status (engine/api/payment-status). */
  status: number;
  missing: number;
  invalid: number;
  repeated: number;
  formulaLike: number;
  unknownStatus: number;
  unknownStatuses: readonly string[];
}

export type ExportState =
  | { step: 'idle' }
  | { step: 'waiting'; preset: ExportPurpose }
  | { step: 'building'; preset: ExportFormat }
  | { step: 'done'; rows: number; fileName: string; leftOut?: LeftOut }
  | { step: 'refused' }
  | { step: 'failed'; error: unknown };

interface Options {
  eventId: number;
  eventName: string;
  fileLabel: string;
  /** The workbook's second sheet from the figures of the exported rows. */
  figuresSheet: (insights: EventInsights) => FiguresSheet;
  /** Called with the rows to print (the check-in list or labels) once the whole list is there. */
  onPrintReady: (printed: PrintedRows, kind: PrintKind) => void;
  /** Called with the rows whose e-mail addresses to copy once the whole list is there. */
  onAddressesReady: (rows: readonly RegistrationRow[]) => void;
  /** The mailing audience's e-mail and name columns' titles (see MailingHeaders). */
  mailingHeaders: MailingHeaders;
}

/** What an export is asked for: the view on screen and its language, at the click. */
export interface ExportRequest {
  view: RegistrationsView;
  labels: RegistrationLabels;
  withFigures: boolean;
  /**
   * The registrations an edition filter or a check keeps (see viewRows; null: neither, or their
   * lists are not there yet, and then the view keeps no row).
   */
  listIds?: ReadonlySet<number> | null;
}

/** The workbook's figures sheet lists no answers, orders or groups: it needs their counts. */
const FIGURES_SHEET_OPTIONS = { questions: false, groups: true, lists: false } as const;

/**
 * Export and print never write a list they know is incomplete: while pages are still loading
 * they wait (with progress and a cancel), and when the load ends incomplete they refuse and
 * say why. Then the file is a pure function of the query's final data and the view asked for
 * (viewExport), not of what the screen last rendered; it is built off the main thread, by the
 * engine (engine/export).
 */
export function useTableExport({
  eventId,
  eventName,
  fileLabel,
  figuresSheet,
  onPrintReady,
  onAddressesReady,
  mailingHeaders,
}: Options) {
  const client = useQueryClient();
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const controller = useRef<AbortController | null>(null);

  // Leaving the screen abandons an export in progress.
  useEffect(() => () => controller.current?.abort(), []);

  /** The final model of the event in the request's language, or null when the list is incomplete. */
  const settledModel = async (
    preset: ExportPurpose,
    labels: RegistrationLabels,
    signal: AbortSignal,
  ): Promise<{
    model: RegistrationsModel;
    history: RegistrationHistory | null;
    corrections: EventCorrections;
  } | null> => {
    const queryKey = registrationsKey(eventId);
    if (client.isFetching({ queryKey }) > 0) setState({ step: 'waiting', preset });
    const phase = await settledRegistrations(client, eventId, signal);
    const data = client.getQueryData<RegistrationsData>(queryKey);
    if (phase !== 'complete' || !data) return null;
    const models = eventModels(client, eventId);
    const model = models.isLarge(data.rows, labels)
      ? await models.buildInSlices(data.rows, labels, signal)
      : models.build(data.rows, labels);
    return { model, history: data.history, corrections: await answerCorrections(client, eventId) };
  };

  const run = async (preset: ExportPurpose, request: ExportRequest) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    try {
      const settled = await settledModel(preset, request.labels, abort.signal);
      if (!settled) {
        setState({ step: 'refused' });
        return;
      }
      const { model, history, corrections } = settled;
      const listIds = request.listIds ?? null;
      if (preset === 'check-in' || preset === 'labels' || preset === 'addresses') {
        setState({ step: 'idle' });
        const { rows } = viewRows(model, request.view, history, listIds, corrections);
        if (preset === 'addresses') {
          onAddressesReady(rows);
          return;
        }
        const clean = await cleanAnswers(model, model.columnIds, corrections);
        if (!abort.signal.aborted) onPrintReady({ rows, clean }, preset);
        return;
      }
      setState({ step: 'building', preset });
      if (preset === 'mailing') {
        const mailing = await mailingExport(
          model,
          request.view,
          history,
          listIds,
          mailingHeaders,
          corrections,
        );
        const { table, audience } = mailing;
        // Plain UTF-8 without a BOM: Mailchimp and Brevo read it as it is.
        const blob = await exportCsv(
          { headers: table.headers, rows: table.rows, preset: 'utf8' },
          { signal: abort.signal },
        );
        const fileName = downloadFileName(eventName, new Date(), fileLabel, 'mailing', 'csv');
        downloadBlob(blob, fileName);
        setState({
          step: 'done',
          rows: table.rows.length,
          fileName,
          leftOut: {
            status: audience.leftOutStatus,
            missing: audience.missing,
            invalid: audience.invalid.length,
            repeated: audience.repeated,
            formulaLike: mailing.formulaLike,
            unknownStatus: audience.unknownStatus,
            unknownStatuses: audience.unknownStatuses,
          },
        });
        return;
      }
      const table = await viewExport(model, request.view, history, listIds, corrections);
      let blob: Blob;
      let fileName: string;
      if (preset === 'xlsx') {
        const figures = request.withFigures
          ? figuresSheet(
              await insightsClient(client).compute({
                eventId,
                rows: model.registrations,
                categories: request.labels.categories,
                scope: idsOf(viewRows(model, request.view, history, listIds, corrections).rows),
                options: FIGURES_SHEET_OPTIONS,
              }),
            )
          : null;
        const workbook = registrationsWorkbook({
          columnIds: table.columnIds,
          table,
          sheetName: fileLabel,
          ...(figures && { figures }),
        });
        blob = await exportXlsx(workbook, { signal: abort.signal });
        fileName = xlsxFileName(eventName, new Date(), fileLabel);
      } else {
        blob = await exportCsv(
          { headers: table.headers, rows: table.rows, preset },
          { signal: abort.signal },
        );
        fileName = csvFileName(eventName, new Date(), preset, fileLabel);
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
    start: (preset: ExportFormat, request: ExportRequest) => void run(preset, request),
    /** The check-in list or the labels of the view's rows, once the whole list is there. */
    print: (request: ExportRequest, kind: PrintKind) => void run(kind, request),
    /** The view's rows for "Copy e-mail addresses", once the whole list is there. */
    addresses: (request: ExportRequest) => void run('addresses', request),
    cancel: () => {
      controller.current?.abort();
      setState({ step: 'idle' });
    },
    dismiss: () => setState({ step: 'idle' }),
  };
}
