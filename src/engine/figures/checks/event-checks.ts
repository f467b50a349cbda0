import type { Registration } from '@/engine/api/registration-schemas';
import { NO_CORRECTIONS, type EventCorrections } from '@/lib/clean-answers/clean-answers';
import type { DuplicateGroup } from '../duplicate-kinds';
import { answerDecisions, rowAnswerFindings, type AnswerDecisions } from './answer-checks';
import { CHECK_IDS, type CheckId, type EventChecks, type Finding } from './check-kinds';
import { exactly, RowFactsMemo } from './row-facts';
import { EventScan } from './scan-state';

/** The events whose counts a memo keeps at once: the one on screen and the one before. */
const SCANS_KEPT = 2;

/**
 * The scan's memory between runs (one per engine): what each registration's own fields say
 * (row-facts.ts), and per event what links its registrations (scan-state.ts). A scan after a
 * sync reads again only the registrations the sync changed.
 */
export class CheckMemo {
  private facts = new RowFactsMemo();
  /** Versions of answer decisions, across events: a row's cached findings name theirs. */
  private versions = 0;
  private readonly scans = new Map<number | null, { scan: EventScan; version: number; signature: string }>();

  /** The event's counts, brought to `rows`, and the version of its answer decisions. */
  scanOf(rows: readonly Registration[], corrections: EventCorrections) {
    const eventId = rows[0]?.event_id ?? null;
    let kept = this.scans.get(eventId);
    if (kept) this.scans.delete(eventId);
    else kept = { scan: new EventScan(this.facts), version: 0, signature: '' };
    // The most recent last: the oldest goes first.
    this.scans.set(eventId, kept);
    if (this.scans.size > SCANS_KEPT) this.scans.delete(this.scans.keys().next().value!);
    kept.scan.update(rows);
    const decisions = answerDecisions(kept.scan.questions, kept.scan.categories, corrections);
    if (decisions.signature !== kept.signature) {
      kept.signature = decisions.signature;
      kept.version = ++this.versions;
    }
    return { scan: kept.scan, decisions, version: kept.version };
  }

  /** What each registration's own fields say (row-facts.ts). */
  get rows(): RowFactsMemo {
    return this.facts;
  }

  /**
   * Drops what the scans keep of one event (its rows, the groups they form), or of every event
   * and every name, address and answer read (null: sign-out, a wipe): nothing of a former
   * session stays in the engine's memory.
   */
  forget(eventId: number | null): void {
    if (eventId !== null) {
      this.scans.delete(eventId);
      return;
    }
    this.scans.clear();
    this.facts = new RowFactsMemo();
  }
}

export interface ChecksOptions {
  readonly memo?: CheckMemo;
  /** The event's duplicate groups when already found (the figures found them): not found twice. */
  readonly duplicates?: readonly DuplicateGroup[];
  /** The promoter's corrections to how answers are read (answers outside the vocabulary). */
  readonly corrections?: EventCorrections | undefined;
  /** The duplicate groups the promoter dismissed ("Not a duplicate"): not the same person twice. */
  readonly notDuplicates?: ReadonlySet<string>;
}

/**
 * The data doctor's scan of one event's registrations (check-kinds.ts says what each check
 * finds). Findings come out by check, in CHECK_IDS order; within a check, in the order of the
 * rows, except that the registrations of one group (one person, one address, one order) come
 * together, groups in the order of their first registration. One finding per check and
 * registration, except the answer checks (one per question).
 */
export function eventChecks(
  registrations: readonly Registration[],
  { memo = new CheckMemo(), duplicates, corrections = NO_CORRECTIONS, notDuplicates }: ChecksOptions = {},
): EventChecks {
  const { scan, decisions, version } = memo.scanOf(registrations, corrections);
  const byCheck = new Map<CheckId, Finding[]>(CHECK_IDS.map((id) => [id, []]));
  const push = (finding: Finding) => byCheck.get(finding.check)!.push(finding);
  const finding = (
    check: CheckId,
    registration: Registration,
    value: string,
    queId: number | null = null,
    suggestion: string | null = null,
  ): Finding => new ScannedFinding(check, registration, value, queId, suggestion, memo.rows);

  for (const registration of registrations) {
    for (const found of ownFindings(memo, registration, finding)) push(found);
    for (const found of answerFindingsOf(memo, registration, decisions, version, finding)) push(found);
  }

  // Grouped findings, each group's registrations together, groups by their first registration.
  const position = groupedPositions(registrations, scan);
  const groups = [
    ...[...scan.flaggedAddresses].map((key) => ({
      check: 'email-shared' as const,
      members: scan.membersOf('address', key),
    })),
    ...[...scan.flaggedOrders].map((key) => ({
      check: 'order-mixed-status' as const,
      members: scan.membersOf('order', key),
    })),
  ].map(({ check, members }) => ({ check, members: [...members].sort((a, b) => position(a) - position(b)) }));
  groups.sort((a, b) => position(a.members[0]!) - position(b.members[0]!));
  for (const { check, members } of groups) {
    for (const registration of members) {
      push(
        finding(
          check,
          registration,
          (check === 'email-shared' ? registration.email : registration.payment_status) ?? '',
        ),
      );
    }
  }
  for (const group of duplicates ?? scan.duplicateGroups()) {
    if (group.kind !== 'likely' || notDuplicates?.has(group.key)) continue;
    for (const registration of group.registrations)
      push(finding('person-twice', registration, nameAsSent(registration)));
  }
  return { scanned: registrations.length, findings: CHECK_IDS.flatMap((id) => byCheck.get(id)!) };
}

