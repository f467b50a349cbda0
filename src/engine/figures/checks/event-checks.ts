import type { Registration } from '@/engine/api/registration-schemas';
import { paymentStatusKey } from '@/engine/api/payment-status';
import { NO_CORRECTIONS, type EventCorrections } from '@/lib/clean-answers/clean-answers';
import { cachedAnswerKey, emailKey, personKey } from '@/lib/text-keys';
import { duplicateGroups } from '../duplicate-groups';
import type { DuplicateGroup } from '../duplicate-kinds';
import { answerFindings } from './answer-checks';
import { CHECK_IDS, type CheckId, type EventChecks, type Finding } from './check-kinds';
import { emailProblem, type EmailProblem } from './email-checks';
import { namePart, nameProblems, type NameCheck, type NamePart } from './name-checks';

/** More people than this on one address, in several orders: worth a look. */
export const MAX_PEOPLE_PER_ADDRESS = 5;

/** What one registration's own fields say, whatever the others hold: kept per row object. */
interface RowFacts {
  readonly email: EmailProblem | null;
  readonly names: readonly NameCheck[];
  readonly emailKey: string;
  readonly personKey: string;
  stamp: string | null;
}

/**
 * The scan's memory between runs: what each registration's own fields say, per row object. A
 * sync replaces the objects of the registrations it changed and keeps the others, so a scan
 * after it reads only the changed rows again; what links rows together (an address, an order,
 * a question's answers) is counted again from these facts, which costs little. One per engine.
 */
export class CheckMemo {
  private readonly facts = new WeakMap<Registration, RowFacts>();
  /** Names and addresses come back many times: each is read once. */
  private readonly parts = new Map<string, NamePart>();
  private readonly emails = new Map<string, { problem: EmailProblem | null; key: string }>();
  private readonly people = new Map<string, Map<string, string>>();

  factsOf(registration: Registration): RowFacts {
    let facts = this.facts.get(registration);
    if (!facts) {
      const first = registration.first_name ?? '';
      const last = registration.last_name ?? '';
      const email = this.email(registration.email ?? '');
      facts = {
        email: email.problem,
        names: nameProblems(this.part(first), this.part(last)),
        emailKey: email.key,
        personKey: this.person(first, last),
        stamp: null,
      };
      this.facts.set(registration, facts);
    }
    return facts;
  }

  private part(sent: string): NamePart {
    let part = this.parts.get(sent);
    if (!part) this.parts.set(sent, (part = namePart(sent)));
    return part;
  }

  private email(sent: string) {
    let email = this.emails.get(sent);
    if (!email) this.emails.set(sent, (email = { problem: emailProblem(sent), key: emailKey(sent) }));
    return email;
  }

  private person(first: string, last: string): string {
    let lasts = this.people.get(first);
    if (!lasts) this.people.set(first, (lasts = new Map<string, string>()));
    let key = lasts.get(last);
    if (key === undefined) lasts.set(last, (key = personKey(first, last)));
    return key;
  }

  stampOf(registration: Registration): string {
    const facts = this.factsOf(registration);
    return (facts.stamp ??= registrationStamp(registration));
  }
}

export interface ChecksOptions {
  readonly memo?: CheckMemo;
  /** The event's duplicate groups when already found (the figures found them): not found twice. */
  readonly duplicates?: readonly DuplicateGroup[];
  /** The promoter's corrections to how answers are read (answers outside the vocabulary). */
  readonly corrections?: EventCorrections | undefined;
  /** The computation's remembered answerKey, when the figures made one: answers fold once. */
  readonly fold?: (text: string) => string;
}

/**
 * The data doctor's scan of one event's registrations (check-kinds.ts says what each check
 * finds). Findings come out by check, in CHECK_IDS order; within a check, in the order of the
 * rows, except that the registrations of one group (one person, one address, one order) come
 * together. One finding per check and registration, except the answer checks (one per question).
 */
export function eventChecks(
  registrations: readonly Registration[],
  {
    memo = new CheckMemo(),
    duplicates,
    corrections = NO_CORRECTIONS,
    fold = cachedAnswerKey(),
  }: ChecksOptions = {},
): EventChecks {
  const byCheck = new Map<CheckId, Finding[]>(CHECK_IDS.map((id) => [id, []]));
  const add = (
    check: CheckId,
    registration: Registration,
    value: string,
    queId: number | null = null,
    suggestion: string | null = null,
  ) =>
    byCheck.get(check)!.push({
      check,
      registrationId: registration.registration_id,
      queId,
      value,
      suggestion,
      stamp: memo.stampOf(registration),
    });

  const addresses = new Map<string, { people: Set<string>; orders: Set<string>; rows: Registration[] }>();
  const orders = new Map<string, { status: string; mixed: boolean; rows: Registration[] }>();
  for (const registration of registrations) {
    const facts = memo.factsOf(registration);
    if (facts.email)
      add(facts.email.check, registration, registration.email ?? '', null, facts.email.suggestion);
    for (const check of facts.names) add(check, registration, nameAsSent(registration));
    if (facts.emailKey !== '') {
      let address = addresses.get(facts.emailKey);
      if (!address)
        addresses.set(facts.emailKey, (address = { people: new Set(), orders: new Set(), rows: [] }));
      address.people.add(facts.personKey || `#${registration.registration_id}`);
      address.orders.add(registration.order_id?.trim() || `#${registration.registration_id}`);
      address.rows.push(registration);
    }
    const orderId = registration.order_id?.trim() ?? '';
    if (orderId !== '') {
      const status = paymentStatusKey(registration.payment_status);
      const order = orders.get(orderId);
      if (!order) orders.set(orderId, { status, mixed: false, rows: [registration] });
      else {
        order.mixed ||= order.status !== status;
        order.rows.push(registration);
      }
    }
  }
  for (const address of addresses.values()) {
    if (address.people.size > MAX_PEOPLE_PER_ADDRESS && address.orders.size > 1) {
      for (const registration of address.rows) add('email-shared', registration, registration.email ?? '');
    }
  }
  for (const order of orders.values()) {
    if (!order.mixed) continue;
    for (const registration of order.rows)
      add('order-mixed-status', registration, registration.payment_status ?? '');
  }
  for (const group of duplicates ?? duplicateGroups(registrations)) {
    if (group.kind !== 'likely') continue;
    for (const registration of group.registrations)
      add('person-twice', registration, nameAsSent(registration));
  }
  for (const found of answerFindings(registrations, fold, corrections)) {
    add(found.check, found.registration, found.value, found.queId);
  }
  const findings = CHECK_IDS.flatMap((id) => byCheck.get(id)!);
  return { scanned: registrations.length, findings };
}

/** First and last name as sent, spaces and all (the spaces may be what is wrong). */
const nameAsSent = (registration: Registration) =>
  `${registration.first_name ?? ''} ${registration.last_name ?? ''}`;

/**
 * A short digest of what the checks read of a registration (FNV-1a over its fields): equal
 * while the registration is unchanged, different once a sync changes any of them.
 */
export function registrationStamp(registration: Registration): string {
  let hash = 0x811c9dc5;
  const feed = (value: string | number | null | undefined) => {
    // A mark per field, so that moving text from one field to the next changes the digest.
    const text = value === null || value === undefined ? '\u0000' : `${value}\u0001`;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
  };
  feed(registration.first_name);
  feed(registration.last_name);
  feed(registration.email);
  feed(registration.order_id);
  feed(registration.payment_status);
  feed(registration.category_id);
  for (const entry of registration.custom_questions) {
    feed(entry.que_id);
    feed(entry.reponse);
  }
  return (hash >>> 0).toString(36);
}
