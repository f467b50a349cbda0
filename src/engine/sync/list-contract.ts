import type { ApiErrorInit } from '@/lib/api-error';
import { asIs, done, isId, isRecord, method, type Parser } from '@/engine/rpc/contract';
import { shareRepeatedValues } from '@/engine/api/shared-values';
import { isPlace, isReadResult } from '@/engine/copy/device-copy-contract';
import type { CopyPlace, CopyReadResult } from '@/engine/copy/device-copy-protocol';
import { decodeEncodedRows, type EncodedRows } from '@/engine/copy/registrations-codec';
import type { PageNumbering } from '@/engine/copy/device-store';
import type { Registration } from '@/engine/api/registration-schemas';
import { compactRegistration } from '@/engine/api/page-registration';
import type { EventFigures } from '@/engine/figures/event-figures';
import type { LoadReport } from '@/engine/loader/load-types';

/**
 * The lists of registrations a screen shows, loaded, checked and kept in the engine
 * (list-handler.ts). The rows come to the page as progress, each once; the engine keeps them,
 * so the figures are computed there and the copy on the device saved from there. Every answer
 * names the version of the rows it leaves the page with (see event-lists.ts); a call on a
 * version the engine no longer holds (it restarted, or another list replaced it) answers
 * `unknown`, and the page starts from the server again.
 *
 * The rows, reports and histories are the engine's own making, relayed: their shape is checked,
 * not every field (the history is parsed by the page, history-codec.ts).
 */

/** Whose list, and how to reach its API. */
export interface ListTarget {
  readonly place: CopyPlace;
  /** A demo session: the engine's demo answers, never the network. */
  readonly demo: boolean;
  readonly eventId: number;
  /** How this API numbers its pages, when a load learned it already. */
  readonly firstPage: 0 | 1 | null;
  /** Whether the list may be saved on the device (not after "Forget this device"). */
  readonly keep: boolean;
}

/** The rows from position `from` on, replacing what the page held from there. */
export interface ListRows {
  readonly from: number;
  readonly rows: readonly Registration[];
  /**
   * On the way from the engine only: rows as the device copy keeps them, in place of `rows`
   * (a chunk of a reopened list). The page reads them into `rows` (`listRows` below).
   */
  readonly encoded?: EncodedRows;
  /** The version of the whole list once these rows are in. */
  readonly version: number;
  /** What the load saw so far; null while reopening or verifying. */
  readonly report: LoadReport | null;
}

/** What a complete list is counted as (its save on the device is told apart: LIST_SAVED). */
export interface ListKept {
  readonly version: number;
  readonly report: LoadReport;
  /** The list's history, stored form (history-codec.ts). */
  readonly history: unknown;
  readonly figures: EventFigures;
  /** The page numbering the load learned, for the page to remember with the API. */
  readonly firstPage: 0 | 1 | null;
}

export type ListFailure =
  | { readonly kind: 'failed'; readonly error: ApiErrorInit | null }
  /** The engine does not hold the version the call was about: start from the server. */
  | { readonly kind: 'unknown' };

export interface OpenParams extends ListTarget {
  /**
   * Another tab saved the list: take it only if it is newer than the complete list the engine
   * holds (see list-handler.ts); else answer `none`, the list held staying as it is.
   */
  readonly ifNewer?: boolean;
}

/**
 * A list reopened from the device: what `ListKept` says but its figures, which are counted once
 * the engine's own copy of the rows is in, after this answer (`list.figures`).
 */
export type OpenAnswer =
  | { readonly kind: 'none'; readonly read: CopyReadResult }
  | (Omit<ListKept, 'figures'> & {
      readonly kind: 'opened';
      readonly read: CopyReadResult;
      readonly dataAsOf: number;
      readonly savedAt: number;
      readonly pageNumbering: PageNumbering | null;
    });

export type LoadAnswer =
  | (ListKept & { readonly kind: 'complete' })
  | {
      readonly kind: 'stopped';
      readonly status: 'cancelled' | 'incomplete';
      readonly version: number;
      readonly report: LoadReport;
      /** The engine kept the stopped load: the next `list.load` continues it. */
      readonly resumable: boolean;
      readonly firstPage: 0 | 1 | null;
    }
  | ListFailure;

export type ChangesAnswer =
  | (ListKept & {
      readonly kind: 'changed';
      readonly changed: number;
      readonly added: number;
      /** The rows replaced in place: their positions, and the new rows in the same order. */
      readonly replacedAt: readonly number[];
      readonly replaced: readonly Registration[];
      readonly appended: readonly Registration[];
    })
  | { readonly kind: 'stopped'; readonly status: 'cancelled' | 'incomplete' }
  | ListFailure;

export type VerifyAnswer =
  | (ListKept & {
      readonly kind: 'verified';
      readonly changed: number;
      readonly added: number;
      readonly removed: number;
    })
  | { readonly kind: 'stopped'; readonly status: 'cancelled' | 'incomplete' }
  | ListFailure;

/** A verification's progress: how far the download is, then the new rows. */
export type VerifyProgress =
  | { readonly kind: 'count'; readonly loaded: number; readonly total: number | null }
  | ({ readonly kind: 'rows' } & ListRows);

const isFirstPage = (value: unknown): value is 0 | 1 | null => value === 0 || value === 1 || value === null;

const isTarget = (p: unknown): p is ListTarget =>
  isRecord(p) &&
  isPlace(p.place) &&
  typeof p.demo === 'boolean' &&
  isId(p.eventId) &&
  isFirstPage(p.firstPage) &&
  typeof p.keep === 'boolean';

const isListRows = (p: unknown): p is ListRows =>
  isRecord(p) &&
  isId(p.from) &&
  Array.isArray(p.rows) &&
  isId(p.version) &&
  (p.report === null || isRecord(p.report));

