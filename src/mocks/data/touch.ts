import type { RawRegistration } from './types';

/** One recorded call to touchRegistrations(). */
export interface TouchRecord {
  eventId: number;
  count: number;
  /** ISO timestamp written to updated_at. */
  at: string;
}

/**
 * Applies a touch to one event's registration list, in place, and returns the touched ids.
 * Deterministic: the lowest-id 'pending' registrations become 'paid' (a payment arriving);
 * if there are not enough of them, the lowest-id registrations not yet stamped with this
 * timestamp just get a new updated_at (an edited answer, say).
 */
export function applyTouch(list: RawRegistration[], touch: TouchRecord): number[] {
  const touched: number[] = [];
  for (const registration of list) {
    if (touched.length >= touch.count) break;
    if (registration.payment_status !== 'pending') continue;
    registration.payment_status = 'paid';
    registration.updated_at = touch.at;
    touched.push(registration.registration_id);
  }
  for (const registration of list) {
    if (touched.length >= touch.count) break;
    if (registration.updated_at === touch.at) continue;
    registration.updated_at = touch.at;
    touched.push(registration.registration_id);
  }
  return touched;
}
