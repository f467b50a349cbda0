const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/**
 * How long ago `then` was, in the language: "3 hours ago", "il y a 3 heures", "yesterday";
 * null under a minute (or a moment in the future: a clock moved back), for "just now".
 */
export function formatAgo(then: number, now: number, locale: string): string | null {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (then > now) return null;
  let value = (then - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size || unit === 'year') {
      if (unit === 'second') return null;
      return format.format(Math.round(value), unit);
    }
    value /= size;
  }
  return null;
}
