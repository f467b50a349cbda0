import type { EventRecord } from './event-records';
import { nextSignUp, type Buyer, type Person } from './people';
import { mulberry32, pickWeighted, type Rng, type Weighted } from './prng';
import { QUESTION_TEMPLATES } from './questions';
import type { PaymentStatus, RawCustomAnswer, RawRegistration } from './types';

/** One day of the demo clock: its number since the last reset and the stamp of its changes. */
export interface DayStep {
  day: number;
  /** ISO timestamp written to the updated_at of every row the day changes. */
  at: string;
}

/** Registration ids changed by a day step, by kind, each list ascending. */
export interface DayChanges {
  /** New sign-ups, ids above every earlier one. */
  added: number[];
  /** pending -> paid. */
  paid: number[];
  /** paid -> refunded. */
  refunded: number[];
  /** paid, pending or free -> cancelled. */
  cancelled: number[];
  /** Moved to another category of the event. */
  moved: number[];
  /** One answer to a custom question changed. */
  edited: number[];
  /** Gone from the list: `updated_since` never reports them (the API cannot say "deleted"). */
  deleted: number[];
}

export type ChangeKind = keyof DayChanges;

export const CHANGE_KINDS: readonly ChangeKind[] = [
  'added',
  'paid',
  'refunded',
  'cancelled',
  'moved',
  'edited',
  'deleted',
];

export function noChanges(): DayChanges {
  return { added: [], paid: [], refunded: [], cancelled: [], moved: [], edited: [], deleted: [] };
}

/**
 * Share of an event's registrations changed per day, by kind: a race some weeks before its
 * start. Each day draws its own amount around these (+/- 25 %; sign-ups: anywhere between
 * the two rates). On 25,000 registrations:
 * 125-250 sign-ups, ~75 payments, ~12 refunds, ~12 cancellations, ~5 category moves, ~8
 * answer edits, ~5 deletions.
 */
export const DAILY_RATES = {
  /** Drawn uniformly between the two for each day. */
  added: [0.005, 0.01],
  paid: 0.003,
  refunded: 0.0005,
  cancelled: 0.0005,
  moved: 0.0002,
  edited: 0.0003,
  deleted: 0.0002,
} as const;

/** From this many registrations, a day changes at least one row of every kind it can. */
export const EVERY_KIND_FROM = 20;

/** Share of new sign-ups already paid (card at checkout); the rest wait as pending. */
const PAID_AT_SIGN_UP = 0.8;

const ACTIVE: ReadonlySet<PaymentStatus> = new Set(['paid', 'pending', 'free']);

/** A seed per event and day, unrelated to the generator's (which depends on the event only). */
function daySeed(eventId: number, day: number): number {
  return (Math.imul(eventId, 0x9e3779b1) ^ Math.imul(day + 1, 0x85ebca6b)) >>> 0;
}

/**
 * Today's amount of one kind: the rate (+/- 25 % unless `exact`), rounded at random so small
 * rates still occur.
 */
function quota(rng: Rng, size: number, rate: number, atLeastOne: boolean, exact = false): number {
  const expected = size * rate * (exact ? 1 : 0.75 + rng() * 0.5);
  const whole = Math.floor(expected);
  const count = whole + (rng() < expected - whole ? 1 : 0);
  return atLeastOne ? Math.max(1, count) : count;
}

/**
 * Applies one day to an event's registration list, in place (sorted by id, as generated),
 * and returns the changed ids. Deterministic: the same list, event and day number give the
 * same changes; the random stream depends on the event id and the day number only. A row
 * changes at most once a day; changed and added rows get `updated_at = step.at`; deleted
 * rows are removed. An event without registrations stays empty; an event already started
 * on that day (start offset below the day number) takes no new sign-ups.
 */
