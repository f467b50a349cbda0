/**
 * When the registrations sharing an e-mail address are a 'shared-email' group: the address is
 * used in two orders with no name in common.
 */
import type { Entry } from './duplicate-entry';

/** More orders than this on one address: shared by different people without a doubt. */
const MAX_ORDERS_COMPARED = 64;

/**
 * Whether the address is used in two orders that have no name in common. Inside an order,
 * sharing an address is a family or a team; an order that also holds a name of the other
 * order is that person coming back (a 'likely' group says so). A blank order or name is
 * unlike every other.
 */
export function differentOrdersAndNames(entries: readonly Entry[]): boolean {
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
