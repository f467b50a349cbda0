const byteFormats = new Map<string, Map<string, Intl.NumberFormat>>();

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size on disk in the language's units: "12.3 MB" in English, "12,3 Mo" in French (1 kB = 1,000 bytes). */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const name = UNITS[unit]!;
  let formats = byteFormats.get(locale);
  if (!formats) byteFormats.set(locale, (formats = new Map<string, Intl.NumberFormat>()));
  let format = formats.get(name);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
    });
    formats.set(name, format);
  }
  // The number and its unit never part at a line end ("11 GB"): English Intl puts a plain space.
  return format
    .format(unit > 0 && value < 10 ? Math.round(value * 10) / 10 : Math.round(value))
    .replace(' ', '\u00a0');
}

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
