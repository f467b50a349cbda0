import i18n, { type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_ITEM, SUPPORTED_LANGUAGES, toLanguage } from './languages';
import { defaultNS, namespaces, resources } from './resources';

/**
 * First visit follows the browser; an explicit choice is remembered in localStorage.
 * Resources are bundled (a few KB) so the first paint is already translated.
 * (detectPageLanguage in languages.ts reads the same choice before i18next has loaded.)
 */
export const i18nOptions = {
  resources,
  ns: namespaces,
  defaultNS,
  supportedLngs: SUPPORTED_LANGUAGES,
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes.
  returnNull: false,
  detection: {
    order: ['localStorage', 'navigator'],
    lookupLocalStorage: LANGUAGE_STORAGE_ITEM,
    caches: ['localStorage'],
  },
} satisfies InitOptions;

void i18n.use(LanguageDetector).use(initReactI18next).init(i18nOptions);

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(lng);
}
syncDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export default i18n;
