const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count with the language's digit grouping: 25,000 in English, 25 000 in French. */
export function formatCount(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/**
 * A share (0 to 1) as a percentage with at most one decimal, in the language's style:
 * "12.5%" in English, "12,5 %" in French (with the no-break space Intl puts before the sign).
 */
export function formatPercent(share: number, locale: string): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    percentFormats.set(locale, format);
  }
  return format.format(share);
}

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
