import { paths } from '@/config/paths';
import {
  CHECK_IDS,
  CHECK_SEVERITY,
  findingKey,
  type CheckId,
  type EventChecks,
  type Finding,
} from '@/engine/figures/checks/check-kinds';
import { registrationsSearch } from '../rows/registrations-view';

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

/** The registrations table filtered to the registrations one check found. */
export function checkLink(eventId: number, check: CheckId): string {
  return paths.registrations.build(eventId, registrationsSearch({ check }));
}
