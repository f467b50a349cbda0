import type { Category } from '@/engine/api/event-schemas';
import { asIs, done, isId, isRecord, method } from '@/engine/rpc/contract';
import type { Registration } from '../api/registration-schemas';
import type { InsightsOptions } from './event-insights';
import type { WireInsights } from './insights-protocol';
import { isFindingsTexts, type FindingsTexts } from './checks/findings-table';
import { CSV_PRESET_IDS, type CsvPresetId } from '@/lib/csv/csv-presets';

/**
 * The engine's figures methods. The engine keeps its own copy of each event's registrations,
 * sent once and then only the rows a load appended, so asking for figures costs a message of
 * a few numbers, never 100,000 rows. The rows and figures are the page's own making, relayed:
 * their shape is checked, not every field.
 */

export interface InsightsRows {
  readonly eventId: number;
  /** Rows from this position on: what the engine held from there is replaced. */
  readonly from: number;
  readonly rows: readonly Registration[];
}

export interface InsightsJob {
  readonly eventId: number;
  /** The version of the engine's list the page shows (event-lists.ts), or null: the rows the page sent. */
  readonly version: number | null;
  /** How many rows the engine must hold: the page's whole list. */
  readonly expected: number;
  readonly categories: readonly Category[];
  /** Only the registrations with these ids; null for all. */
  readonly scope: Int32Array | null;
  readonly options: InsightsOptions;
}

/**
 * The data doctor's findings as a file (checks/findings-table.ts), built in the engine: a list
 * of 100,000 may hold tens of thousands of findings, which the page never holds.
 */
export interface FindingsFileJob {
  readonly eventId: number;
  readonly version: number | null;
  readonly expected: number;
  /** The promoter's corrections to how answers are read, as the figures take them. */
  readonly corrections: unknown;
  /** The keys of the findings marked fine: left out. */
  readonly fine: readonly string[];
  readonly texts: FindingsTexts;
  readonly preset: CsvPresetId;
}

export type FindingsFileAnswer =
  { readonly status: 'ok'; readonly file: Blob } | { readonly status: 'stale'; readonly held: number };

const PRESETS: ReadonlySet<unknown> = new Set(CSV_PRESET_IDS);
const isBlob = (value: unknown): value is Blob => Object.prototype.toString.call(value) === '[object Blob]';

/** The figures, or `stale`: the engine does not hold the `expected` rows (it restarted), send them again. */
export type InsightsAnswer =
  | { readonly status: 'ok'; readonly insights: WireInsights }
  | { readonly status: 'stale'; readonly held: number };

const isInt32Array = (value: unknown): value is Int32Array =>
  Object.prototype.toString.call(value) === '[object Int32Array]';

/** The rows a job reads: an event, the version of its list (or null) and how many rows it holds. */
const readsRows = (p: unknown): p is Record<string, unknown> =>
  isRecord(p) && isId(p.eventId) && (p.version === null || isId(p.version)) && isId(p.expected);

/** The figures or the file, or `stale` with how many rows the engine holds. */
const answerOr = <T>(ok: (r: Record<string, unknown>) => boolean) =>
  asIs<T>((r) => isRecord(r) && ((r.status === 'ok' && ok(r)) || (r.status === 'stale' && isId(r.held))));

export const insightsContract = {
  'insights.rows': method<InsightsRows, true>({
    params: asIs((p) => isRecord(p) && isId(p.eventId) && isId(p.from) && Array.isArray(p.rows)),
    result: done,
  }),
  'insights.compute': method<InsightsJob, InsightsAnswer>({
    params: asIs(
      (p) =>
        readsRows(p) &&
        Array.isArray(p.categories) &&
        (p.scope === null || isInt32Array(p.scope)) &&
        isRecord(p.options),
    ),
    result: answerOr<InsightsAnswer>((r) => isRecord(r.insights)),
  }),
  'insights.findings-csv': method<FindingsFileJob, FindingsFileAnswer>({
    params: asIs(
      (p) =>
        isRecord(p) &&
        isId(p.eventId) &&
        (p.version === null || isId(p.version)) &&
        isId(p.expected) &&
        Array.isArray(p.fine) &&
        isFindingsTexts(p.texts) &&
        PRESETS.has(p.preset),
    ),
    result: asIs(
      (r) => isRecord(r) && ((r.status === 'ok' && isBlob(r.file)) || (r.status === 'stale' && isId(r.held))),
    ),
  }),
  /** Drops the rows of one event, or of every event (null: sign-out). */
  'insights.forget': method<{ readonly eventId: number | null }, true>({
    params: asIs((p) => isRecord(p) && (p.eventId === null || isId(p.eventId))),
    result: done,
  }),
};
