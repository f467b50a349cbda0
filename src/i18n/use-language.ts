import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from './languages';

/** The current UI language as `fr` | `en`, re-rendering on change. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}
