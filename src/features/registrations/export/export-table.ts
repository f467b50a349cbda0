import { yieldToBrowser } from '@/lib/yield-to-browser';
import type { RegistrationHistory } from '@/engine/history/registration-history';
import { cellText, type RegistrationRow } from '../rows/registration-rows';
import type { RegistrationsModel } from '../rows/registrations-model';
import type { RegistrationsView } from '../rows/registrations-view';
import { viewRows } from '../rows/view-rows';
import { mailingAudience, type MailingAudience } from './mailing-addresses';
import { NO_CORRECTIONS, type EventCorrections } from '@/lib/clean-answers/clean-answers';
import { cleanAnswers } from '../rows/question-readings';

export interface TableExport {
  /** The visible columns' ids, in order (an Excel file types its columns by id). */
  columnIds: readonly string[];
  headers: string[];
  rows: string[][];
}

/** Rows turned into cells per slice: 2,500 rows of a dozen cells take a few milliseconds. */
const ROWS_PER_SLICE = 2500;

/**
 * Some rows as a table to export: the given columns in order, titled by `titleOf`, each cell
 * the displayed text (or `cellOf`'s). Built a slice at a time with a pause between slices, so
 * 100,000 rows never hold up the page in one task.
 */
export async function tableExport(
  rows: readonly RegistrationRow[],
  visibleColumnIds: readonly string[],
  titleOf: (columnId: string) => string,
  cellOf: (row: RegistrationRow, columnId: string) => string = cellText,
): Promise<TableExport> {
  const cells: string[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
    // The first slice too: the caller's own work (reading the answers) ends the task before.
    await yieldToBrowser();
    const end = Math.min(start + ROWS_PER_SLICE, rows.length);
    for (let i = start; i < end; i++) {
      const row = rows[i]!;
      cells.push(visibleColumnIds.map((id) => cellOf(row, id)));
    }
  }
  return { columnIds: visibleColumnIds, headers: visibleColumnIds.map(titleOf), rows: cells };
}

/** The id of the column of clean values that follows a question's answers in an export. */
const CLEAN_COLUMN_SUFFIX = ':clean';

/**
 * Exactly what a view of the model shows: every row that matches its search and filters, in
 * its order, and its visible columns in order, titled in the model's language. A question read
 * as sizes or yes/no (clean-answers.ts) gets a column of clean values beside the answers as
 * typed, empty where an answer could not be read. A pure function of the data and the view:
 * an export started while a load runs waits for the load, then calls this on the final data,
 * never on what a render last showed.
 */
export async function viewExport(
  model: RegistrationsModel,
  view: RegistrationsView,
  history: RegistrationHistory | null,
  listIds: ReadonlySet<number> | null = null,
  corrections: EventCorrections = NO_CORRECTIONS,
): Promise<TableExport> {
  const { rows, visibleColumnIds } = viewRows(model, view, history, listIds, corrections);
  const clean = await cleanAnswers(model, visibleColumnIds, corrections);
  const columnIds = visibleColumnIds.flatMap((id) =>
    clean.reads(id) ? [id, `${id}${CLEAN_COLUMN_SUFFIX}`] : [id],
  );
  const titleOf = (id: string) => model.titles.get(id)?.text ?? id;
  return tableExport(
    rows,
    columnIds,
    (id) => {
      if (!id.endsWith(CLEAN_COLUMN_SUFFIX)) return titleOf(id);
      return model.labels.cleanColumn(titleOf(id.slice(0, -CLEAN_COLUMN_SUFFIX.length)));
    },
    (row, id) => {
      if (!id.endsWith(CLEAN_COLUMN_SUFFIX)) return cellText(row, id);
      return clean.of(row, id.slice(0, -CLEAN_COLUMN_SUFFIX.length)) ?? '';
    },
  );
}

/**
 * The fixed columns of the mailing audience, before the answer columns the view shows: what
 * Brevo and Mailchimp import (see mailingExport).
 */
export const MAILING_COLUMNS = ['email', 'first_name', 'last_name', 'category'] as const;

/**
 * The titles of the e-mail, first name and last name columns: Brevo's own attribute names
 * (EMAIL, and FIRSTNAME and LASTNAME, or PRENOM and NOM in a French account), which Brevo
 * matches by name; EMAIL is also the merge tag of Mailchimp's Email Address field.
 */
export interface MailingHeaders {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

export interface MailingExport {
  readonly table: TableExport;
  /** Who is in the file, and the rows left out and why. */
  readonly audience: MailingAudience;
  /** Valid addresses left out because they start like a formula (see checkAddress). */
  readonly formulaLike: number;
}

/**
 * The rows of a view as a mailing audience that Brevo and Mailchimp import as they are: plain
 * UTF-8 CSV (the caller writes it without a BOM), one line per person, each valid address
 * once (mailing-addresses: the first row of the view that gave it, in the view's order), the
 * address trimmed; then first name, last name, category (on a previous edition's lapsed
 * list, the one they ran last time) and the answer columns the view shows, titled as on
 * screen (a title two questions share gets its number, as both tools want unique column
 * names). Rows of a left-out status (engine/api/payment-status) and rows without a valid address are
 * left out and counted.
 *
 * The CSV's formula guard still runs on every cell, and never alters an address: a valid
 * address starting with `=`, `+` or `-` would get a `'` and become another valid address,
 * imported as it is, so such an address is left out of the file and counted (the dialog of
 * "Copy e-mail addresses" lists it to add by hand). A name or an answer is guarded as in any
 * export.
 */
export async function mailingExport(
  model: RegistrationsModel,
  view: RegistrationsView,
  history: RegistrationHistory | null,
  listIds: ReadonlySet<number> | null,
  headers: MailingHeaders,
  corrections: EventCorrections = NO_CORRECTIONS,
): Promise<MailingExport> {
  const { rows, visibleColumnIds } = viewRows(model, view, history, listIds, corrections);
  const audience = mailingAudience(rows);
  const answerIds = visibleColumnIds.filter((id) => model.questions.some((question) => question.id === id));
  const columnIds = [...MAILING_COLUMNS, ...answerIds];
  const titleOf = (id: string) => model.titles.get(id)?.text ?? id;
  const titles = uniqueTitles([
    headers.email,
    headers.firstName,
    headers.lastName,
    titleOf('category'),
    ...answerIds.map(titleOf),
  ]);
  const kept = audience.recipients.filter((recipient) => !recipient.formulaLike);
  const cells: string[][] = [];
  for (let start = 0; start < kept.length; start += ROWS_PER_SLICE) {
    if (start > 0) await yieldToBrowser();
    for (const { address, row } of kept.slice(start, start + ROWS_PER_SLICE)) {
      cells.push([address, ...columnIds.slice(1).map((id) => cellText(row, id))]);
    }
  }
  return {
    table: { columnIds, headers: titles, rows: cells },
    audience,
    formulaLike: audience.recipients.length - kept.length,
  };
}

/** Column titles made unique: a repeated title gets " (2)", " (3)"… */
function uniqueTitles(titles: readonly string[]): string[] {
  const used = new Set<string>();
  return titles.map((title) => {
    let unique = title;
    for (let n = 2; used.has(unique.toLowerCase()); n++) unique = `${title} (${n})`;
    used.add(unique.toLowerCase());
    return unique;
  });
}
