import { DAY_MS, parseIsoDate } from './dates';
import { withReturningRunners } from './editions';
import type { EventRecord } from './event-records';
import { nextSignUp, type Buyer } from './people';
import { mulberry32, pickWeighted, type Weighted } from './prng';
import { QUESTION_TEMPLATES } from './questions';
import { TRICKY_ANSWERS } from './tricky-answers';
import type { PaymentStatus, RawCustomAnswer, RawRegistration } from './types';

const STATUSES: readonly Weighted<PaymentStatus>[] = [
  { value: 'paid', weight: 84 },
  { value: 'pending', weight: 6 },
  { value: 'free', weight: 4 },
  { value: 'refunded', weight: 3 },
  { value: 'cancelled', weight: 3 },
];

const HOUR_MS = 3_600_000;
/** Sign-ups open this long before the start date. */
const SALES_WINDOW_MS = 200 * DAY_MS;

/**
 * Generates an event's registrations. The random stream depends only on the event id, never
 * on `today`: ids, names and statuses are the same whatever the reference date, and only the
 * timestamps move with it. Every timestamp is strictly before `today` 00:00 UTC, so
 * `updated_since=<today>` matches nothing until touchRegistrations() changes something.
 * An earlier edition (`spec.nextEdition`) gets `nextEditionRows`, the next edition's rows as
 * generated, and takes some of its people from them (see editions.ts).
 */
export function generateRegistrations(
  record: EventRecord,
  today: string,
  nextEditionRows: readonly RawRegistration[] = [],
): RawRegistration[] {
  const { spec, categories, questions } = record;
  const count = spec.registrations;
  const rng = mulberry32(spec.id * 7919 + 17);
  const todayMs = parseIsoDate(today) ?? 0;
  const startMs = parseIsoDate(record.event.eve_date_debut) ?? 0;
  const windowEnd = Math.min(startMs, todayMs) - HOUR_MS;
  // Never an empty window, even for an event announced further ahead than the sales window.
  const windowStart = Math.min(startMs - SALES_WINDOW_MS, windowEnd - DAY_MS);
  const span = windowEnd - windowStart;

  const categoryWeights = categories.map((category, i) => ({
    value: category.category_id,
    weight: spec.categories[i]?.weight ?? 1,
  }));
  const freeText = questions.filter((question) => question.freeText);

  const result: RawRegistration[] = new Array<RawRegistration>(count);
  let sequence = 0;
  let orderNumber = spec.orderBase ?? record.index * 30_000;
  let buyer: Buyer | null = null;

  for (let i = 0; i < count; i++) {
    // Occasional gaps: deleted sign-ups leave holes, clients must not assume contiguous ids.
    sequence += rng() < 0.04 ? 2 + Math.floor(rng() * 3) : 1;
    const registrationId = spec.id * 100_000 + sequence;

    const { person, email, newOrder } = nextSignUp(rng, registrationId, buyer);
    if (newOrder) {
      orderNumber += 1;
      buyer = { person, email };
    }

    const categoryId = pickWeighted(rng, categoryWeights);
    const status = pickWeighted(rng, STATUSES);
    // Monotonic creation times: ids grow with time, like an auto-increment column.
    const createdMs = windowStart + Math.floor(((i + rng()) / count) * span);
    const changedLater = status === 'refunded' || status === 'cancelled';
    const updatedMs = changedLater ? createdMs + Math.floor(rng() * (windowEnd - createdMs)) : createdMs;

    const answers: RawCustomAnswer[] = questions.map((question) => ({
      que_id: question.que_id,
      que_question_fr: question.fr,
      que_question_en: question.en,
      reponse: QUESTION_TEMPLATES[question.kind].answer(rng, person),
    }));
    injectTricky(answers, freeText, i, spec.trickyEvery);

    const created = new Date(createdMs).toISOString();
    result[i] = {
      registration_id: registrationId,
      event_id: spec.id,
      first_name: person.first,
      last_name: person.last,
      email,
      category_id: categoryId,
      order_id: `ORD-${created.slice(0, 4)}-${String(orderNumber).padStart(6, '0')}`,
      payment_status: status,
      custom_questions: answers,
      created_at: created,
      updated_at: new Date(updatedMs).toISOString(),
    };
  }
  if (spec.nextEdition)
    withReturningRunners(result, spec.id, nextEditionRows, spec.nextEdition.returningShare);
  return result;
}

/** Replaces one free-text answer every `every` registrations, cycling through the list. */
function injectTricky(
  answers: RawCustomAnswer[],
  freeText: readonly { que_id: number }[],
  index: number,
  every: number | undefined,
): void {
  if (!every || freeText.length === 0 || index % every !== Math.floor(every / 2)) return;
  const round = Math.floor(index / every);
  const target = freeText[round % freeText.length];
  const answer = answers.find((candidate) => candidate.que_id === target?.que_id);
  const tricky = TRICKY_ANSWERS[round % TRICKY_ANSWERS.length];
  if (answer && tricky !== undefined) answer.reponse = tricky;
}
