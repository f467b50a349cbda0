import { yieldToBrowser } from '@/lib/yield-to-browser';
import { paymentStatusKey } from '../api/payment-status';
import type { Registration } from '../api/registration-schemas';

/**
 * What this device has seen happen to an event's registrations, sync after sync: when each
 * registration was first seen, the payment status, category and answers it had before a
 * sync changed them, and the registrations a full check no longer found. It answers "what
 * changed since your last visit" (changes-since.ts) and is kept, encrypted, with the event's
 * copy on the device (history-codec.ts).
 *
 * Times are the server's (the `Date` of the sync that saw the change, the `updated_since`
 * watermark), never this browser's clock: a change is dated by the sync that first saw it.
 * Plain functions of immutable values: a sync returns a new history.
 */
export interface RegistrationHistory {
  /** When this device first had the whole list: nothing earlier is known. */
  readonly startedAt: number;
  /** The last full download (a full load or "Verify the whole list"): deletions are known up to it. */
  readonly fullCheckAt: number;
  /** Registration id → when first seen, for registrations that arrived after `startedAt`. */
  readonly firstSeen: ReadonlyMap<number, number>;
  /** Every change a sync saw, oldest first. */
  readonly changes: readonly RegistrationChange[];
  /** Registrations a full check no longer found, with their last known version, oldest first. */
  readonly removed: readonly RemovedRegistration[];
  /**
   * "Your last visit": the time the list was as of when the previous visit ended, the
   * checkpoint "what changed" starts from (see openVisit). Null on the first visit.
   */
  readonly lastVisit: number | null;
}

/** What a registration had before one sync changed it: only the fields that changed are present. */
export interface RegistrationBefore {
  readonly status?: string | null;
  readonly category?: number | null;
  readonly answers?: readonly (readonly [queId: number, answer: string | null])[];
}

export interface RegistrationChange {
  readonly id: number;
  readonly at: number;
  readonly before: RegistrationBefore;
}

export interface RemovedRegistration {
  readonly at: number;
  readonly row: Registration;
}

/** How long the history keeps what it saw: older entries go, and what is known starts then. */
export const HISTORY_KEPT_MS = 90 * 24 * 3_600_000;

/** The history of a list first seen whole at `at`: nothing changed yet. */
export function startHistory(at: number): RegistrationHistory {
  return { startedAt: at, fullCheckAt: at, firstSeen: new Map(), changes: [], removed: [], lastVisit: null };
}

/** A pause longer than this between two openings of the list starts a new visit. */
export const VISIT_GAP_MS = 30 * 60_000;

/**
 * The history as the list is opened from the device copy: when the copy was last saved over
 * VISIT_GAP_MS ago (by this browser's clock), this is a new visit, and the previous one ended
 * with the copy's data (`dataAsOf`). A reload in the middle of a visit keeps its checkpoint.
 */
export function openVisit(
  history: RegistrationHistory,
  copy: { dataAsOf: number; savedAt: number },
  now: number,
): RegistrationHistory {
  if (history.lastVisit !== null && now - copy.savedAt <= VISIT_GAP_MS) return history;
  return { ...history, lastVisit: copy.dataAsOf };
}

const answersOf = (row: Registration): [number, string | null][] =>
  row.custom_questions.map((answer) => [answer.que_id, answer.reponse ?? null]);

function sameAnswers(a: Registration, b: Registration): boolean {
  const left = a.custom_questions;
  const right = b.custom_questions;
  if (left.length !== right.length) return false;
  // Usually the answers come in the same order: compared in place, with no map per row (a full
  // check compares 100,000 rows in one go).
  let inOrder = true;
  for (let i = 0; i < left.length; i++) {
    if (left[i]!.que_id !== right[i]!.que_id) {
      inOrder = false;
      break;
    }
    if ((left[i]!.reponse ?? null) !== (right[i]!.reponse ?? null)) return false;
  }
  if (inOrder) return true;
  const byQuestion = new Map<number, string | null>();
  for (const answer of left) byQuestion.set(answer.que_id, answer.reponse ?? null);
  return right.every(
    (answer) => byQuestion.has(answer.que_id) && byQuestion.get(answer.que_id) === (answer.reponse ?? null),
  );
}

