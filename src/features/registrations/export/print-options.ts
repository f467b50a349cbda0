import { z } from '@/lib/zod';
import { schemaOnFirstUse } from '@/lib/schema-on-first-use';
import { isLeftOutStatus } from '@/engine/api/payment-status';
import { FIXED_COLUMN_IDS } from '../rows/registration-labels';

/**
 * What the promoter chose in the print dialogs, as plain data: column ids, switches and
 * numbers, never a name or an answer. It is kept for the session per event and is meant to
 * be stored verbatim with a saved view, so it is read back through `parsePrintChoices`,
 * which accepts anything (an older record, a hand-edited one, `undefined`) and never throws:
 * each part that is not valid falls back to its default, the rest is kept.
 */

/** The check-in list's choices. */
export interface CheckInPrintOptions {
  /**
   * The columns to print, in this order, as the table names them (the fixed ids and
   * `q:<que_id>` for a question). An id the event does not have is skipped.
   */
  readonly columns: readonly string[];
  /** Leave out the registrations whose status is left out (payment-status LEFT_OUT_STATUSES). */
  readonly leaveOutCancelled: boolean;
  /** 'auto': the usual ranges A–F, G–M, N–S, T–Z; a number: that many desks, balanced by people. */
  readonly desks: 'auto' | number;
  /** Each desk (a category's run of initials) starts on a new sheet. */
  readonly pagePerDesk: boolean;
}

export const LABEL_SHEET_IDS = ['a4-3x8', 'a4-2x7', 'letter-3x10'] as const;
export type LabelSheetId = (typeof LABEL_SHEET_IDS)[number];

/** The label sheets' choices. Where to start on the sheet is asked each time, never kept. */
export interface LabelPrintOptions {
  readonly sheet: LabelSheetId;
  readonly name: boolean;
  readonly category: boolean;
  readonly order: boolean;
  /** One question's answer, by its column id `q:<que_id>`, or none. */
  readonly answer: string | null;
  readonly leaveOutCancelled: boolean;
}

export interface PrintChoices {
  readonly checkIn: CheckInPrintOptions;
  readonly labels: LabelPrintOptions;
}

export const MAX_DESKS = 20;
/** More columns than any event has: a damaged record cannot grow the page's memory. */
const MAX_COLUMNS = 200;

export const DEFAULT_CHECK_IN_OPTIONS: CheckInPrintOptions = {
  columns: ['last_name', 'first_name', 'category', 'order_id', 'payment_status'],
  leaveOutCancelled: true,
  desks: 'auto',
  // Off: with a page per desk, a small event's list prints mostly empty pages.
  pagePerDesk: false,
};

export const DEFAULT_LABEL_OPTIONS: LabelPrintOptions = {
  sheet: 'a4-3x8',
  name: true,
  category: true,
  order: false,
  answer: null,
  leaveOutCancelled: true,
};

export const DEFAULT_PRINT_CHOICES: PrintChoices = {
  checkIn: DEFAULT_CHECK_IN_OPTIONS,
  labels: DEFAULT_LABEL_OPTIONS,
};

const QUESTION_COLUMN = /^q:\d{1,15}$/;
const FIXED = new Set<string>(FIXED_COLUMN_IDS);

/** A column id the table can have: a fixed column or a question's. */
export function isPrintColumnId(value: string): boolean {
  return FIXED.has(value) || QUESTION_COLUMN.test(value);
}

/** The valid ids once each, in their order; the defaults when none is left. */
function cleanColumns(ids: readonly string[]): readonly string[] {
  const kept = [...new Set(ids.filter(isPrintColumnId))];
  return kept.length > 0 ? kept : DEFAULT_CHECK_IN_OPTIONS.columns;
}

const printChoicesSchema = schemaOnFirstUse(() => {
  const checkIn = z.catch(
    z.object({
      columns: z.catch(
        z.pipe(
          z.array(z.string()).check(z.maxLength(MAX_COLUMNS)),
          z.transform((ids: string[]) => cleanColumns(ids)),
        ),
        DEFAULT_CHECK_IN_OPTIONS.columns,
      ),
      leaveOutCancelled: z.catch(z.boolean(), DEFAULT_CHECK_IN_OPTIONS.leaveOutCancelled),
      desks: z.catch(
        z.union([z.literal('auto'), z.int().check(z.minimum(1), z.maximum(MAX_DESKS))]),
        DEFAULT_CHECK_IN_OPTIONS.desks,
      ),
      pagePerDesk: z.catch(z.boolean(), DEFAULT_CHECK_IN_OPTIONS.pagePerDesk),
    }),
    DEFAULT_CHECK_IN_OPTIONS,
  );

  const labels = z.catch(
    z.object({
      sheet: z.catch(z.enum(LABEL_SHEET_IDS), DEFAULT_LABEL_OPTIONS.sheet),
      name: z.catch(z.boolean(), DEFAULT_LABEL_OPTIONS.name),
      category: z.catch(z.boolean(), DEFAULT_LABEL_OPTIONS.category),
      order: z.catch(z.boolean(), DEFAULT_LABEL_OPTIONS.order),
      answer: z.catch(z.nullable(z.string().check(z.regex(QUESTION_COLUMN))), DEFAULT_LABEL_OPTIONS.answer),
      leaveOutCancelled: z.catch(z.boolean(), DEFAULT_LABEL_OPTIONS.leaveOutCancelled),
    }),
    DEFAULT_LABEL_OPTIONS,
  );

  return z.catch(z.object({ checkIn, labels }), DEFAULT_PRINT_CHOICES);
});

/**
 * The print choices in `value`, whatever it is: valid parts kept, the others their defaults.
 * Never throws. The result is plain JSON, ready to be stored as it is.
 */
export function parsePrintChoices(value: unknown): PrintChoices {
  try {
    return printChoicesSchema().parse(value);
  } catch {
    // A getter that throws, a revoked proxy: nothing of it can be trusted.
    return DEFAULT_PRINT_CHOICES;
  }
}

/**
 * The rows to print: all of them, or without those whose status is left out (payment-status:
 * cancelled and refunded, however written; an unknown status is printed).
 */
export function rowsToPrint<Row extends { readonly statusKey: string }>(
  rows: readonly Row[],
  leaveOutCancelled: boolean,
): readonly Row[] {
  return leaveOutCancelled ? rows.filter((row) => !isLeftOutStatus(row.statusKey)) : rows;
}

/** A whole number typed in a field, from `min` to `max`; null when it is not one. */
export function parseWhole(text: string, min: number, max: number): number | null {
  if (!/^\s*\d{1,6}\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}
