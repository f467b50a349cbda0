/**
 * A registration as the duplicate rules compare it (Entry: its name, e-mail and order as keys),
 * and a group made of such entries, with its identity.
 */
import type { Registration } from '../api/registration-schemas';
import type { DuplicateGroup, DuplicateKind } from './duplicate-kinds';

/** A registration with what it is compared by, each '' when blank (or half a name). */
export interface Entry {
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

/** The group of these entries: its identity, its event, the shared values it names. */
export function group(
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
