import { useLanguage } from '@/i18n/use-language';
import { pickLocalized } from '@/lib/localized-field';

interface LocalizedTextProps {
  record: object;
  /** Field name without its suffix: `eve_lieu` reads `eve_lieu_fr` / `eve_lieu_en`. */
  field: string;
  /** Shown when neither language has a value. */
  empty?: string;
}

/**
 * A bilingual API field in the current language. Fallback text carries its own `lang`
 * so screen readers pronounce French as French on an English screen, and vice versa.
 */
export function LocalizedText({ record, field, empty = '—' }: LocalizedTextProps) {
  const picked = pickLocalized(record, field, useLanguage());
  if (!picked) return <span className="muted">{empty}</span>;
  return picked.isFallback ? <span lang={picked.lang}>{picked.text}</span> : <>{picked.text}</>;
}
