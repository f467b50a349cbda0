import type { Registration } from '../api/registration-schemas';
import { emailKey, personKey } from '@/lib/text-keys';
import { group, type Entry } from './duplicate-entry';
import type { DuplicateGroup, DuplicateKind } from './duplicate-kinds';
import { namesakeGroups, type FirstWith } from './namesake-groups';
import { differentOrdersAndNames } from './shared-email-groups';

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
 * One pass to index, then work per name and per address: linear in the registrations. The
 * groups of a name (1 and 2): namesake-groups.ts; of an address (3): shared-email-groups.ts.
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

const RANK: Readonly<Record<DuplicateKind, number>> = { likely: 0, possible: 1, 'shared-email': 2 };

function compareGroups(a: DuplicateGroup, b: DuplicateGroup): number {
  const size = a.registrations.length - b.registrations.length;
  return (
    RANK[a.kind] - RANK[b.kind] ||
    size ||
    (a.registrations[0]?.registration_id ?? 0) - (b.registrations[0]?.registration_id ?? 0)
  );
}
