import { emailKey, lettersKey, personKey } from '@/lib/text-keys';
import type { Registration } from '@/engine/api/registration-schemas';
import { isLeftOutStatus } from '@/engine/api/payment-status';

/**
 * Who came back: one event's registrations against its previous edition's.
 *
 * - **Counted**: every registration but those of a left-out status (engine/api/payment-status:
 *   cancelled and refunded, however written), in both editions (a cancelled or refunded runner
 *   neither ran last time nor is registered now). Pending ones count: they signed up, and so
 *   does a status the app does not know.
 * - **A person** is one e-mail address (lib/text-keys emailKey, the app's one rule for the same
 *   address) within an edition. When an address is used under several names in either edition
 *   (a family or a club booking under one address), each name with that address is its own
 *   person, and matches only the same name with the same address. Registrations with no e-mail
 *   are people by their name. Names are compared by the app's one rule for the same person
 *   (lib/text-keys personKey: accents, case, spaces and punctuation ignored, first and last
 *   name swapped the same; a half name is no one's name). A person registered twice counts
 *   once, through their latest registration (highest id).
 * - **Matching**: the same address (and name, for a shared address) in both editions; else,
 *   when one side has no e-mail, the same name. Two different addresses never match, however
 *   alike the names: with common names that would count namesakes as returning runners.
 *   Each person matches at most one person of the other edition.
 *
 * Returns registration ids, one per person (their latest registration), so that every count
 * opens exactly as many rows as it says: returning + new = the people counted now.
 */
export interface EditionComparison {
  /** People in both editions: their registration now and last time. */
  readonly returning: readonly { readonly current: number; readonly previous: number }[];
  /** People registered now and not last time (registration ids of the current edition). */
  readonly new: readonly number[];
  /** People of last time not registered now (registration ids of the previous edition). */
  readonly lapsed: readonly number[];
  /** People counted in each edition. */
  readonly currentCounted: number;
  readonly previousCounted: number;
  /** Per category (matched by name), people last time and now, and the returning among now. */
  readonly categories: readonly EditionCategoryRow[];
}

export interface EditionCategoryRow {
  /** The normalized category name ('' for registrations without a known category). */
  readonly key: string;
  /** The category of each edition under that name, or null when that edition has none. */
  readonly previousCategoryId: number | null;
  readonly currentCategoryId: number | null;
  readonly lastTime: number;
  readonly now: number;
  readonly returning: number;
}

/** What a category needs for matching: its id and French name (always sent; see the API). */
export interface EditionCategory {
  readonly category_id: number;
  readonly epr_nom_fr?: string | null | undefined;
}

export interface EditionSide {
  readonly rows: readonly Registration[];
  readonly categories: readonly EditionCategory[];
}

/** Whether a registration counts in an edition: its status is not one left out. */
export function countsInEdition(registration: Registration): boolean {
  return !isLeftOutStatus(registration.payment_status);
}

/** A person's name as compared: the one rule for the same person ('' for a half name). */
function nameKey(registration: Registration): string {
  return personKey(registration.first_name, registration.last_name);
}

interface Person {
  /** The latest registration of this person in the edition. */
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly categoryId: number | null;
  match: Person | null;
}

/** The people of one edition, by key, their latest registration kept. */
function peopleOf(rows: readonly Registration[], sharedEmails: ReadonlySet<string>): Map<string, Person> {
  const people = new Map<string, Person>();
  for (const row of rows) {
    if (!countsInEdition(row)) continue;
    const email = emailKey(row.email);
    const name = nameKey(row);
    const key =
      email === ''
        ? name === ''
          ? `id:${row.registration_id}`
          : `n:${name}`
        : sharedEmails.has(email)
          ? `e:${email}\u0000${name}`
          : `e:${email}`;
    const known = people.get(key);
    if (known && known.id > row.registration_id) continue;
    people.set(key, {
      id: row.registration_id,
      email,
      name,
      categoryId: row.category_id ?? null,
      match: null,
    });
  }
  return people;
}

/** Addresses used under more than one name in one edition: a family's or a club's. */
function addEmailsWithSeveralNames(rows: readonly Registration[], shared: Set<string>): void {
  const firstName = new Map<string, string>();
  for (const row of rows) {
    if (!countsInEdition(row)) continue;
    const email = emailKey(row.email);
    if (email === '') continue;
    const name = nameKey(row);
    const seen = firstName.get(email);
    if (seen === undefined) firstName.set(email, name);
    else if (seen !== name) shared.add(email);
  }
}

