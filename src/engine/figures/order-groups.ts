import type { Registration } from '../api/registration-schemas';
import { increment, StatusCounter, type StatusCount } from './status-counts';

/** The people of one order (a family, a club entering together). */
export interface OrderGroup {
  /** The order reference as sent, without surrounding spaces. */
  readonly orderId: string;
  /** In the order of the input. */
  readonly registrations: readonly Registration[];
  /** Distinct categories of the order, first seen first; null: a registration without one. */
  readonly categoryIds: readonly (number | null)[];
  /** The mix of payment statuses in the order, most frequent first ('' = no status). */
  readonly statuses: readonly StatusCount[];
}

export interface OrderSizeCount {
  /** People in the order. */
  readonly size: number;
  /** Orders of that size. */
  readonly orders: number;
}

export interface OrderSummary {
  /** Every order, one person or more. */
  readonly count: number;
  /**
   * The orders of two people or more (families, clubs), largest first; equal sizes by order
   * reference, so the list is stable. Orders of one person are only counted: listing tens of
   * thousands of them would tell nothing and cost the page its memory.
   */
  readonly orders: readonly OrderGroup[];
  /** Registrations with a null, absent or blank order reference: not grouped. */
  readonly withoutOrder: number;
  /** How many orders have 1, 2, 3… people, by ascending size. */
  readonly sizes: readonly OrderSizeCount[];
}

/** Registrations grouped by order_id, in one pass plus a sort of the orders. */
export function orderGroups(registrations: readonly Registration[]): OrderSummary {
  const groups = new Map<string, Registration[]>();
  let withoutOrder = 0;
  for (const registration of registrations) {
    const orderId = registration.order_id?.trim() ?? '';
    if (orderId === '') {
      withoutOrder += 1;
      continue;
    }
    const members = groups.get(orderId);
    if (members) members.push(registration);
    else groups.set(orderId, [registration]);
  }

  const orders: OrderGroup[] = [];
  const sizes = new Map<number, number>();
  for (const [orderId, members] of groups) {
    increment(sizes, members.length);
    // Most orders are one person: counted in `sizes`, not listed.
    if (members.length < 2) continue;
    const statuses = new StatusCounter();
    const categoryIds = new Set<number | null>();
    for (const member of members) {
      statuses.add(member.payment_status);
      categoryIds.add(member.category_id ?? null);
    }
    orders.push({
      orderId,
      registrations: members,
      categoryIds: [...categoryIds],
      statuses: statuses.sorted(),
    });
  }
  orders.sort(
    (a, b) =>
      b.registrations.length - a.registrations.length ||
      (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0),
  );
  return {
    count: groups.size,
    orders,
    withoutOrder,
    sizes: [...sizes].map(([size, count]) => ({ size, orders: count })).sort((a, b) => a.size - b.size),
  };
}
