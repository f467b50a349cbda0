import type { Registration } from '@/engine/api/registration-schemas';
import { paymentStatusKey } from '@/engine/api/payment-status';
import { answerKey, emailKey, isBlankAnswer, personKey } from '@/lib/text-keys';
import type { Finding } from './check-kinds';
import { emailProblem, type EmailProblem } from './email-checks';
import { namePart, nameProblems, type NameCheck, type NamePart } from './name-checks';
import { exactShape, runShape } from './shapes';

/**
 * One question's non-blank answer, read once and shared by every registration that gave it. Its
 * fold (`key`) is made only when asked: a free-text question's answers are never counted by it.
 */
export class RowAnswer {
  private folded: string | null = null;
  readonly runs: string;
  readonly exact: string;

  constructor(
    readonly queId: number,
    readonly text: string,
  ) {
    this.runs = runShape(text);
    this.exact = exactShape(text);
  }

  /** answerKey's fold: how the question's answers are counted together. */
  get key(): string {
    return (this.folded ??= answerKey(this.text));
  }
}

/** What one registration's own fields say, whatever the others hold: kept per row object. */
export interface RowFacts {
  readonly email: EmailProblem | null;
  readonly names: readonly NameCheck[];
  readonly emailKey: string;
  readonly personKey: string;
  /** The order number trimmed; '' for none. */
  readonly order: string;
  readonly status: string;
  readonly category: number | null;
  readonly answers: readonly RowAnswer[];
  stamp: string | null;
  /** The findings of its own fields (e-mail, name), made once. */
  own: readonly Finding[] | null;
  /** Its answer findings, for the decisions (answer-checks.ts) of one scan version. */
  answerFindings: { readonly version: number; readonly findings: readonly Finding[] } | null;
}

/**
 * A list kept for as long as its row: an array grown by `push` holds room for more than it
 * has, and an empty one is an object of its own, 100,000 times over on a large event. Kept
 * lists are cut to their length, and every empty one is the same frozen array.
 */
export function exactly<T>(list: T[]): readonly T[] {
  return list.length === 0 ? NOTHING : list.slice();
}
const NOTHING: readonly never[] = Object.freeze([]);

/** What the memo keeps for an answer that says nothing. */
const BLANK = null;

function answeredBefore(found: readonly RowAnswer[], queId: number): boolean {
  for (const given of found) if (given.queId === queId) return true;
  return false;
}

/** Past this many distinct texts, a cache of texts starts again: a bound on the engine's memory. */
const MAX_REMEMBERED = 200_000;

/**
 * What each registration's own fields say, per row object, and the reading of names, addresses
 * and answers per distinct text (they come back many times). A sync replaces the objects of the
 * registrations it changed and keeps the others, so a scan after it reads only the changed
 * rows. One per engine, shared by its events.
 */
export class RowFactsMemo {
  private readonly facts = new WeakMap<Registration, RowFacts>();
  private parts = new Map<string, NamePart>();
  private emails = new Map<string, { problem: EmailProblem | null; key: string }>();
  private people = new Map<string, Map<string, string>>();
  private answers = new Map<number, Map<string, RowAnswer | typeof BLANK>>();
  private answersRead = 0;

  factsOf(registration: Registration): RowFacts {
    let facts = this.facts.get(registration);
    if (!facts) {
      const first = registration.first_name ?? '';
      const last = registration.last_name ?? '';
      const email = this.email(registration.email ?? '');
      facts = {
        email: email.problem,
        names: exactly(nameProblems(this.part(first), this.part(last))),
        emailKey: email.key,
        personKey: this.person(first, last),
        order: registration.order_id?.trim() ?? '',
        status: paymentStatusKey(registration.payment_status),
        category: registration.category_id ?? null,
        answers: this.answersOf(registration),
        stamp: null,
        own: null,
        answerFindings: null,
      };
      this.facts.set(registration, facts);
    }
    return facts;
  }

  stampOf(registration: Registration): string {
    const facts = this.factsOf(registration);
    return (facts.stamp ??= registrationStamp(registration));
  }

  /** A registration listing a question twice counts once, with its first non-blank answer. */
  private answersOf(registration: Registration): readonly RowAnswer[] {
    const found: RowAnswer[] = [];
    for (const entry of registration.custom_questions) {
      const answer = this.answer(entry.que_id, entry.reponse ?? '');
      if (answer !== BLANK && !answeredBefore(found, entry.que_id)) found.push(answer);
    }
    return exactly(found);
  }

  /**
   * One answer to one question, read once and shared by every registration that gave it;
   * BLANK for an answer that says nothing (isBlankAnswer), decided once per text too.
   */
  private answer(queId: number, text: string): RowAnswer | typeof BLANK {
    let texts = this.answers.get(queId);
    if (!texts) this.answers.set(queId, (texts = new Map<string, RowAnswer | typeof BLANK>()));
    let answer = texts.get(text);
    if (answer === undefined) {
      if (++this.answersRead > MAX_REMEMBERED) {
        this.answers = new Map([[queId, (texts = new Map<string, RowAnswer | typeof BLANK>())]]);
        this.answersRead = 1;
      }
      answer = isBlankAnswer(text) ? BLANK : new RowAnswer(queId, text);
      texts.set(text, answer);
    }
    return answer;
  }

  private part(sent: string): NamePart {
    let part = this.parts.get(sent);
    if (!part) {
      if (this.parts.size > MAX_REMEMBERED) this.parts = new Map();
      this.parts.set(sent, (part = namePart(sent)));
    }
    return part;
  }

  private email(sent: string) {
    let email = this.emails.get(sent);
    if (!email) {
      if (this.emails.size > MAX_REMEMBERED) this.emails = new Map();
      this.emails.set(sent, (email = { problem: emailProblem(sent), key: emailKey(sent) }));
    }
    return email;
  }

  private person(first: string, last: string): string {
    let lasts = this.people.get(first);
    if (!lasts) {
      if (this.people.size > MAX_REMEMBERED) this.people = new Map();
      this.people.set(first, (lasts = new Map<string, string>()));
    }
    let key = lasts.get(last);
    if (key === undefined) lasts.set(last, (key = personKey(first, last)));
    return key;
  }
}

/**
 * A short digest of what the checks read of a registration (FNV-1a over its fields): equal
 * while the registration is unchanged, different once a sync changes any of them. Kept on the
 * device in the keys of findings marked fine: the same registration must keep its digest.
 */
export function registrationStamp(registration: Registration): string {
  let hash = FNV_OFFSET;
  hash = mixField(hash, registration.first_name);
  hash = mixField(hash, registration.last_name);
  hash = mixField(hash, registration.email);
  hash = mixField(hash, registration.order_id);
  hash = mixField(hash, registration.payment_status);
  hash = mixField(hash, registration.category_id);
  for (const entry of registration.custom_questions) {
    hash = mixField(hash, entry.que_id);
    hash = mixField(hash, entry.reponse);
  }
  return (hash >>> 0).toString(36);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * One field into the digest: its text and a mark after it, so that moving text from one field to
 * the next changes the digest; a lone 0 for no value.
 */
function mixField(hash: number, value: string | number | null | undefined): number {
  if (value === null || value === undefined) return Math.imul(hash ^ 0, FNV_PRIME);
  const text = typeof value === 'string' ? value : String(value);
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return Math.imul(hash ^ 1, FNV_PRIME);
}
