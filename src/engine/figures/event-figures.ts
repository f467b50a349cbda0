/**
 * An event's figures as the events list shows them: counted from the event's whole list each
 * time it is complete (a first load, a check for changes, a reopening from the device copy),
 * and kept on the device beside the list, so the events list knows them without reading any
 * registration. They are the event page's own numbers: registrations, paid and pending count
 * the raw payment statuses as its key figures do, and "new" is its "What changed since your
 * last visit" count of new registrations. Counted by count-event-figures.ts; this module is
 * what the events list needs of them (light, for the page's first bundle).
 */
export interface EventFigures {
  readonly total: number;
  /** Registrations whose payment status is `paid`, however written (payment-status). */
  readonly paid: number;
  /** Registrations whose payment status is `pending`, however written. */
  readonly pending: number;
  /**
   * The checkpoint of "since your last visit" (server time, ms) and the registrations new since
   * then; both null on the first visit, which has no checkpoint.
   */
  readonly lastVisit: number | null;
  readonly newSinceLastVisit: number | null;
  /** The server time the list was as of (ms since the epoch); null when the API sent no date. */
  readonly asOf: number | null;
  /**
   * The registrations with a finding of the data doctor still open (not marked fine), as the
   * event page's Checks count them; null until a scan counted them on this device.
   */
  readonly findings: number | null;
}

/** The share of registrations paid, 0 to 1; null for an event without registrations. */
export function paidShare(figures: Pick<EventFigures, 'paid' | 'total'>): number | null {
  return figures.total > 0 ? figures.paid / figures.total : null;
}

export function sameFigures(a: EventFigures, b: EventFigures): boolean {
  return (
    a.total === b.total &&
    a.paid === b.paid &&
    a.pending === b.pending &&
    a.lastVisit === b.lastVisit &&
    a.newSinceLastVisit === b.newSinceLastVisit &&
    a.asOf === b.asOf &&
    a.findings === b.findings
  );
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * Figures read back from the device (or another tab): null unless every field is there and
 * sound, and the counts add up (paid and pending never exceed the total). Never throws.
 */
export function parseEventFigures(value: unknown): EventFigures | null {
  if (typeof value !== 'object' || value === null) return null;
  const { total, paid, pending, lastVisit, newSinceLastVisit, asOf, findings } = value as Record<
    string,
    unknown
  >;
  if (!isCount(total) || !isCount(paid) || !isCount(pending) || paid + pending > total) return null;
  if (!(lastVisit === null || isTime(lastVisit)) || !(asOf === null || isTime(asOf))) return null;
  if (!(newSinceLastVisit === null || (isCount(newSinceLastVisit) && newSinceLastVisit <= total)))
    return null;
  if ((lastVisit === null) !== (newSinceLastVisit === null)) return null;
  // Figures kept before the data doctor have no count: not counted yet, never 0.
  const counted = isCount(findings) && findings <= total ? findings : null;
  return { total, paid, pending, lastVisit, newSinceLastVisit, asOf, findings: counted };
}

/** Several events' figures added up; `counted`: how many of the `events` had figures. */
export interface FiguresTotal {
  readonly events: number;
  readonly counted: number;
  readonly total: number;
  readonly paid: number;
}

/** Adds up the figures known (an event not counted yet adds nothing, and is not counted). */
export function sumFigures(list: readonly (EventFigures | null | undefined)[]): FiguresTotal {
  let counted = 0;
  let total = 0;
  let paid = 0;
  for (const figures of list) {
    if (!figures) continue;
    counted += 1;
    total += figures.total;
    paid += figures.paid;
  }
  return { events: list.length, counted, total, paid };
}
