import type { Registration } from '../api/registration-schemas';
import type { RegistrationHistory, RemovedRegistration } from './registration-history';

/**
 * "What changed since": the registrations that are new, or whose payment status, category or
 * answers differ from what they were at a checkpoint, read from the history (see
 * registration-history.ts) and the list as it is now. Changes are net: a registration moved
 * to another category and back since the checkpoint did not change category.
 */

/** Which change a filter keeps. `changed`: new, or any of the others. */
export const CHANGE_KINDS = ['changed', 'new', 'status', 'category', 'answers', 'removed'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ChangeScope {
  /** The checkpoint, server time in ms. */
  readonly since: number;
  readonly kind: ChangeKind;
  /** With `status`: only registrations whose status was this one at the checkpoint ('' = none). */
  readonly from?: string | null;
}

export interface StatusMove {
  /** Raw statuses, '' for none. */
  readonly from: string;
  readonly to: string;
  readonly count: number;
}

export interface ChangeSummary {
  readonly since: number;
  /**
   * When the history starts, if after the checkpoint: what happened between the checkpoint
   * and then is not known (the device did not follow the event yet).
   */
  readonly knownFrom: number | null;
  /** Registrations first seen after the checkpoint and still there. */
  readonly added: number;
  /** Registrations whose status moved (not counting new ones), by move, most frequent first. */
  readonly statusMoves: readonly StatusMove[];
  /** The same, by the status they have now, most frequent first. */
  readonly nowByStatus: readonly { readonly status: string; readonly count: number }[];
  readonly category: number;
  readonly answers: number;
  readonly removed: number;
  /** Registrations new or changed in any way: the rows of the `changed` filter. */
  readonly changed: number;
}

/** What one registration was at the checkpoint, for the fields that changed since. */
interface Then {
  status?: string;
  category?: number | null;
  answers?: readonly (readonly [number, string | null])[];
}

interface Net {
  readonly added: ReadonlySet<number>;
  readonly status: ReadonlyMap<number, { from: string; to: string }>;
  readonly category: ReadonlySet<number>;
  readonly answers: ReadonlySet<number>;
}

const netCache = new WeakMap<RegistrationHistory, WeakMap<readonly Registration[], Map<number, Net>>>();

/** The net changes since `since`, computed once per history, list and checkpoint. */
function netChanges(history: RegistrationHistory, rows: readonly Registration[], since: number): Net {
  let byRows = netCache.get(history);
  if (!byRows) netCache.set(history, (byRows = new WeakMap<readonly Registration[], Map<number, Net>>()));
  let bySince = byRows.get(rows);
  if (!bySince) byRows.set(rows, (bySince = new Map<number, Net>()));
  let net = bySince.get(since);
  if (!net) bySince.set(since, (net = computeNet(history, rows, since)));
  return net;
}

function computeNet(history: RegistrationHistory, rows: readonly Registration[], since: number): Net {
  // Only the registrations the history names after the checkpoint: one set lookup per row,
  // rather than a map of the whole list.
  const named = new Set<number>();
  for (const [id, at] of history.firstSeen) if (at > since) named.add(id);
  for (const change of history.changes) if (change.at > since) named.add(change.id);
  const current = new Map<number, Registration>();
  if (named.size > 0)
    for (const row of rows) if (named.has(row.registration_id)) current.set(row.registration_id, row);
  const added = new Set<number>();
  for (const [id, at] of history.firstSeen) if (at > since && current.has(id)) added.add(id);

  // The earliest value of each field after the checkpoint is what it was at the checkpoint.
  const then = new Map<number, Then>();
  for (const change of history.changes) {
    if (change.at <= since || added.has(change.id) || !current.has(change.id)) continue;
    const was = then.get(change.id) ?? {};
    const { before } = change;
    if (before.status !== undefined && was.status === undefined) was.status = before.status ?? '';
    if (before.category !== undefined && was.category === undefined) was.category = before.category;
    if (before.answers !== undefined && was.answers === undefined) was.answers = before.answers;
    then.set(change.id, was);
  }

  const status = new Map<number, { from: string; to: string }>();
  const category = new Set<number>();
  const answers = new Set<number>();
  for (const [id, was] of then) {
    const row = current.get(id)!;
    const to = row.payment_status ?? '';
    if (was.status !== undefined && was.status !== to) status.set(id, { from: was.status, to });
    if (was.category !== undefined && was.category !== (row.category_id ?? null)) category.add(id);
    if (was.answers !== undefined && !sameAnswers(was.answers, row)) answers.add(id);
  }
  return { added, status, category, answers };
}

function sameAnswers(answers: readonly (readonly [number, string | null])[], row: Registration): boolean {
  if (answers.length !== row.custom_questions.length) return false;
  const now = new Map<number, string | null>();
  for (const answer of row.custom_questions) now.set(answer.que_id, answer.reponse ?? null);
  return answers.every(([queId, answer]) => now.has(queId) && now.get(queId) === answer);
}

/** The registrations removed after the checkpoint, oldest first. */
export function removedSince(history: RegistrationHistory, since: number): readonly RemovedRegistration[] {
  return history.removed.filter((entry) => entry.at > since);
}

/** The id sets of each filter over one net result: the same set for the same filter, keystroke after keystroke. */
const idSets = new WeakMap<Net, Map<string, ReadonlySet<number>>>();

/**
 * The ids of the registrations (of `rows`) a change filter keeps. One set per history, list
 * and filter: the view's caches, keyed on it, keep hitting while the promoter types.
 */
export function changedIds(
  history: RegistrationHistory,
  rows: readonly Registration[],
  scope: ChangeScope,
): ReadonlySet<number> {
  const net = netChanges(history, rows, scope.since);
  let byFilter = idSets.get(net);
  if (!byFilter) idSets.set(net, (byFilter = new Map<string, ReadonlySet<number>>()));
  const key = `${scope.kind}\u0000${scope.from ?? ''}\u0000${scope.from === undefined || scope.from === null ? 0 : 1}`;
  let ids = byFilter.get(key);
  if (!ids) byFilter.set(key, (ids = idsOf(net, scope)));
  return ids;
}

function idsOf(net: Net, scope: ChangeScope): ReadonlySet<number> {
  switch (scope.kind) {
    case 'new':
      return net.added;
    case 'status': {
      const ids = new Set<number>();
      for (const [id, move] of net.status)
        if (scope.from === undefined || scope.from === null || move.from === scope.from) ids.add(id);
      return ids;
    }
    case 'category':
      return net.category;
    case 'answers':
      return net.answers;
    case 'removed':
      return new Set();
    case 'changed':
      return new Set([...net.added, ...net.status.keys(), ...net.category, ...net.answers]);
  }
}

const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;

/** The counts of "Since your last visit": new, status moves, category and answer changes, removed. */
export function summarizeChanges(
  history: RegistrationHistory,
  rows: readonly Registration[],
  since: number,
): ChangeSummary {
  const net = netChanges(history, rows, since);
  const moves = new Map<string, StatusMove>();
  const now = new Map<string, number>();
  for (const { from, to } of net.status.values()) {
    const key = `${from}\u0000${to}`;
    moves.set(key, { from, to, count: (moves.get(key)?.count ?? 0) + 1 });
    now.set(to, (now.get(to) ?? 0) + 1);
  }
  const changed = new Set([...net.added, ...net.status.keys(), ...net.category, ...net.answers]);
  return {
    since,
    knownFrom: history.startedAt > since ? history.startedAt : null,
    added: net.added.size,
    statusMoves: [...moves.values()].sort(byCount),
    nowByStatus: [...now].map(([status, count]) => ({ status, count })).sort(byCount),
    category: net.category.size,
    answers: net.answers.size,
    removed: removedSince(history, since).length,
    changed: changed.size,
  };
}