/** What `before` had that `after` changed, or null when nothing the history follows changed. */
export function changeBetween(before: Registration, after: Registration): RegistrationBefore | null {
  const change: { -readonly [K in keyof RegistrationBefore]: RegistrationBefore[K] } = {};
  const status = before.payment_status ?? null;
  const category = before.category_id ?? null;
  // A status written another way ("Paid" for "paid") is the same status: no move to report.
  if (paymentStatusKey(status) !== paymentStatusKey(after.payment_status)) change.status = status;
  if (category !== (after.category_id ?? null)) change.category = category;
  if (!sameAnswers(before, after)) change.answers = answersOf(before);
  return Object.keys(change).length > 0 ? change : null;
}

/**
 * The history after a sync at `at` that brought `arrived` (new or changed registrations,
 * from a check for changes) on top of `previous` (the list before it).
 */
export function recordChanges(
  history: RegistrationHistory,
  previous: readonly Registration[],
  arrived: readonly Registration[],
  at: number,
): RegistrationHistory {
  if (arrived.length === 0) return history;
  // Only the previous versions of the rows that arrived: one set lookup per row of the list,
  // rather than a map of all 100,000.
  const ids = new Set<number>();
  for (const row of arrived) ids.add(row.registration_id);
  const known = new Map<number, Registration>();
  for (const row of previous) if (ids.has(row.registration_id)) known.set(row.registration_id, row);
  return withChanges(history, known, arrived, at);
}

/** Rows handled between two pauses of a full check: a short slice of work on a desktop. */
const ROWS_PER_SLICE = 10_000;

/**
 * The history after a full download at `at`: `full` is the whole list now, `previous` the
 * list before it. Registrations of `previous` missing from `full` were removed; the others
 * are compared as a check for changes would. A whole list of 100,000 rows compared in one go
 * would be a long task, so the work pauses (`pause`, by default a yield to the browser) every
 * ROWS_PER_SLICE rows.
 */
export async function reconcileFull(
  history: RegistrationHistory,
  previous: readonly Registration[],
  full: readonly Registration[],
  at: number,
  pause: () => Promise<void> = yieldToBrowser,
): Promise<RegistrationHistory> {
  const known = new Map<number, Registration>();
  for (let i = 0; i < previous.length; i++) {
    if (i > 0 && i % ROWS_PER_SLICE === 0) await pause();
    known.set(previous[i]!.registration_id, previous[i]!);
  }
  let changed = history;
  for (let start = 0; start < full.length; start += ROWS_PER_SLICE) {
    await pause();
    changed = withChanges(changed, known, full.slice(start, start + ROWS_PER_SLICE), at);
  }
  const present = new Set<number>();
  for (let i = 0; i < full.length; i++) {
    if (i % ROWS_PER_SLICE === 0) await pause();
    present.add(full[i]!.registration_id);
  }
  await pause();
  const removed: RemovedRegistration[] = [];
  for (const row of previous) if (!present.has(row.registration_id)) removed.push({ at, row });
  return {
    ...changed,
    fullCheckAt: at,
    removed: removed.length > 0 ? [...changed.removed, ...removed] : changed.removed,
  };
}

function withChanges(
  history: RegistrationHistory,
  known: ReadonlyMap<number, Registration>,
  arrived: readonly Registration[],
  at: number,
): RegistrationHistory {
  let firstSeen: Map<number, number> | null = null;
  const changes: RegistrationChange[] = [];
  let back: Set<number> | null = null;
  for (const row of arrived) {
    const id = row.registration_id;
    const before = known.get(id);
    if (!before) {
      firstSeen ??= new Map(history.firstSeen);
      if (!firstSeen.has(id)) firstSeen.set(id, at);
      (back ??= new Set()).add(id);
      continue;
    }
    const change = changeBetween(before, row);
    if (change) changes.push({ id, at, before: change });
  }
  if (!firstSeen && changes.length === 0) return history;
  // A registration seen again after a full check missed it is no longer removed.
  const removed = back
    ? history.removed.filter((entry) => !back.has(entry.row.registration_id))
    : history.removed;
  return {
    ...history,
    firstSeen: firstSeen ?? history.firstSeen,
    changes: changes.length > 0 ? [...history.changes, ...changes] : history.changes,
    removed,
  };
}

/** The history without what is older than HISTORY_KEPT_MS before `now`: what is known starts then. */
export function pruneHistory(history: RegistrationHistory, now: number): RegistrationHistory {
  const horizon = now - HISTORY_KEPT_MS;
  if (history.startedAt >= horizon) return history;
  const firstSeen = new Map([...history.firstSeen].filter(([, at]) => at > horizon));
  return {
    ...history,
    startedAt: horizon,
    firstSeen,
    changes: history.changes.filter((change) => change.at > horizon),
    removed: history.removed.filter((entry) => entry.at > horizon),
  };
}
