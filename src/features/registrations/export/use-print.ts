import { useCallback, useState } from 'react';
import { rememberSessionPrintChoices, sessionPrintChoices } from '@/lib/session';
import type { CleanAnswers } from '../rows/question-readings';
import type { RegistrationRow } from '../rows/registration-rows';
import {
  parsePrintChoices,
  type CheckInPrintOptions,
  type LabelPrintOptions,
  type PrintChoices,
} from './print-options';

/** What the Export menu prints. */
export type PrintKind = 'check-in' | 'labels';

/** The rows to print: the view's, whole, at the click, and their answers' clean values. */
export interface PrintedRows {
  readonly rows: readonly RegistrationRow[];
  /** A size or yes/no is printed as its clean value ("XL" for "TG"), as the figures count it. */
  readonly clean: CleanAnswers;
}

/**
 * A print under way: the promoter choosing in its dialog, then the document in the page while
 * the browser's print dialog is open.
 */
export type PrintJob =
  | ({ readonly step: 'choosing'; readonly kind: PrintKind } & PrintedRows)
  | ({ readonly step: 'printing'; readonly kind: 'check-in' } & PrintedRows)
  | ({
      readonly step: 'printing';
      readonly kind: 'labels';
      /** The first free label of the sheet: asked each time, never kept. */
      readonly startAt: number;
    } & PrintedRows);

export interface PrintControl {
  /** The choices the dialogs open with: the last ones made for this event in this session. */
  readonly choices: PrintChoices;
  /**
   * Makes `value` the choices, whatever it is (parsed by parsePrintChoices: invalid parts
   * become defaults): for a saved view's stored `print`.
   */
  readonly restore: (value: unknown) => void;
  readonly job: PrintJob | null;
  /** The rows are whole: open the dialog of `kind`. */
  readonly ready: (printed: PrintedRows, kind: PrintKind) => void;
  /** Print the check-in list with these choices (kept). */
  readonly printCheckIn: (options: CheckInPrintOptions) => void;
  /** Print labels with these choices (kept), from label `startAt` of the first sheet. */
  readonly printLabels: (options: LabelPrintOptions, startAt: number) => void;
  /** The dialog was cancelled, or the browser's print dialog closed. */
  readonly end: () => void;
}

function rememberedChoices(eventId: number): { eventId: number; choices: PrintChoices } {
  return { eventId, choices: parsePrintChoices(sessionPrintChoices(eventId)) };
}

/**
 * The print of an event's registrations: the dialogs' choices, remembered per event for the
 * tab's session (in sessionStorage through lib/session, read back through the parser, so a
 * reload keeps them and sign-out forgets them), and the print under way.
 */
export function usePrint(eventId: number): PrintControl {
  const [kept, setKept] = useState(() => rememberedChoices(eventId));
  let current = kept;
  if (kept.eventId !== eventId) {
    // Another event on the same screen: its own choices (React's "adjust state on a prop change").
    current = rememberedChoices(eventId);
    setKept(current);
  }
  const { choices } = current;
  const [job, setJob] = useState<PrintJob | null>(null);

  const keep = useCallback(
    (next: PrintChoices) => {
      rememberSessionPrintChoices(eventId, next);
      setKept({ eventId, choices: next });
    },
    [eventId],
  );
  const restore = useCallback((value: unknown) => keep(parsePrintChoices(value)), [keep]);
  const ready = useCallback(
    (printed: PrintedRows, kind: PrintKind) => setJob({ step: 'choosing', kind, ...printed }),
    [],
  );
  const printCheckIn = (checkIn: CheckInPrintOptions) => {
    keep({ ...choices, checkIn });
    setJob((current) =>
      current ? { step: 'printing', kind: 'check-in', rows: current.rows, clean: current.clean } : null,
    );
  };
  const printLabels = (labels: LabelPrintOptions, startAt: number) => {
    keep({ ...choices, labels });
    setJob((current) =>
      current
        ? { step: 'printing', kind: 'labels', rows: current.rows, clean: current.clean, startAt }
        : null,
    );
  };
  const end = useCallback(() => setJob(null), []);

  return { choices, restore, job, ready, printCheckIn, printLabels, end };
}
