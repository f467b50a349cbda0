/**
 * What a group of possible duplicates is: its kinds, in the order they are listed, the group
 * itself, and the count of groups of each kind. Found by duplicateGroups (duplicate-groups.ts).
 */
import type { Registration } from '../api/registration-schemas';

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

/** How many groups of each kind there are. */
export function countDuplicates(groups: readonly DuplicateGroup[]): DuplicateCounts {
  const counts = { likely: 0, possible: 0, 'shared-email': 0 };
  for (const found of groups) counts[found.kind] += 1;
  return counts;
}
