import fc from 'fast-check';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { i18nOptions } from './index';
import { detectPageLanguage, LANGUAGE_STORAGE_ITEM } from './languages';

/** The language a fresh i18next, set up as the app's, resolves to. */
function i18nextLanguage(): string | undefined {
  const instance = i18next.createInstance();
  void instance
    .use(LanguageDetector)
    .init({ ...i18nOptions, detection: { ...i18nOptions.detection, caches: [] } });
  return instance.resolvedLanguage;
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('detectPageLanguage: the language the page starts in, before i18next has loaded', () => {
  it('agrees with i18next for any stored choice and browser languages', () => {
    const tag = fc.oneof(
      fc.constantFrom('fr', 'en', 'FR-ca', 'en-GB', 'fr-FR', 'de', 'de-CH', 'es', 'zh-Hant-TW', 'frr', ''),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.option(tag, { nil: null }), fc.array(tag, { maxLength: 4 }), (stored, browser) => {
        localStorage.clear();
        if (stored !== null) localStorage.setItem(LANGUAGE_STORAGE_ITEM, stored);
        vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
        vi.spyOn(navigator, 'language', 'get').mockReturnValue(browser[0] ?? '');
        expect(detectPageLanguage()).toBe(i18nextLanguage());
      }),
      { numRuns: 300 },
    );
  });
});
