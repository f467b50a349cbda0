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