/**
 * Rows sent by the engine, their equal answers, titles and statuses shared (a structured clone
 * gives every row its own copy of each: see shared-values.ts) and each made in one piece
 * (compactRegistration); rows sent as the copy keeps them, decoded (which does both too).
 */
const listRows: Parser<ListRows> = (received) => {
  const taken = asIs<ListRows>(isListRows)(received);
  if (!taken) return null;
  const { encoded, ...message } = taken.value;
  if (encoded === undefined) {
    shareRepeatedValues(message.rows);
    return { value: { ...message, rows: message.rows.map((row) => compactRegistration(row)) } };
  }
  const rows = decodeEncodedRows(encoded);
  return rows && { value: { ...message, rows } };
};

const isKept = (r: Record<string, unknown>): boolean =>
  isId(r.version) && isRecord(r.report) && isRecord(r.figures) && isFirstPage(r.firstPage);

const isFailure = (r: Record<string, unknown>): boolean =>
  r.kind === 'unknown' || (r.kind === 'failed' && (r.error === null || isRecord(r.error)));

const isStopped = (r: Record<string, unknown>): boolean =>
  r.kind === 'stopped' && (r.status === 'cancelled' || r.status === 'incomplete');

/** One registration of the list at `version`. */
export interface RegistrationParams {
  readonly place: CopyPlace;
  readonly eventId: number;
  readonly version: number;
  readonly registrationId: number;
}

export type LoadParams = ListTarget & { readonly resume: boolean };
export type CheckParams = ListTarget & { readonly version: number };

const hasResume = (p: unknown): p is LoadParams =>
  isTarget(p) && typeof (p as LoadParams).resume === 'boolean';
const hasVersion = (p: unknown): p is CheckParams => isTarget(p) && isId((p as CheckParams).version);

export const listContract = {
  /** The event's list from the copy on the device: the rows as progress, then what they are as of. */
  'list.open': method<OpenParams, OpenAnswer, ListRows>({
    params: asIs(
      (p): p is OpenParams =>
        isTarget(p) &&
        ((p as OpenParams).ifNewer === undefined || typeof (p as OpenParams).ifNewer === 'boolean'),
    ),
    result: asIs(
      (r) =>
        isRecord(r) &&
        isReadResult(r.read) &&
        (r.kind === 'none' ||
          (r.kind === 'opened' &&
            isId(r.version) &&
            isRecord(r.report) &&
            isFirstPage(r.firstPage) &&
            isId(r.dataAsOf) &&
            isId(r.savedAt))),
    ),
    progress: listRows,
  }),
  /**
   * Loads the event's whole list, or continues the stopped load the engine kept (`resume`):
   * the rows as progress while pages arrive, then the end. `from` the list at `version`.
   */
  'list.load': method<LoadParams, LoadAnswer, ListRows>({
    params: asIs(hasResume),
    result: asIs(
      (r) =>
        isRecord(r) &&
        ((r.kind === 'complete' && isKept(r)) ||
          (isStopped(r) && isId(r.version) && isRecord(r.report) && typeof r.resumable === 'boolean') ||
          isFailure(r)),
    ),
    progress: listRows,
  }),
  /** Checks the complete list at `version` for changes (`updated_since`), merged by id. */
  'list.changes': method<CheckParams, ChangesAnswer>({
    params: asIs(hasVersion),
    result: asIs(
      (r) =>
        isRecord(r) &&
        ((r.kind === 'changed' &&
          isKept(r) &&
          Array.isArray(r.replacedAt) &&
          Array.isArray(r.replaced) &&
          r.replacedAt.length === r.replaced.length &&
          Array.isArray(r.appended)) ||
          isStopped(r) ||
          isFailure(r)),
    ),
  }),
  /** Downloads the whole list again and compares it with the list at `version` (deletions seen). */
  'list.verify': method<CheckParams, VerifyAnswer, VerifyProgress>({
    params: asIs(hasVersion),
    result: asIs(
      (r) => isRecord(r) && ((r.kind === 'verified' && isKept(r)) || isStopped(r) || isFailure(r)),
    ),
    progress: (received) => {
      const taken = asIs<VerifyProgress>(
        (p) =>
          isRecord(p) &&
          ((p.kind === 'count' && isId(p.loaded) && (p.total === null || isId(p.total))) ||
            (p.kind === 'rows' && isListRows(p))),
      )(received);
      if (taken?.value.kind === 'rows') shareRepeatedValues(taken.value.rows);
      return taken;
    },
  }),
  /**
   * The figures of the complete list at `version`, counted once its rows are in the engine (a
   * reopened list's after its answer). Null when the engine does not hold that version complete.
   * Parsed by the page (parseEventFigures) like figures from anywhere.
   */
  'list.figures': method<CheckParams, EventFigures | null>({
    params: asIs(hasVersion),
    result: asIs((r): r is EventFigures | null => r === null || isRecord(r)),
  }),
  /**
   * One registration of the list at `version`, whole: the fields the page does not hold
   * included (pageRegistration). Null when the engine no longer holds that version.
   */
  'list.registration': method<RegistrationParams, Registration | null>({
    params: asIs(
      (p): p is RegistrationParams =>
        isRecord(p) && isPlace(p.place) && isId(p.eventId) && isId(p.version) && isId(p.registrationId),
    ),
    result: asIs((r): r is Registration | null => r === null || (isRecord(r) && isId(r.registration_id))),
  }),
  /** Drops an event's list, or every list (null: the session ended). */
  'list.forget': method<{ readonly eventId: number | null }, true>({
    params: asIs((p) => isRecord(p) && (p.eventId === null || isId(p.eventId))),
    result: done,
  }),
};
