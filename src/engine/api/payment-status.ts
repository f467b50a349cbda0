import type { Language } from '@/i18n/languages';
import { boundedMemo } from '@/lib/bounded-memo';
import { answerKey } from '@/lib/text-keys';

/**
 * The one place where a payment status is read. The API document does not list the values of
 * payment_status; the app knows the five below, and everything that names, colours, counts or
 * leaves out a status takes it from here:
 *
 * - **One comparison**: a status is compared by its key (paymentStatusKey): case, accents and
 *   spaces ignored, so " Cancelled ", "CANCELLED" and "cancelled" are one status, named,
 *   coloured and left out alike.
 * - **One list of left-out statuses**: cancelled and refunded registrations are left out of the
 *   check-in list and the label sheets (when the promoter asks, as they do by default), of both
 *   editions' figures and of the mailing hand-off (copied addresses and the audience CSV).
 * - **French forms are not in the list**: the API sends codes, not the app's own French labels,
 *   so "annulé" or "remboursé" would be a guess; a guess that leaves people out drops them from a
 *   check-in list unseen. Such a value is an unknown status like any other.
 * - **An unknown status is never left out**: a status the app does not know ("on hold",
 *   "chargeback", "Annulé") is kept, shown as sent, and counted apart, so each screen that
 *   leaves registrations out can say which ones it kept (tallyStatuses).
 */

/** The payment statuses the app knows, in the order menus show them. */
export const KNOWN_STATUSES = ['paid', 'pending', 'free', 'refunded', 'cancelled'] as const;
export type KnownStatus = (typeof KNOWN_STATUSES)[number];

/** The statuses left out wherever registrations are left out for their status. */
export const LEFT_OUT_STATUSES: readonly KnownStatus[] = ['cancelled', 'refunded'];

const KNOWN: ReadonlySet<string> = new Set(KNOWN_STATUSES);
const LEFT_OUT: ReadonlySet<string> = new Set(LEFT_OUT_STATUSES);

/**
 * A status as it is compared: folded, its spaces made single and trimmed; '' for none. Every
 * row of a list asks for its status's key (its cells, counts, filters), and the same few statuses
 * come back on all of them: each is folded once. An event has a handful of statuses; the bound
 * keeps an API that sends free text from growing the memo.
 */
export function paymentStatusKey(status: string | null | undefined): string {
  return statusKey(status ?? '');
}

const statusKey = boundedMemo(256, answerKey);

/** The known status this value is ("Cancelled " is 'cancelled'); null for none or an unknown one. */
export function knownStatus(status: string | null | undefined): KnownStatus | null {
  const key = paymentStatusKey(status);
  return KNOWN.has(key) ? (key as KnownStatus) : null;
}

/** Whether a registration with this status is left out: only the statuses of LEFT_OUT_STATUSES. */
export function isLeftOutStatus(status: string | null | undefined): boolean {
  return LEFT_OUT.has(paymentStatusKey(status));
}

/** A status that is there but is not one the app knows: kept, and said. */
export function isUnknownStatus(status: string | null | undefined): boolean {
  const key = paymentStatusKey(status);
  return key !== '' && !KNOWN.has(key);
}

/** What leaving out by status does to some registrations. */
export interface StatusTally {
  /** How many have a left-out status. */
  readonly leftOut: number;
  /** How many have a status the app does not know (kept). */
  readonly unknown: number;
  /** Those unknown statuses, each once (by key) as first sent, in the order met. */
  readonly unknownStatuses: readonly string[];
}

/** How many of `items` are left out for their status, and which unknown statuses are kept. */
export function tallyStatuses<Item>(
  items: readonly Item[],
  statusOf: (item: Item) => string | null | undefined,
): StatusTally {
  let leftOut = 0;
  let unknown = 0;
  const unknownStatuses = new Map<string, string>();
  // The same few statuses come back on every row: each is folded once.
  const keys = new Map<string, string>();
  for (const item of items) {
    const status = statusOf(item) ?? '';
    let key = keys.get(status);
    if (key === undefined) keys.set(status, (key = paymentStatusKey(status)));
    if (LEFT_OUT.has(key)) leftOut += 1;
    else if (key !== '' && !KNOWN.has(key)) {
      unknown += 1;
      if (!unknownStatuses.has(key)) unknownStatuses.set(key, status.trim());
    }
  }
  return { leftOut, unknown, unknownStatuses: [...unknownStatuses.values()] };
}

/**
 * The left-out statuses named for a sentence, by the labels' own names: "Cancelled or
 * Refunded", "Annulé ou Remboursé". `statusLabel` is RegistrationLabels.status.
 */
export function leftOutStatusNames(statusLabel: (status: string) => string, language: Language): string {
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(LEFT_OUT_STATUSES.map(statusLabel));
}

/** Unknown statuses named in a sentence: a few, as sent, then "…" when there are more. */
const UNKNOWN_NAMED = 5;

/** Statuses as sent, for a sentence: "on hold, chargeback", at most UNKNOWN_NAMED, then "…". */
export function statusValuesText(statuses: readonly string[]): string {
  const named = statuses.slice(0, UNKNOWN_NAMED).join(', ');
  return statuses.length > UNKNOWN_NAMED ? `${named}, …` : named;
}
