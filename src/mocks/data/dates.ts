/** Calendar helpers in UTC, so the dataset does not shift with the machine's time zone. */

export const DAY_MS = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of a real calendar date written YYYY-MM-DD, or null (2026-02-30 is rejected). */
export function parseIsoDate(value: string): number | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  // Date.UTC silently rolls 02-30 over to 03-02; a round trip catches it.
  return new Date(ms).toISOString().slice(0, 10) === value ? ms : null;
}

export function formatIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  const ms = parseIsoDate(isoDate);
  if (ms === null) throw new Error(`Invalid date: ${isoDate}`);
  return formatIsoDate(ms + days * DAY_MS);
}

/** Today's date in UTC; only used as a default when no reference date is given. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
