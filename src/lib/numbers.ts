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
