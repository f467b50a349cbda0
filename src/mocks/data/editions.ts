import { mulberry32, type Rng } from './prng';
import type { RawRegistration } from './types';

/**
 * Editions of the same event across years: an earlier edition (a spec with `nextEdition`) takes
 * some of its runners from the next edition's people, so "who came back" has a realistic answer
 * (race directors see about a quarter to a third of their field return).
 *
 * The earlier edition borrows from the later one, not the other way round, so the later
 * edition's rows are the same whether it has an earlier edition or not.
 * Its own random stream is separate from the rows' (seeded by the event id too), so the rest of
 * the earlier edition is generated as any event is.
 */

/** Statuses that did not take part: a returning runner is drawn from the others. */
const LEFT_OUT = new Set(['cancelled', 'refunded']);

/**
 * Replaces the people of some of `rows` (the earlier edition) with people of `nextRows` (the
 * later one): about `share` of the later edition's distinct people (by e-mail and name, among
 * its registrations not cancelled or refunded), at random positions. Like real sign-up lists
 * a year apart, a few returning runners look a little different: their e-mail typed with
 * capitals and a trailing space (3 %), no e-mail at all, as the old form did not require one
 * (4 %), or a new address under the same name (3 %). The rows' ids, categories, statuses,
 * orders and answers stay as generated.
 */
export function withReturningRunners(
  rows: RawRegistration[],
  eventId: number,
  nextRows: readonly RawRegistration[],
  share: number,
): void {
  const rng = mulberry32(eventId * 104_729 + 3);
  const returning = pickPeople(rng, nextRows, share).slice(0, rows.length);
  const positions = shuffledPositions(rng, rows.length)
    .slice(0, returning.length)
    .sort((a, b) => a - b);
  positions.forEach((position, i) => {
    const row = rows[position];
    const person = returning[i];
    if (!row || !person) return;
    row.first_name = person.first_name;
    row.last_name = person.last_name;
    row.email = variedEmail(rng, person.email, row.registration_id);
  });
}

function pickPeople(rng: Rng, rows: readonly RawRegistration[], share: number): RawRegistration[] {
  const seen = new Set<string>();
  const picked: RawRegistration[] = [];
  for (const row of rows) {
    if (LEFT_OUT.has(row.payment_status)) continue;
    const key = `${row.email}\u0000${row.first_name}\u0000${row.last_name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (rng() < share) picked.push(row);
  }
  return picked;
}

/** 0 … length-1 in a random order (Fisher-Yates). */
function shuffledPositions(rng: Rng, length: number): number[] {
  const positions = Array.from({ length }, (_, i) => i);
  for (let i = length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [positions[i], positions[j]] = [positions[j]!, positions[i]!];
  }
  return positions;
}

function variedEmail(rng: Rng, email: string, registrationId: number): string {
  const roll = rng();
  if (roll < 0.03) return `${email.charAt(0).toUpperCase()}${email.slice(1).replace('@e', '@E')} `;
  if (roll < 0.07) return '';
  if (roll < 0.1) return `runner${registrationId}@example.net`;
  return email;
}
