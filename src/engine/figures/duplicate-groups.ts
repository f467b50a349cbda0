import type { Registration } from '../api/registration-schemas';
import { fullName } from '../api/registration-schemas';
import { emailKey, personKey } from '@/lib/text-keys';

/**
 * How likely a group is one person registered more than once, most likely first:
 * - 'likely': the same name, and the same e-mail or the same order;
 * - 'possible': the same name, but different e-mails in different orders;
 * - 'shared-email': one e-mail address used in different orders under different names.
 */
export type DuplicateKind = 'likely' | 'possible' | 'shared-email';

/** The kinds in the order the groups are listed. */
export const DUPLICATE_KINDS: readonly DuplicateKind[] = ['likely', 'possible', 'shared-email'];

/** Registrations of one event that may be one person registered more than once. */
export interface DuplicateGroup {
  readonly kind: DuplicateKind;
  /**
   * The group's identity: its kind and its registration ids, ascending. A group that gains
   * or loses a registration is a new group (so a dismissed one comes back when it changes).
   */
  readonly key: string;
  readonly eventId: number | null;
  /** The shared name as the group's first registration spells it ('likely' and 'possible'). */
  readonly name: string | null;
  /**
   * The shared address as the app compares addresses (lib/text-keys emailKey: trimmed, case and
   * Unicode form ignored): of every 'shared-email' group, and of a 'likely' group whose
   * registrations all have it.
   */
  readonly email: string | null;
  /** The shared order, for a 'likely' group whose registrations are all in it. */
  readonly orderId: string | null;
  /** Each registration once, in the order of the input. */
  readonly registrations: readonly Registration[];
}

/** How many groups of each kind. */
export type DuplicateCounts = Readonly<Record<DuplicateKind, number>>;

/**
 * A name shared by more separate people than this (different e-mails, different orders) is a
 * common name, not a sign of a duplicate: "Martin Dupont" in 20 orders with 20 addresses is
 * most likely 20 runners. Its 'likely' groups are still listed.
 */
export const MAX_NAMESAKES = 3;

/**
 * Possible duplicate sign-ups of an event, ranked:
 *
 * 1. Registrations are grouped by name, by the app's one rule for the same person
 *    (lib/text-keys personKey: first and last name both present; case, accents, ligatures,
 *    spaces and punctuation ignored; first and last name swapped, or split differently between
 *    the two, the same name). Within a name, registrations with the same e-mail (lib/text-keys
 *    emailKey, the one rule for the same address) or the same order are one person: each such
 *    set of two registrations or more is a 'likely' group (linked step by step: A and B share
 *    an e-mail, B and C an order, all three are one group).
 * 2. When a name is left with two to MAX_NAMESAKES such separate people (different e-mails in
 *    different orders), all its registrations form one 'possible' group, so they can be
 *    compared side by side. More separate people than that: a common name, not listed.
 * 3. Registrations sharing an e-mail form a 'shared-email' group when the address is used
 *    in two orders with no name in common: the same person under another spelling, or a
 *    parent's address reused. An address shared inside one order only (a family, a team)
 *    is not a duplicate and is not listed, nor one person's address used again by that
 *    person, even with their family in the second order (that is a 'likely' group).
 *
 * Blank e-mails, blank orders and half names never link registrations. Registrations of
 * different events never group. A registration repeated in the input counts once. Likely
 * groups come first, then possible, then shared e-mail; within a kind the smallest first (two
 * registrations alike are the classic double sign-up; twenty under one name and address are
 * more often one buyer registering a team under their own name); ties by first registration id.
 *
 * One pass to index, then work per name and per address: linear in the registrations.
 */
export function duplicateGroups(registrations: readonly Registration[]): DuplicateGroup[] {
  const keyOf = cachedPersonKey();
  // Keyed by strings made once per different name or address, never by a string built per
  // registration: 100,000 registrations would hash 100,000 new strings.
  const events = new Map<number | null, EventIndex>();
  const nameGroups: Entry[][] = [];
  // E-mails as small numbers, one per address of an event: their registrations at that index.
  const emailGroups: Entry[][] = [];
  // Orders as small numbers: comparing namesakes then indexes arrays, not strings.
  const orderIds = new Map<string, number>();

  let index: EventIndex | undefined;
  let indexOf: number | null | undefined;
  for (const registration of registrations) {
    const eventId = registration.event_id ?? null;
    if (!index || eventId !== indexOf) {
      indexOf = eventId;
      index = events.get(eventId);
      if (!index) events.set(eventId, (index = { ids: new Set(), names: new Map(), emails: new Map() }));
    }
    // A registration repeated in the input counts once.
    if (index.ids.has(registration.registration_id)) continue;
    index.ids.add(registration.registration_id);
    const name = keyOf(registration.first_name ?? '', registration.last_name ?? '');
    const email = keyOf.email(registration.email ?? '');
    const order = registration.order_id?.trim() ?? '';
    let emailId = -1;
    if (email !== '') {
      emailId = index.emails.get(email) ?? -1;
      if (emailId < 0) {
        emailId = emailGroups.length;
        index.emails.set(email, emailId);
        emailGroups.push([]);
      }
    }
    let orderId = -1;
    if (order !== '') {
      orderId = orderIds.get(order) ?? -1;
      if (orderId < 0) orderIds.set(order, (orderId = orderIds.size));
    }
    const entry: Entry = {
      registration,
      name,
      email,
      order,
      emailId,
      orderId,
    };
    if (name !== '') {
      const namesakes = index.names.get(name);
      if (namesakes) namesakes.push(entry);
      else {
        const created = [entry];
        index.names.set(name, created);
        nameGroups.push(created);
      }
    }
    if (emailId >= 0) emailGroups[emailId]!.push(entry);
  }

  const groups: DuplicateGroup[] = [];
  const firstWith: FirstWith = {
    email: new Int32Array(emailGroups.length).fill(-1),
    order: new Int32Array(orderIds.size).fill(-1),
  };
  for (const members of nameGroups) if (members.length > 1) namesakeGroups(members, firstWith, groups);
  for (const members of emailGroups) {
    if (members.length > 1 && differentOrdersAndNames(members)) {
      groups.push(group('shared-email', members, { email: members[0]!.email }));
    }
  }
  return groups.sort(compareGroups);
}

