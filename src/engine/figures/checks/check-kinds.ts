/**
 * The data doctor's checks: what each one finds, how serious it is, and what a finding says.
 * The scan (event-checks.ts) finds them in the engine; the event page lists them and links each
 * check to exactly the registrations concerned (the table's `check` filter).
 */

/**
 * The checks, in the order they are listed within a severity:
 * - e-mail: `email-invalid` (not an address), `email-typo` (a common provider's domain
 *   mistyped, with the likely address), `email-shared` (one address for more than
 *   MAX_PEOPLE_PER_ADDRESS (scan-state.ts) people across several orders);
 * - names: `name-test` (a test entry), `name-swapped` (first and last name likely the wrong
 *   way round), `name-symbols` (digits or stray symbols), `name-case` (the whole name in
 *   capitals, or in lower case), `name-spaces` (spaces before or after);
 * - orders: `person-twice` (the same person registered twice, by the one rule for the same
 *   person), `order-mixed-status` (different payment statuses inside one order);
 * - answers: `answer-outside` (an answer its question's clean vocabulary does not read),
 *   `answer-missing` (left empty where almost everyone answered), `answer-format` (an answer
 *   that does not follow the format almost all the others follow).
 */
export const CHECK_IDS = [
  'email-invalid',
  'email-typo',
  'name-test',
  'person-twice',
  'name-swapped',
  'name-symbols',
  'order-mixed-status',
  'answer-outside',
  'answer-format',
  'email-shared',
  'name-case',
  'name-spaces',
  'answer-missing',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/**
 * How serious a finding is: `error` is wrong and will cost something on race day (a mail that
 * bounces, a bib paid twice, a test entry on the start list); `warning` is likely wrong; `notice`
 * is worth a look.
 */
export type Severity = 'error' | 'warning' | 'notice';

export const CHECK_SEVERITY: Readonly<Record<CheckId, Severity>> = {
  'email-invalid': 'error',
  'email-typo': 'error',
  'name-test': 'error',
  'person-twice': 'error',
  'name-swapped': 'warning',
  'name-symbols': 'warning',
  'order-mixed-status': 'warning',
  'answer-outside': 'warning',
  'answer-format': 'warning',
  'email-shared': 'notice',
  'name-case': 'notice',
  'name-spaces': 'notice',
  'answer-missing': 'notice',
};

const CHECK_SET: ReadonlySet<string> = new Set(CHECK_IDS);
export const isCheckId = (value: unknown): value is CheckId =>
  typeof value === 'string' && CHECK_SET.has(value);

/** One thing a check found on one registration. */
export interface Finding {
  readonly check: CheckId;
  readonly registrationId: number;
  /** The question, for an answer check; null otherwise. */
  readonly queId: number | null;
  /** What is wrong, as sent (the address, the name, the answer); '' for an answer left empty. */
  readonly value: string;
  /** The likely correction (a mistyped address fixed), or null. */
  readonly suggestion: string | null;
  /** The registration as checked: "This is fine" holds until it changes (see findingKey). */
  readonly stamp: string;
}

/** What the scan of an event's registrations found, most serious first. */
export interface EventChecks {
  /** The registrations scanned. */
  readonly scanned: number;
  readonly findings: readonly Finding[];
}

/**
 * A finding's identity for "This is fine": its check, registration, question and the
 * registration's stamp, so a finding marked fine comes back when that registration changes.
 */
export function findingKey(finding: Pick<Finding, 'check' | 'registrationId' | 'queId' | 'stamp'>): string {
  return `${finding.check}:${finding.registrationId}:${finding.queId ?? ''}:${finding.stamp}`;
}

const FINDING_KEY = /^([a-z-]{1,40}):(-?\d{1,16}):(-?\d{0,16}):([0-9a-z]{1,16})$/;

/** The registration a finding key names (isFindingKey's keys only). */
export function findingKeyRegistration(key: string): number {
  return Number(FINDING_KEY.exec(key)?.[2]);
}

/** Whether a value read back from storage is a finding key of a known check. */
export function isFindingKey(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = FINDING_KEY.exec(value);
  return match !== null && isCheckId(match[1]);
}
