/**
 * API dates are calendar dates (YYYY-MM-DD), not instants. `new Date('2026-05-01')` is UTC
 * midnight and shows as 30 April west of Greenwich, so they are parsed as local dates and
 * formatted with Intl in the user's language.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** A local-midnight Date for `YYYY-MM-DD` (a trailing time part is ignored), or null. */
export function parseCalendarDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Number(y), Number(m) - 1, Number(d));
  // Reject 2026-02-31 and friends rather than rolling over to March.
  if (date.getFullYear() !== Number(y) || date.getMonth() !== Number(m) - 1 || date.getDate() !== Number(d))
    return null;
  return date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, cached);
  }
  return cached;
}

/** "1 May 2026" / "1 mai 2026"; the raw text when it is not a calendar date. */
export function formatCalendarDate(
  value: string | null | undefined,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const date = parseCalendarDate(value);
  if (!date) return value ?? '';
  return formatter(locale, options).format(date);
}

/** Today as `YYYY-MM-DD` in the user's time zone. */
export function todayCalendarDate(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Format an instant (a sync time, a server date) with date and time. */
export function formatInstant(date: Date, locale: string): string {
  return formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
