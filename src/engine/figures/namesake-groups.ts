/**
 * The 'likely' and 'possible' groups of the registrations that share one name: one person is
 * the registrations linked by a shared e-mail or order, and a name held by two to MAX_NAMESAKES
 * people is listed for comparison.
 */
import { fullName } from '@/engine/api/full-name';
import { group, type Entry } from './duplicate-entry';
import type { DuplicateGroup } from './duplicate-kinds';

/**
 * A name shared by more separate people than this (different e-mails, different orders) is a
 * common name, not a sign of a duplicate: "Martin Dupont" in 20 orders with 20 addresses is
 * most likely 20 runners. Its 'likely' groups are still listed.
 */
export const MAX_NAMESAKES = 3;

/** Per e-mail and order id, the first namesake seen with it (-1: none); reset after each name. */
export interface FirstWith {
  readonly email: Int32Array;
  readonly order: Int32Array;
}

/** The 'likely' and 'possible' groups of registrations that share one name. */
export function namesakeGroups(
  members: readonly Entry[],
  firstWith: FirstWith,
  into: DuplicateGroup[],
): void {
  // Union-find over the members: a shared e-mail or order makes them one person.
  const parent = new Int32Array(members.length);
  const root = (index: number): number => {
    let at = index;
    while (parent[at] !== at) {
      const up = parent[at]!;
      parent[at] = parent[up]!;
      at = up;
    }
    return at;
  };
  const link = (firstIndex: Int32Array, id: number, index: number) => {
    if (id < 0) return;
    const other = firstIndex[id]!;
    if (other < 0) firstIndex[id] = index;
    else parent[root(index)] = root(other);
  };
  members.forEach((entry, index) => {
    parent[index] = index;
    link(firstWith.email, entry.emailId, index);
    link(firstWith.order, entry.orderId, index);
  });
  for (const entry of members) {
    if (entry.emailId >= 0) firstWith.email[entry.emailId] = -1;
    if (entry.orderId >= 0) firstWith.order[entry.orderId] = -1;
  }

  const people = new Map<number, Entry[]>();
  members.forEach((entry, index) => {
    const at = root(index);
    const person = people.get(at);
    if (person) person.push(entry);
    else people.set(at, [entry]);
  });
  if (people.size === members.length) {
    // No one twice: a possible group, or a common name.
    if (people.size <= MAX_NAMESAKES)
      into.push(group('possible', members, { name: fullName(members[0]!.registration) }));
    return;
  }
  const name = fullName(members[0]!.registration);
  for (const person of people.values()) {
    if (person.length < 2) continue;
    const email = shared(person, (entry) => entry.email);
    const orderId = shared(person, (entry) => entry.order);
    into.push(group('likely', person, { name, email, orderId }));
  }
  if (people.size >= 2 && people.size <= MAX_NAMESAKES) into.push(group('possible', members, { name }));
}

/** The value every entry has, or null when they differ or it is blank. */
function shared(entries: readonly Entry[], valueOf: (entry: Entry) => string) {
  const value = valueOf(entries[0]!);
  return value !== '' && entries.every((entry) => valueOf(entry) === value) ? value : null;
}
