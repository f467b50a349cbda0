/**
 * What the keystroke probe types: what a promoter looking for one person would type, taken
 * from the event's own data so every key narrows the list to a real registration.
 */
import { getDemoDataset } from '../../src/mocks/data';
import { TEXT } from './texts';

/** Two searches at least: a first keystroke over the whole list is the costliest, so time it twice. */
const MIN_QUERIES = 2;
/** Where in the list the people searched for are taken from (the list is in id order). */
const FRACTIONS = [1 / 3, 2 / 3, 1 / 2, 1 / 4, 3 / 4];

/**
 * People type names without accents ("Lefevre" finds "Lefèvre"); the keyboard then sends a
 * keydown for every character, which `Input.insertText` for "è" would not.
 */
const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{Mn}/gu, '');
const TYPABLE = /^[A-Za-z][A-Za-z' -]*$/;

/**
 * "First Last status", e.g. "Pierre-Luc Roy Paid", from registrations a third and two thirds
 * down the list (the next one with typable names and a status, and for the second one another
 * status than the first, so both common and rare statuses are typed), and more when two
 * hold fewer than `minKeystrokes` characters in all.
 */
export function typingQueries(eventId: number, minKeystrokes: number): string[] {
  const registrations = getDemoDataset().registrationsOf(eventId);
  const queries: string[] = [];
  const statuses: string[] = [];
  for (const fraction of FRACTIONS) {
    if (queries.length >= MIN_QUERIES && queries.join('').length >= minKeystrokes) break;
    for (let index = Math.floor(registrations.length * fraction); index < registrations.length; index += 1) {
      const { first_name: first, last_name: last, payment_status: status } = registrations[index]!;
      if (!first || !last || !status || statuses.includes(status)) continue;
      const query = `${withoutAccents(first)} ${withoutAccents(last)} ${TEXT.status(status)}`;
      if (!TYPABLE.test(query)) continue;
      queries.push(query);
      statuses.push(status);
      break;
    }
  }
  if (queries.join('').length < minKeystrokes) {
    throw new Error(`Event ${eventId}: fewer than ${minKeystrokes} keystrokes of queries found.`);
  }
  return queries;
}
