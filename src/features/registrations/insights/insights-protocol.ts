import type { Category } from '@/features/events/api/schemas';
import type { Registration } from '../loader/schemas';
import type { DuplicateGroup } from './duplicate-groups';
import type { EventInsights, InsightsOptions } from './event-insights';
import type { OrderGroup } from './order-groups';

/**
 * The messages between the page and the insights worker. The worker keeps its own copy of
 * each event's registrations, sent once and then only the rows a load appended, so asking
 * for figures costs a message of a few numbers, never 100,000 rows.
 */
export type InsightsRequest =
  /** Rows of an event from position `from` on: what the worker held from there is replaced. */
  | {
      readonly type: 'rows';
      readonly eventId: number;
      readonly from: number;
      readonly rows: readonly Registration[];
    }
  /**
   * Figures of an event's `expected` first rows (all of them, or the registrations whose ids
   * are in `scope`). Answered with an error when the worker does not hold exactly `expected`
   * rows: the page then sends the rows again.
   */
  | {
      readonly type: 'compute';
      readonly id: number;
      readonly eventId: number;
      readonly expected: number;
      readonly categories: readonly Category[];
      readonly scope: Int32Array | null;
      readonly options: InsightsOptions;
    }
  /** Drop the rows of one event, or of every event (sign-out). */
  | { readonly type: 'forget'; readonly eventId: number | null };

export type InsightsResponse =
  { readonly id: number; readonly insights: WireInsights } | { readonly id: number; readonly error: string };

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
