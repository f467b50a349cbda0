import { summarizeChanges } from '@/engine/history/changes-since';
import type { RegistrationHistory } from '@/engine/history/registration-history';
import { knownStatus } from '@/engine/api/payment-status';
import type { Registration } from '@/engine/api/registration-schemas';
import type { EventFigures } from './event-figures';

/** An event's figures (event-figures.ts), counted from its whole list and its history. */
export function eventFigures(
  rows: readonly Registration[],
  history: RegistrationHistory | null,
  asOf: Date | null,
): EventFigures {
  let paid = 0;
  let pending = 0;
  for (const row of rows) {
    const status = knownStatus(row.payment_status);
    if (status === 'paid') paid += 1;
    else if (status === 'pending') pending += 1;
  }
  const lastVisit = history?.lastVisit ?? null;
  return {
    total: rows.length,
    paid,
    pending,
    lastVisit,
    newSinceLastVisit:
      history && lastVisit !== null ? summarizeChanges(history, rows, lastVisit).added : null,
    asOf: asOf?.getTime() ?? null,
    // Scanning is not counting: the scan's count comes apart (the background sync, the event page).
    findings: null,
  };
}