export function applyDayStep(list: RawRegistration[], record: EventRecord, step: DayStep): DayChanges {
  const changes = noChanges();
  const size = list.length;
  const last = list[size - 1];
  if (last === undefined) return changes;
  const rng = mulberry32(daySeed(record.spec.id, step.day));
  const everyKind = size >= EVERY_KIND_FROM;
  const taken = new Set<number>();

  /** Indices of `count` random rows matching `eligible` and not yet changed today, ascending. */
  const choose = (rate: number, eligible: (row: RawRegistration, index: number) => boolean): number[] => {
    const candidates: number[] = [];
    list.forEach((row, index) => {
      if (!taken.has(index) && eligible(row, index)) candidates.push(index);
    });
    const count = Math.min(candidates.length, quota(rng, size, rate, everyKind));
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(rng() * (candidates.length - i));
      const picked = candidates[j] ?? 0;
      candidates[j] = candidates[i] ?? 0;
      candidates[i] = picked;
      taken.add(picked);
    }
    return candidates.slice(0, count).sort((a, b) => a - b);
  };
  const stamp = (index: number, kind: ChangeKind): RawRegistration | undefined => {
    const row = list[index];
    if (!row) return undefined;
    row.updated_at = step.at;
    changes[kind].push(row.registration_id);
    return row;
  };

  // Never the highest id: new ids are "above the current max", so an id is never reused.
  const deleted = choose(DAILY_RATES.deleted, (_row, index) => index !== size - 1);
  for (const index of choose(DAILY_RATES.paid, (row) => row.payment_status === 'pending')) {
    const row = stamp(index, 'paid');
    if (row) row.payment_status = 'paid';
  }
  for (const index of choose(DAILY_RATES.refunded, (row) => row.payment_status === 'paid')) {
    const row = stamp(index, 'refunded');
    if (row) row.payment_status = 'refunded';
  }
  for (const index of choose(DAILY_RATES.cancelled, (row) => ACTIVE.has(row.payment_status))) {
    const row = stamp(index, 'cancelled');
    if (row) row.payment_status = 'cancelled';
  }
  const categories = categoryWeights(record);
  if (categories.length > 1) {
    for (const index of choose(DAILY_RATES.moved, (row) => ACTIVE.has(row.payment_status))) {
      const row = stamp(index, 'moved');
      if (row) {
        const others = categories.filter((category) => category.value !== row.category_id);
        row.category_id = pickWeighted(rng, others);
      }
    }
  }
  if (record.questions.length > 0) {
    for (const index of choose(DAILY_RATES.edited, (row) => ACTIVE.has(row.payment_status))) {
      const row = stamp(index, 'edited');
      if (row) editOneAnswer(rng, row, record);
    }
  }

  if (deleted.length > 0) {
    const gone = new Set(deleted);
    for (const index of deleted) changes.deleted.push(list[index]?.registration_id ?? 0);
    let kept = 0;
    for (let index = 0; index < size; index++) {
      const row = list[index];
      if (row && !gone.has(index)) list[kept++] = row;
    }
    list.length = kept;
  }

  if (record.spec.startOffsetDays >= step.day) {
    const [low, high] = DAILY_RATES.added;
    const count = quota(rng, size, low + rng() * (high - low), everyKind, true);
    changes.added = addRegistrations(list, record, rng, count, step, last);
  }
  return changes;
}

function categoryWeights(record: EventRecord): Weighted<number>[] {
  return record.categories.map((category, i) => ({
    value: category.category_id,
    weight: record.spec.categories[i]?.weight ?? 1,
  }));
}

/** Changes one answer (a new T-shirt size, a club, a contact...), on a new array. */
function editOneAnswer(rng: Rng, row: RawRegistration, record: EventRecord): void {
  const question = record.questions[Math.floor(rng() * record.questions.length)];
  const index = row.custom_questions.findIndex((answer) => answer.que_id === question?.que_id);
  const current = row.custom_questions[index];
  if (!question || !current) return;
  const person: Person = { first: row.first_name, last: row.last_name };
  let reponse = current.reponse;
  for (let tries = 0; tries < 8 && reponse === current.reponse; tries++) {
    reponse = QUESTION_TEMPLATES[question.kind].answer(rng, person);
  }
  // A new array and answer object: a shallow copy of the row taken earlier keeps its answers.
  row.custom_questions = row.custom_questions.map((answer, i) =>
    i === index ? { ...answer, reponse } : answer,
  );
}

/** Appends `count` sign-ups after `last` (the highest id), like the generator's rows. */
function addRegistrations(
  list: RawRegistration[],
  record: EventRecord,
  rng: Rng,
  count: number,
  step: DayStep,
  last: RawRegistration,
): number[] {
  const { spec, questions } = record;
  const categories = categoryWeights(record);
  const added: number[] = [];
  let id = last.registration_id;
  let orderNumber = Number(/(\d+)$/.exec(last.order_id)?.[1] ?? 0);
  let buyer: Buyer | null = null;
  for (let n = 0; n < count; n++) {
    id += rng() < 0.04 ? 2 + Math.floor(rng() * 3) : 1;
    const { person, email, newOrder } = nextSignUp(rng, id, buyer);
    if (newOrder) {
      orderNumber += 1;
      buyer = { person, email };
    }
    const categoryId = pickWeighted(rng, categories);
    const status: PaymentStatus = rng() < PAID_AT_SIGN_UP ? 'paid' : 'pending';
    const answers: RawCustomAnswer[] = questions.map((question) => ({
      que_id: question.que_id,
      que_question_fr: question.fr,
      que_question_en: question.en,
      reponse: QUESTION_TEMPLATES[question.kind].answer(rng, person),
    }));
    list.push({
      registration_id: id,
      event_id: spec.id,
      first_name: person.first,
      last_name: person.last,
      email,
      category_id: categoryId,
      order_id: `ORD-${step.at.slice(0, 4)}-${String(orderNumber).padStart(6, '0')}`,
      payment_status: status,
      custom_questions: answers,
      created_at: step.at,
      updated_at: step.at,
    });
    added.push(id);
  }
  return added;
}
