import type { Category, PartnerEvent } from '@/features/events/api/schemas';
import type { Label } from '../rows/registration-labels';
import { CheckInDialog } from './check-in-dialog';
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
 * list in the page until the browser's print dialog closes. Loaded only when a promoter prints.
 */
export default function PrintFlow({ print, event, categories, columnIds, titles }: PrintFlowProps) {
  const { job, choices } = print;
  if (!job || job.kind !== 'check-in') return null;
  if (job.step === 'choosing') {
    return (
      <CheckInDialog
        rows={job.rows}
        columnIds={columnIds}
        titles={titles}
        options={choices.checkIn}
        onPrint={print.printCheckIn}
        onCancel={print.end}
      />
    );
  }
  return event ? (
    <PrintList
      event={event}
      rows={job.rows}
      categories={categories}
      columnIds={columnIds}
      titles={titles}
      options={choices.checkIn}
      autoPrint
      onAfterPrint={print.end}
    />
  ) : null;
}
