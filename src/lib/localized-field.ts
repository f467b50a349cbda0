import type { Language } from '@/i18n/languages';

export interface LocalizedText {
  text: string;
  /** The language the text is actually in; differs from the wanted one on fallback. */
  lang: Language;
  isFallback: boolean;
}

type FieldValue = string | null | undefined;

function present(value: FieldValue): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Pick `<base>_fr` or `<base>_en` for the language; when that one is missing, null or blank,
 * fall back to the other and say so, so the UI can mark it with `lang` for screen readers.
 * Returns null when neither exists.
 */
export function pickLocalized(record: object, base: string, language: Language): LocalizedText | null {
  const fields = record as Record<string, unknown>;
  const other: Language = language === 'fr' ? 'en' : 'fr';
  const wanted = fields[`${base}_${language}`];
  if (typeof wanted === 'string' && present(wanted))
    return { text: wanted, lang: language, isFallback: false };
  const fallback = fields[`${base}_${other}`];
  if (typeof fallback === 'string' && present(fallback))
    return { text: fallback, lang: other, isFallback: true };
  return null;
}

/** The plain text of a localized field, for sorting, searching and CSV cells. */
export function localizedText(record: object, base: string, language: Language): string {
  return pickLocalized(record, base, language)?.text ?? '';
}
