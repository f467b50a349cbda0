import {
  CHECK_IDS,
  CHECK_SEVERITY,
  findingKey,
  isFindingKey,
  type CheckId,
  type EventChecks,
  type Finding,
} from './check-kinds';

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
 * The findings still open, by check in CHECK_IDS order (checks with none left out), and how many
 * are marked fine. The event page's counts, the table's `check` filter and the findings file
 * all read this one function, so a count is always the rows its link opens.
 */
export function openFindings(
  checks: EventChecks,
  fine: ReadonlySet<string>,
): { readonly byCheck: readonly CheckFindings[]; readonly fine: number } {
  const byCheck = new Map<CheckId, { findings: Finding[]; ids: Set<number> }>();
  let marked = 0;
  for (const finding of checks.findings) {
    if (fine.size > 0 && fine.has(findingKey(finding))) {
      marked += 1;
      continue;
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
    fine: marked,
  };
}

/** How many registrations have an open finding of an error, a warning, a notice. */
export function countBySeverity(byCheck: readonly CheckFindings[]) {
  const counts = { error: 0, warning: 0, notice: 0 };
  for (const { check, ids } of byCheck) counts[CHECK_SEVERITY[check]] += ids.size;
  return counts;
}

/** How many registrations have at least one open finding: the events list's count. */
export function countOpen(checks: EventChecks, fine: ReadonlySet<string>): number {
  const ids = new Set<number>();
  for (const finding of checks.findings) {
    if (fine.size === 0 || !fine.has(findingKey(finding))) ids.add(finding.registrationId);
  }
  return ids.size;
}

/*
 * The findings marked fine, as kept in the device copy (a record of the event, encrypted like
 * its rows): their keys (findingKey), so a finding comes back when its registration changes.
 */

interface FineRecord {
  readonly version: 1;
  readonly keys: readonly string[];
}

/** More than any promoter marks by hand: a damaged record cannot grow the page's memory. */
const MAX_KEYS = 20_000;

/** The keys in whatever was read back. Never throws; keeps the keys that look right, once each. */
export function parseFineFindings(value: unknown): ReadonlySet<string> {
  const keys = new Set<string>();
  if (typeof value !== 'object' || value === null) return keys;
  const { version, keys: found } = value as { version?: unknown; keys?: unknown };
  if (version !== 1 || !Array.isArray(found)) return keys;
  for (const key of found as unknown[]) {
    if (keys.size >= MAX_KEYS) break;
    if (isFindingKey(key)) keys.add(key);
  }
  return keys;
}

export function fineRecord(keys: ReadonlySet<string>): FineRecord {
  return { version: 1, keys: [...keys].slice(0, MAX_KEYS) };
}