export function compareEditions(current: EditionSide, previous: EditionSide): EditionComparison {
  const shared = new Set<string>();
  addEmailsWithSeveralNames(current.rows, shared);
  addEmailsWithSeveralNames(previous.rows, shared);
  const now = peopleOf(current.rows, shared);
  const before = peopleOf(previous.rows, shared);

  // The same address (and name, where the address is shared).
  for (const [key, person] of now) {
    if (!key.startsWith('e:')) continue;
    const earlier = before.get(key);
    if (earlier) {
      person.match = earlier;
      earlier.match = person;
    }
  }
  // The same name where one side has no address: earliest registrations first, so the pairs
  // do not depend on the order the rows came in.
  const byName = new Map<string, Person[]>();
  for (const person of [...before.values()].sort((a, b) => a.id - b.id)) {
    if (person.match || person.name === '') continue;
    const list = byName.get(person.name);
    if (list) list.push(person);
    else byName.set(person.name, [person]);
  }
  for (const person of [...now.values()].sort((a, b) => a.id - b.id)) {
    if (person.match || person.name === '') continue;
    const candidates = byName.get(person.name);
    const index = candidates?.findIndex((earlier) => person.email === '' || earlier.email === '') ?? -1;
    if (!candidates || index < 0) continue;
    const [earlier] = candidates.splice(index, 1);
    person.match = earlier!;
    earlier!.match = person;
  }

  const returning: { current: number; previous: number }[] = [];
  const added: number[] = [];
  const lapsed: number[] = [];
  for (const person of now.values()) {
    if (person.match) returning.push({ current: person.id, previous: person.match.id });
    else added.push(person.id);
  }
  for (const person of before.values()) if (!person.match) lapsed.push(person.id);
  const ascending = (a: number, b: number) => a - b;
  returning.sort((a, b) => a.current - b.current);
  return {
    returning,
    new: added.sort(ascending),
    lapsed: lapsed.sort(ascending),
    currentCounted: now.size,
    previousCounted: before.size,
    categories: categoryRows(current.categories, previous.categories, now, before),
  };
}

/** Each category name of either edition, in the current edition's order, then the previous one's. */
function categoryRows(
  currentCategories: readonly EditionCategory[],
  previousCategories: readonly EditionCategory[],
  now: ReadonlyMap<string, Person>,
  before: ReadonlyMap<string, Person>,
): EditionCategoryRow[] {
  interface Tally {
    previousCategoryId: number | null;
    currentCategoryId: number | null;
    lastTime: number;
    now: number;
    returning: number;
  }
  const rows = new Map<string, Tally>();
  const tally = (key: string) => {
    let row = rows.get(key);
    if (!row) {
      row = { previousCategoryId: null, currentCategoryId: null, lastTime: 0, now: 0, returning: 0 };
      rows.set(key, row);
    }
    return row;
  };
  const keyOf = (categories: readonly EditionCategory[]) => {
    const keys = new Map<number, string>();
    for (const category of categories) {
      const key = lettersKey(category.epr_nom_fr) || `#${category.category_id}`;
      keys.set(category.category_id, key);
    }
    return keys;
  };
  const currentKeys = keyOf(currentCategories);
  const previousKeys = keyOf(previousCategories);
  for (const category of currentCategories)
    tally(currentKeys.get(category.category_id)!).currentCategoryId ??= category.category_id;
  for (const category of previousCategories)
    tally(previousKeys.get(category.category_id)!).previousCategoryId ??= category.category_id;
  // A registration in a category the list does not name, or in none, is counted under "".
  for (const person of now.values()) {
    const row = tally(person.categoryId === null ? '' : (currentKeys.get(person.categoryId) ?? ''));
    row.now++;
    if (person.match) row.returning++;
  }
  for (const person of before.values())
    tally(person.categoryId === null ? '' : (previousKeys.get(person.categoryId) ?? '')).lastTime++;
  const other = rows.get('');
  rows.delete('');
  // "No category" comes last, and only when someone is in it.
  if (other && (other.now > 0 || other.lastTime > 0)) rows.set('', other);
  return [...rows].map(([key, row]) => ({ key, ...row }));
}