/** One event's registrations seen so far, its names (person keys) and its e-mails. */
interface EventIndex {
  readonly ids: Set<number>;
  readonly names: Map<string, Entry[]>;
  readonly emails: Map<string, number>;
}

/**
 * personKey and emailKey remembered per text as sent: the same first names, last names and
 * addresses come back many times, and each key is then one string, made once. One cache per
 * computation, so nothing outlives it.
 */
function cachedPersonKey() {
  const names = new Map<string, Map<string, string>>();
  const emails = new Map<string, string>();
  const keyOf = (first: string, last: string): string => {
    let lasts = names.get(first);
    if (!lasts) names.set(first, (lasts = new Map<string, string>()));
    let key = lasts.get(last);
    if (key === undefined) lasts.set(last, (key = personKey(first, last)));
    return key;
  };
  keyOf.email = (email: string): string => {
    let key = emails.get(email);
    if (key === undefined) emails.set(email, (key = emailKey(email)));
    return key;
  };
  return keyOf;
}

/** Per e-mail and order id, the first namesake seen with it (-1: none); reset after each name. */
interface FirstWith {
  readonly email: Int32Array;
  readonly order: Int32Array;
}

/** How many groups of each kind there are. */
export function countDuplicates(groups: readonly DuplicateGroup[]): DuplicateCounts {
  const counts = { likely: 0, possible: 0, 'shared-email': 0 };
  for (const found of groups) counts[found.kind] += 1;
  return counts;
}

/** A registration with what it is compared by, each '' when blank (or half a name). */
interface Entry {
  readonly registration: Registration;
  /** The person key of the first and last name (lib/text-keys personKey). */
  readonly name: string;
  /** The address's key (lib/text-keys emailKey). */
  readonly email: string;
  /** Trimmed. */
  readonly order: string;
  /** The e-mail (in its event) and the order as numbers, -1 when blank. */
  readonly emailId: number;
  readonly orderId: number;
}

/** The 'likely' and 'possible' groups of registrations that share one name. */
function namesakeGroups(members: readonly Entry[], firstWith: FirstWith, into: DuplicateGroup[]): void {
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

/** More orders than this on one address: shared by different people without a doubt. */
const MAX_ORDERS_COMPARED = 64;

/**
 * Whether the address is used in two orders that have no name in common. Inside an order,
 * sharing an address is a family or a team; an order that also holds a name of the other
 * order is that person coming back (a 'likely' group says so). A blank order or name is
 * unlike every other.
 */
function differentOrdersAndNames(entries: readonly Entry[]): boolean {
  const firstOrder = entries[0]!.orderId;
  // Most addresses are one person's, or one family's inside one order.
  if (firstOrder >= 0 && entries.every((entry) => entry.orderId === firstOrder)) return false;
  const orders = new Map<string, Set<string>>();
  entries.forEach((entry, index) => {
    const order = entry.order || `\u0001${index}`;
    const name = entry.name || `\u0001${index}`;
    const names = orders.get(order);
    if (names) names.add(name);
    else orders.set(order, new Set([name]));
  });
  if (orders.size > MAX_ORDERS_COMPARED) return true;
  const sets = [...orders.values()];
  for (let a = 0; a < sets.length; a++) {
    for (let b = a + 1; b < sets.length; b++) {
      if (![...sets[a]!].some((name) => sets[b]!.has(name))) return true;
    }
  }
  return false;
}

function group(
  kind: DuplicateKind,
  entries: readonly Entry[],
  {
    name = null,
    email = null,
    orderId = null,
  }: { name?: string | null; email?: string | null; orderId?: string | null },
): DuplicateGroup {
  const registrations = entries.map((entry) => entry.registration);
  const ids = registrations.map((registration) => registration.registration_id).sort((a, b) => a - b);
  return {
    kind,
    key: duplicateGroupKey(kind, ids),
    eventId: registrations[0]?.event_id ?? null,
    name,
    email,
    orderId,
    registrations,
  };
}

/** A group's identity: kind and ascending registration ids ("likely:12,40"). No personal data. */
function duplicateGroupKey(kind: DuplicateKind, ascendingIds: readonly number[]): string {
  return `${kind}:${ascendingIds.join(',')}`;
}

const RANK: Readonly<Record<DuplicateKind, number>> = { likely: 0, possible: 1, 'shared-email': 2 };

function compareGroups(a: DuplicateGroup, b: DuplicateGroup): number {
  const size = a.registrations.length - b.registrations.length;
  return (
    RANK[a.kind] - RANK[b.kind] ||
    size ||
    (a.registrations[0]?.registration_id ?? 0) - (b.registrations[0]?.registration_id ?? 0)
  );
}
