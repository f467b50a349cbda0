import { fullName } from '@/engine/api/full-name';
import type { Registration } from '@/engine/api/registration-schemas';
import { CHECK_IDS, CHECK_SEVERITY, type CheckId, type EventChecks, type Severity } from './check-kinds';
import { openFindings } from './open-findings';

/** The texts of the findings file, in the page's language: the engine knows none. */
export interface FindingsTexts {
  /** Severity, check, registration id, order, name, e-mail, question, found, likely meant. */
  readonly headers: readonly string[];
  readonly checks: Readonly<Record<CheckId, string>>;
  readonly severities: Readonly<Record<Severity, string>>;
  /** Question texts by que_id. */
  readonly questions: Readonly<Record<string, string>>;
}

export const FINDINGS_COLUMNS = 9;

/** Whether texts received from the page have the shape of FindingsTexts (strings where expected). */
export function isFindingsTexts(value: unknown): value is FindingsTexts {
  if (typeof value !== 'object' || value === null) return false;
  const { headers, checks, severities, questions } = value as Record<string, unknown>;
  const texts = (record: unknown, keys?: readonly string[]) =>
    typeof record === 'object' &&
    record !== null &&
    Object.values(record).every((text) => typeof text === 'string') &&
    (keys ?? []).every((key) => key in record);
  return (
    Array.isArray(headers) &&
    headers.length === FINDINGS_COLUMNS &&
    headers.every((header) => typeof header === 'string') &&
    texts(checks, CHECK_IDS) &&
    texts(severities, ['error', 'warning', 'notice']) &&
    texts(questions)
  );
}

/**
 * The open findings as the file for the registration platform's support: one line per finding,
 * with what identifies its registration there (id, order, name, e-mail) and what was found.
 */
export function findingsTable(
  registrations: readonly Registration[],
  checks: EventChecks,
  fine: ReadonlySet<string>,
  texts: FindingsTexts,
): string[][] {
  const byId = new Map(registrations.map((row) => [row.registration_id, row]));
  return openFindings(checks, fine).byCheck.flatMap(({ check, findings }) =>
    findings.map((finding) => {
      const row = byId.get(finding.registrationId);
      return [
        texts.severities[CHECK_SEVERITY[check]],
        texts.checks[check],
        String(finding.registrationId),
        row?.order_id ?? '',
        row ? fullName(row) : '',
        row?.email ?? '',
        finding.queId === null ? '' : (texts.questions[String(finding.queId)] ?? ''),
        finding.value,
        finding.suggestion ?? '',
      ];
    }),
  );
}
