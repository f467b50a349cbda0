import type { Registration } from '../loader/schemas';
import { fullName } from '../rows/registration-labels';
import { answerKey } from '../rows/answer-key';

/** Why registrations look like the same person. */
export type DuplicateReason = 'email' | 'name';

/** Registrations of one event that share an e-mail address or a full name. */
export interface DuplicateGroup {
  /** 'email', 'name' or both (when the same registrations share both). */
  readonly reasons: readonly DuplicateReason[];
  readonly eventId: number | null;
  /** The shared address, trimmed and lowercased, when `reasons` has 'email'. */
  readonly email: string | null;
  /** The shared name as the first registration of the group spells it, when `reasons` has 'name'. */
  readonly name: string | null;
  /** Each registration once, in the order of the input. */
  readonly registrations: readonly Registration[];
}

interface Candidate {
  reason: DuplicateReason;
  eventId: number | null;
  members: Registration[];
  /** Ids of the members, made only for a large group (most keys have one registration). */
  ids: Set<number> | null;
}

/** Up to this size a group checks for a repeated registration by scanning its members. */
const SCAN_LIMIT = 16;

function hasMember(candidate: Candidate, id: number): boolean {
  if (candidate.ids) return candidate.ids.has(id);
  return candidate.members.some((member) => member.registration_id === id);
}

function addMember(candidate: Candidate, registration: Registration): void {
  candidate.members.push(registration);
  if (candidate.ids) candidate.ids.add(registration.registration_id);
  else if (candidate.members.length > SCAN_LIMIT)
    candidate.ids = new Set(candidate.members.map((member) => member.registration_id));
}

/**
 * Likely duplicate sign-ups: registrations of the same event with the same e-mail (case and
 * surrounding spaces ignored) or the same first and last name (case, accents and extra
 * spaces ignored, see answerKey). Blank e-mails never match; a name matches only when both
 * parts are present.
 *
 * A group is one shared e-mail or one shared name. When the same registrations share both,
 * they form one group with both reasons rather than two identical groups. A registration
 * can still belong to an e-mail group and to a different name group (a parent's address
 * used for a child, say), but never appears twice in one group, even if the input repeats
 * it. Largest groups first.
 */
export function duplicateGroups(registrations: readonly Registration[]): DuplicateGroup[] {
  const byKey = new Map<string, Candidate>();
  const nameKeys = new Map<string, string>();
  const fold = (text: string) => {
    let key = nameKeys.get(text);
    if (key === undefined) {
      key = answerKey(text);
      nameKeys.set(text, key);
    }
    return key;
  };
  const add = (reason: DuplicateReason, value: string, registration: Registration) => {
    const eventId = registration.event_id ?? null;
    const key = `${reason}\u0001${eventId ?? ''}\u0001${value}`;
    const candidate = byKey.get(key);
    if (!candidate) byKey.set(key, { reason, eventId, members: [registration], ids: null });
    else if (!hasMember(candidate, registration.registration_id)) addMember(candidate, registration);
  };

  for (const registration of registrations) {
    const email = registration.email?.trim().toLowerCase() ?? '';
    if (email !== '') add('email', email, registration);
    const first = fold(registration.first_name ?? '');
    const last = fold(registration.last_name ?? '');
    if (first !== '' && last !== '') add('name', `${first}\u0001${last}`, registration);
  }

  // Same members under an e-mail and a name: one group with both reasons.
  const groups = new Map<string, DuplicateGroup>();
  for (const candidate of byKey.values()) {
    if (candidate.members.length < 2) continue;
    const ids = candidate.members.map((member) => member.registration_id).sort((a, b) => a - b);
    const membersKey = `${candidate.eventId ?? ''}:${ids.join(',')}`;
    const first = candidate.members[0];
    const found = groups.get(membersKey);
    const email = candidate.reason === 'email' ? (first?.email?.trim().toLowerCase() ?? null) : null;
    const name = candidate.reason === 'name' && first ? fullName(first) : null;
    if (found) {
      groups.set(membersKey, {
        ...found,
        reasons: ['email', 'name'],
        email: found.email ?? email,
        name: found.name ?? name,
      });
    } else {
      groups.set(membersKey, {
        reasons: [candidate.reason],
        eventId: candidate.eventId,
        email,
        name,
        registrations: candidate.members,
      });
    }
  }
  return [...groups.values()].sort(
    (a, b) =>
      b.registrations.length - a.registrations.length ||
      b.reasons.length - a.reasons.length ||
      (a.registrations[0]?.registration_id ?? 0) - (b.registrations[0]?.registration_id ?? 0),
  );
}