/**
 * A finding of a scan. Its stamp is a digest of the whole registration, and most findings are
 * never asked for theirs (only those compared with the keys marked fine, and those sent to the
 * page): it is made when first read, once per registration (RowFactsMemo.stampOf).
 */
class ScannedFinding implements Finding {
  readonly registrationId: number;
  readonly #registration: Registration;
  readonly #facts: RowFactsMemo;

  constructor(
    readonly check: CheckId,
    registration: Registration,
    readonly value: string,
    readonly queId: number | null,
    readonly suggestion: string | null,
    facts: RowFactsMemo,
  ) {
    this.registrationId = registration.registration_id;
    this.#registration = registration;
    this.#facts = facts;
  }

  get stamp(): string {
    return this.#facts.stampOf(this.#registration);
  }
}

type MakeFinding = (
  check: CheckId,
  registration: Registration,
  value: string,
  queId?: number | null,
  suggestion?: string | null,
) => Finding;

let noneAtVersion: { readonly version: number; readonly findings: readonly Finding[] } | null = null;
function noAnswerFindings(version: number) {
  if (noneAtVersion?.version !== version) noneAtVersion = { version, findings: exactly<Finding>([]) };
  return noneAtVersion;
}

/** The findings of a registration's own e-mail and name, made once per row object. */
function ownFindings(memo: CheckMemo, registration: Registration, finding: MakeFinding): readonly Finding[] {
  const facts = memo.rows.factsOf(registration);
  if (facts.own) return facts.own;
  const own: Finding[] = [];
  if (facts.email)
    own.push(
      finding(facts.email.check, registration, registration.email ?? '', null, facts.email.suggestion),
    );
  for (const check of facts.names) own.push(finding(check, registration, nameAsSent(registration)));
  return (facts.own = exactly(own));
}

/** A registration's answer findings, made again only when it or the event's decisions changed. */
function answerFindingsOf(
  memo: CheckMemo,
  registration: Registration,
  decisions: AnswerDecisions,
  version: number,
  finding: MakeFinding,
): readonly Finding[] {
  const facts = memo.rows.factsOf(registration);
  if (facts.answerFindings?.version === version) return facts.answerFindings.findings;
  const findings = exactly(
    rowAnswerFindings(facts, decisions).map(({ check, queId, value }) =>
      finding(check, registration, value, queId),
    ),
  );
  // Most registrations have no answer finding: they share one note of that per version.
  facts.answerFindings = findings.length === 0 ? noAnswerFindings(version) : { version, findings };
  return findings;
}

/**
 * The position of a grouped registration in `registrations`: indexed only when some group is
 * flagged, and then only its registrations.
 */
function groupedPositions(
  registrations: readonly Registration[],
  scan: EventScan,
): (row: Registration) => number {
  if (scan.flaggedAddresses.size === 0 && scan.flaggedOrders.size === 0) return () => 0;
  const grouped = new Set<Registration>();
  for (const key of scan.flaggedAddresses) for (const row of scan.membersOf('address', key)) grouped.add(row);
  for (const key of scan.flaggedOrders) for (const row of scan.membersOf('order', key)) grouped.add(row);
  const positions = new Map<Registration, number>();
  registrations.forEach((row, index) => {
    if (grouped.has(row)) positions.set(row, index);
  });
  return (row) => positions.get(row) ?? 0;
}

/** First and last name as sent, spaces and all (the spaces may be what is wrong). */
const nameAsSent = (registration: Registration) =>
  `${registration.first_name ?? ''} ${registration.last_name ?? ''}`;
