import { useCallback } from 'react';
import { readFrozenOrderCopy, saveFrozenOrderCopy } from '@/engine/copy/device-copy';
import { LEFT_OUT_STATUSES } from '@/engine/api/payment-status';
import { parseCleanKey } from '@/lib/clean-answers/clean-answers';
import { useKeptNote } from '@/features/registrations/api/kept-note';
import {
  ORDER_GROUPINGS,
  withMargin,
  type OrderChoice,
  type OrderGrouping,
  type OrderSheet,
} from './order-sheet';

/**
 * The merchandise order the promoter sent: the sheet's counts per size at the time, kept in the
 * encrypted copy on this device like the event's other notes (wiped with it at sign-out, a 401
 * or "Forget this device"). Afterwards the sheet shows what moved since, and the top-up order.
 */
export interface FrozenOrder {
  readonly version: 1;
  /** When it was frozen (ms since 1970, this browser's clock). */
  readonly frozenAt: number;
  readonly queId: number;
  readonly choice: OrderChoice;
  /** Clean size keys, and per size what was counted and what was ordered (with the margin). */
  readonly sizes: readonly string[];
  readonly counted: readonly number[];
  readonly ordered: readonly number[];
  /**
   * Registrations that had answered, per status key (OrderSheet.answeredByStatus). Absent from
   * an order frozen before it was kept: that order says what moved per size only.
   */
  readonly answeredByStatus?: Readonly<Record<string, number>>;
}

/** Far more sizes than any vocabulary has: a damaged record cannot grow the page. */
const MAX_SIZES = 100;
/** More categories than any event has, and a group name longer than any sheet prints. */
const MAX_NAMES = 500;
const MAX_NAME_LENGTH = 100;

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1e9;

/** The frozen order in whatever was read back, or null. Never throws. */
export function parseFrozenOrder(value: unknown): FrozenOrder | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Partial<Record<keyof FrozenOrder, unknown>>;
  const { sizes, counted, ordered, choice } = record;
  if (record.version !== 1 || !isCount(record.queId)) return null;
  if (typeof record.frozenAt !== 'number' || !Number.isFinite(record.frozenAt)) return null;
  if (!Array.isArray(sizes) || !Array.isArray(counted) || !Array.isArray(ordered)) return null;
  if (sizes.length > MAX_SIZES || counted.length !== sizes.length || ordered.length !== sizes.length)
    return null;
  if (!sizes.every((size) => typeof size === 'string' && parseCleanKey(size) !== null)) return null;
  if (!counted.every(isCount) || !ordered.every(isCount)) return null;
  if (typeof choice !== 'object' || choice === null) return null;
  const { statuses, grouping, margin, names } = choice as Partial<Record<keyof OrderChoice, unknown>>;
  const statusesOk =
    statuses === null ||
    (Array.isArray(statuses) && statuses.length <= MAX_SIZES && statuses.every((s) => typeof s === 'string'));
  if (!statusesOk || !ORDER_GROUPINGS.includes(grouping as OrderGrouping) || !isCount(margin) || margin > 100)
    return null;
  const groupNames = parseGroupNames(names);
  if (groupNames === null) return null;
  const answeredByStatus = parseStatusCounts(record.answeredByStatus);
  if (answeredByStatus === null) return null;
  return {
    version: 1,
    frozenAt: record.frozenAt,
    queId: record.queId,
    choice: {
      statuses: statuses,
      grouping: grouping as OrderGrouping,
      margin,
      ...(groupNames && { names: groupNames }),
    },
    sizes: sizes as string[],
    counted: counted,
    ordered: ordered,
    ...(answeredByStatus && { answeredByStatus }),
  };
}

/** Group names per category, undefined when absent, null when damaged. */
function parseGroupNames(value: unknown): Record<string, string> | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  const valid = entries.every(
    ([key, name]) =>
      /^(\d{1,15}|none)$/.test(key) && typeof name === 'string' && name.length <= MAX_NAME_LENGTH,
  );
  return valid && entries.length <= MAX_NAMES ? Object.fromEntries(entries) : null;
}

