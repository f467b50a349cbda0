import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language } from './languages';

/** The current UI language as `fr` | `en`, re-rendering on change. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return currentLanguage(i18n);
}
