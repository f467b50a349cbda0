import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectPageLanguage, LANGUAGE_STORAGE_ITEM, SUPPORTED_LANGUAGES, toLanguage } from './languages';
import { defaultNS, namespaces, resources } from './resources';

/**
 * First visit follows the browser; an explicit choice is remembered in localStorage. One rule
 * picks the language (detectPageLanguage), read by the page's entry before i18next has loaded
 * and here. Resources are bundled (a few KB) so the first paint is already translated.
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
} satisfies InitOptions;

void i18n.use(initReactI18next).init({ ...i18nOptions, lng: detectPageLanguage() });

function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(lng);
}

/** A language the promoter switched to is the next visit's too. */
function rememberLanguage(lng: string) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_ITEM, toLanguage(lng));
  } catch {
    // Storage disabled: the next visit follows the browser again.
  }
}
syncDocumentLanguage(i18n.resolvedLanguage ?? i18n.language);
i18n.on('languageChanged', (lng) => {
  syncDocumentLanguage(lng);
  rememberLanguage(lng);
});

export default i18n;
