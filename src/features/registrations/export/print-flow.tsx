import type { Category, PartnerEvent } from '@/engine/api/event-schemas';
import type { Label } from '../rows/registration-labels';
import { CheckInDialog } from './check-in-dialog';
import { LabelSheet } from './label-sheet';
import { LabelsDialog } from './labels-dialog';
import { PrintList } from './print-list';
import type { PrintControl } from './use-print';

interface PrintFlowProps {
  readonly print: PrintControl;
  /** The event's details: the check-in list waits for them (its header has the name and date). */
  readonly event: PartnerEvent | undefined;
  readonly categories: readonly Category[];
  /** The table's columns in its order, and their titles. */
  readonly columnIds: readonly string[];
  readonly titles: ReadonlyMap<string, Label>;
}

/**
 * The print under way (usePrint): its dialog while the promoter chooses, then the check-in
 * list or the label sheets in the page until the browser's print dialog closes. Loaded only
 * when a promoter prints.
 */
export default function PrintFlow({ print, event, categories, columnIds, titles }: PrintFlowProps) {
  const { job, choices } = print;
  if (!job) return null;
  if (job.step === 'choosing') {
    return job.kind === 'check-in' ? (
      <CheckInDialog
        rows={job.rows}
        columnIds={columnIds}
        titles={titles}
        options={choices.checkIn}
        onPrint={print.printCheckIn}
        onCancel={print.end}
      />
    ) : (
      <LabelsDialog
        rows={job.rows}
        columnIds={columnIds}
        titles={titles}
        options={choices.labels}
        onPrint={print.printLabels}
        onCancel={print.end}
      />
    );
  }
  if (job.kind === 'check-in') {
    return event ? (
      <PrintList
        event={event}
        rows={job.rows}
        clean={job.clean}
        categories={categories}
        columnIds={columnIds}
        titles={titles}
        options={choices.checkIn}
        autoPrint
        onAfterPrint={print.end}
      />
    ) : null;
  }
  return (
    <LabelSheet
      rows={job.rows}
      clean={job.clean}
      categories={categories}
      titles={titles}
      options={choices.labels}
      startAt={job.startAt}
      autoPrint
      onAfterPrint={print.end}
    />
  );
}
