import {
  CHECK_IDS,
  CHECK_SEVERITY,
  findingKey,
  findingKeyRegistration,
  isFindingKey,
  type CheckId,
  type EventChecks,
  type Finding,
} from './check-kinds';
import { keptKeysRecord, parseKeptKeys, type KeptKeysRecord } from '@/lib/kept-keys';

/*
 * The findings still open: what is left once the promoter marked some "This is fine". The
 * event page's counts, the table's `check` filter, the findings file and the events list's
 * count all read them from here, so a count is always the rows its link opens.
 */

/** One check's findings still open (not marked fine), and the registrations they concern. */
export interface CheckFindings {
  readonly check: CheckId;
  readonly findings: readonly Finding[];
  /** The registrations concerned, each once: what the check's count counts and its link opens. */
  readonly ids: ReadonlySet<number>;
}

/**
 * The findings still open, by check in CHECK_IDS order (checks with none left out), and the
 * keys marked fine that a finding still has (one finding per key). The event page's counts, the table's `check` filter and the findings file
 * all read this one function, so a count is always the rows its link opens.
 */
export function openFindings(
  checks: EventChecks,
  fine: ReadonlySet<string>,
): {
  readonly byCheck: readonly CheckFindings[];
  /** How many findings are marked fine. */
  readonly fine: number;
  /** Their keys: each marked finding's, once. */
  readonly matched: ReadonlySet<string>;
} {
  const byCheck = new Map<CheckId, { findings: Finding[]; ids: Set<number> }>();
  const marked = new Set<string>();
  // A finding's key holds a digest of its registration: made only for registrations marked.
  const markedIds = registrationsMarked(fine);
  for (const finding of checks.findings) {
    if (markedIds.has(finding.registrationId)) {
      const key = findingKey(finding);
      if (fine.has(key)) {
        marked.add(key);
        continue;
      }
    }
    let found = byCheck.get(finding.check);
    if (!found) byCheck.set(finding.check, (found = { findings: [], ids: new Set() }));
    found.findings.push(finding);
    found.ids.add(finding.registrationId);
  }
  return {
    byCheck: CHECK_IDS.flatMap((check) => {
      const found = byCheck.get(check);
      return found ? [{ check, ...found }] : [];
    }),
    fine: marked.size,
    matched: marked,
  };
}

/** The registrations some finding keys name. */
function registrationsMarked(keys: ReadonlySet<string>): ReadonlySet<number> {
  const ids = new Set<number>();
  for (const key of keys) ids.add(findingKeyRegistration(key));
  return ids;
}

/** Findings listed per check on the event page; the table shows them all. */
export const FIRST_LISTED = 6;

/**
 * "All of these are fine" marks at most this many at once: past it, findings are looked at in
 * the table, not waved through unseen (and the device record of the keys stays small).
 */
export const MARKED_AT_ONCE = 500;

/** One check as the event page shows it, and the table's `check` filter keeps it. */
export interface CheckSummary {
  readonly check: CheckId;
  /** The registrations concerned, each once, in the order of the findings (any safe integer). */
  readonly ids: Float64Array;
  /** Open findings: as many as `ids`, or more for an answer check (one per question). */
  readonly findings: number;
  /**
   * The open findings when there are at most MARKED_AT_ONCE (all can be marked fine at once),
   * else the first FIRST_LISTED.
   */
  readonly listed: readonly Finding[];
}

/** What the page draws of a scan: per check its counts, its registrations and a few findings. */
export interface ChecksSummary {
  readonly scanned: number;
  /** Registrations with at least one open finding (the events list's count). */
  readonly open: number;
  /** Findings marked fine that the scan found again. */
  readonly fine: number;
  /**
   * The keys marked fine that match no finding any more: their registration changed (its
   * finding, if any, is back) or went. A page that scanned the whole list lets them go.
   */
  readonly stale: readonly string[];
  readonly checks: readonly CheckSummary[];
}

export const NO_SUMMARY: ChecksSummary = { scanned: 0, open: 0, fine: 0, stale: [], checks: [] };

/**
 * The scan summed up for the page: the page draws counts and a few findings and filters by
 * ids, so the engine sends those, never every finding (a list of 100,000 may hold tens of
 * thousands).
 */
export function summarizeChecks(checks: EventChecks, fine: ReadonlySet<string>): ChecksSummary {
  const { byCheck, fine: marked, matched } = openFindings(checks, fine);
  return {
    scanned: checks.scanned,
    open: registrationsOf(byCheck).size,
    fine: marked,
    stale: [...fine].filter((key) => !matched.has(key)),
    checks: byCheck.map(({ check, findings, ids }) => ({
      check,
      ids: Float64Array.from(ids),
      findings: findings.length,
      listed: (findings.length <= MARKED_AT_ONCE ? findings : findings.slice(0, FIRST_LISTED)).map(
        plainFinding,
      ),
    })),
  };
}

/** A finding as plain data, its stamp included: what crosses to the page. */
const plainFinding = ({ check, registrationId, queId, value, suggestion, stamp }: Finding): Finding => ({
  check,
  registrationId,
  queId,
  value,
  suggestion,
  stamp,
});

/** How many registrations have an open finding of an error, a warning, a notice. */
export function countBySeverity(checks: readonly CheckSummary[]) {
  const counts = { error: 0, warning: 0, notice: 0 };
  for (const { check, ids } of checks) counts[CHECK_SEVERITY[check]] += ids.length;
  return counts;
}

/** How many registrations have at least one open finding: the events list's count. */
export function countOpen(checks: EventChecks, fine: ReadonlySet<string>): number {
  return registrationsOf(openFindings(checks, fine).byCheck).size;
}

/** The registrations of some checks' findings, each once. */
function registrationsOf(byCheck: readonly CheckFindings[]): ReadonlySet<number> {
  const open = new Set<number>();
  for (const { ids } of byCheck) for (const id of ids) open.add(id);
  return open;
}

/*
 * The findings marked fine, as kept in the device copy (a record of the event, encrypted like
 * its rows): their keys (findingKey), so a finding comes back when its registration changes.
 */

/** More than any promoter marks by hand. */
const MAX_KEYS = 20_000;

/** The keys in whatever was read back. Never throws; keeps the keys that look right, once each. */
export const parseFineFindings = (value: unknown): ReadonlySet<string> =>
  parseKeptKeys(value, isFindingKey, MAX_KEYS);

export const fineRecord = (keys: ReadonlySet<string>): KeptKeysRecord => keptKeysRecord(keys, MAX_KEYS);
