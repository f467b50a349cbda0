import type { Registration } from '../api/registration-schemas';
import type { DuplicateGroup } from './duplicate-kinds';
import type { EventInsights } from './event-insights';
import type { OrderGroup } from './order-groups';

/** Registrations travel back as ids: the page holds the objects already. */
interface WireOrderGroup extends Omit<OrderGroup, 'registrations'> {
  readonly registrationIds: readonly number[];
}
interface WireDuplicateGroup extends Omit<DuplicateGroup, 'registrations'> {
  readonly registrationIds: readonly number[];
}
export interface WireInsights extends Omit<EventInsights, 'orders' | 'duplicates'> {
  readonly orders: Omit<EventInsights['orders'], 'orders'> & { readonly orders: readonly WireOrderGroup[] };
  readonly duplicates: readonly WireDuplicateGroup[];
}

const ids = (registrations: readonly Registration[]) => registrations.map((r) => r.registration_id);

export function toWire(insights: EventInsights): WireInsights {
  return {
    ...insights,
    orders: {
      ...insights.orders,
      orders: insights.orders.orders.map(({ registrations, ...group }) => ({
        ...group,
        registrationIds: ids(registrations),
      })),
    },
    duplicates: insights.duplicates.map(({ registrations, ...group }) => ({
      ...group,
      registrationIds: ids(registrations),
    })),
  };
}

/**
 * The figures with the page's own registration objects put back. An id the page does not
 * hold (it cannot happen while the rows match) is left out rather than shown as a blank row.
 */
export function fromWire(wire: WireInsights, byId: ReadonlyMap<number, Registration>): EventInsights {
  const members = (registrationIds: readonly number[]) => {
    const found: Registration[] = [];
    for (const id of registrationIds) {
      const registration = byId.get(id);
      if (registration) found.push(registration);
    }
    return found;
  };
  return {
    ...wire,
    orders: {
      ...wire.orders,
      orders: wire.orders.orders.map(({ registrationIds, ...group }) => ({
        ...group,
        registrations: members(registrationIds),
      })),
    },
    duplicates: wire.duplicates.map(({ registrationIds, ...group }) => ({
      ...group,
      registrations: members(registrationIds),
    })),
  };
}