/** Counts per status key, undefined when absent, null when damaged. */
function parseStatusCounts(value: unknown): Record<string, number> | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  if (entries.length > MAX_SIZES || !entries.every(([, count]) => isCount(count))) return null;
  return Object.fromEntries(entries);
}

/** The record kept when the promoter freezes a sheet. */
export function freezeOrder(queId: number, choice: OrderChoice, sheet: OrderSheet, now: Date): FrozenOrder {
  return {
    version: 1,
    frozenAt: now.getTime(),
    queId,
    choice,
    sizes: sheet.sizes,
    counted: sheet.counted,
    ordered: sheet.toOrder,
    answeredByStatus: sheet.answeredByStatus,
  };
}

/** The registrations behind the moves since an order. */
export interface SinceOrder {
  /**
   * How many more registrations answered the question than when it was frozen: the late ones,
   * less any the API no longer lists.
   */
  readonly registered: number;
  /** More of them are cancelled or refunded (the left-out statuses) than then. */
  readonly cancelled: number;
}

const sum = (counts: Readonly<Record<string, number>>, keep: (status: string) => boolean) =>
  Object.entries(counts).reduce((total, [status, count]) => total + (keep(status) ? count : 0), 0);

/**
 * How many registrations came and how many were cancelled or refunded since the order, from
 * the counts per status then and now: exact while registrations are only added and change
 * status; a registration the API stops listing takes one off the late ones. null for an order
 * frozen without those counts.
 */
export function sinceOrder(frozen: FrozenOrder, sheet: OrderSheet): SinceOrder | null {
  const then = frozen.answeredByStatus;
  if (!then) return null;
  const now = sheet.answeredByStatus;
  const leftOut = (status: string) => (LEFT_OUT_STATUSES as readonly string[]).includes(status);
  return {
    registered: Math.max(0, sum(now, () => true) - sum(then, () => true)),
    cancelled: Math.max(0, sum(now, leftOut) - sum(then, leftOut)),
  };
}

/** One size since the order: counted then and now, and how many more to order. */
export interface SizeChange {
  readonly size: string;
  readonly then: number;
  readonly now: number;
  /** What the sheet asks for now beyond what was ordered (with the same margin); 0 or more. */
  readonly topUp: number;
}

/**
 * What moved since the order, per size (sizes of either, in the sheet's order when it has
 * them): counts up or down, and the top-up to send, the same margin applied. A size nobody
 * wants any more is listed with 0 now and no top-up: what was ordered is never taken back.
 */
export function changesSince(frozen: FrozenOrder, sheet: OrderSheet): SizeChange[] {
  const sizes = [...sheet.sizes, ...frozen.sizes.filter((size) => !sheet.sizes.includes(size))];
  return sizes.map((size) => {
    const at = frozen.sizes.indexOf(size);
    const here = sheet.sizes.indexOf(size);
    const then = at < 0 ? 0 : (frozen.counted[at] ?? 0);
    const now = here < 0 ? 0 : (sheet.counted[here] ?? 0);
    const ordered = at < 0 ? 0 : (frozen.ordered[at] ?? 0);
    return { size, then, now, topUp: Math.max(0, withMargin(now, frozen.choice.margin) - ordered) };
  });
}

/**
 * The order frozen for an event (null: none, or not read yet), how to freeze or clear it, and
 * whether the last change is kept on the device yet.
 */
export function useFrozenOrder(eventId: number) {
  const { value, ready, change, keeping } = useKeptNote<FrozenOrder | null>({
    note: 'frozen-order',
    eventId,
    read: async (id) => parseFrozenOrder((await readFrozenOrderCopy(id))?.value),
    save: saveFrozenOrderCopy,
  });
  const keep = useCallback(
    (order: FrozenOrder | null) => {
      void change(() => order);
    },
    [change],
  );
  return { frozen: value ?? null, ready, keep, keeping };
}
