import fc from 'fast-check';
import { detectPageLanguage, LANGUAGE_STORAGE_ITEM, SUPPORTED_LANGUAGES } from './languages';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const base = (tag: string) => tag.toLowerCase().split('-')[0] ?? '';
const supported = (tag: string) => (SUPPORTED_LANGUAGES as readonly string[]).includes(base(tag));

describe('detectPageLanguage: the language the app starts in', () => {
  const tag = fc.oneof(
    fc.constantFrom('fr', 'en', 'FR-ca', 'en-GB', 'fr-FR', 'de', 'de-CH', 'es', 'zh-Hant-TW', 'frr', ''),
    fc.string({ maxLength: 8 }),
  );

  it('is the stored choice when it is a language of the app, else the browser’s first one, else English', () => {
    fc.assert(
      fc.property(fc.option(tag, { nil: null }), fc.array(tag, { maxLength: 4 }), (stored, browser) => {
        localStorage.clear();
        if (stored !== null) localStorage.setItem(LANGUAGE_STORAGE_ITEM, stored);
        vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
        vi.spyOn(navigator, 'language', 'get').mockReturnValue(browser[0] ?? '');
        const expected = [stored ?? '', ...browser].find(supported);
        expect(detectPageLanguage()).toBe(expected ? base(expected) : 'en');
      }),
      { numRuns: 300 },
    );
  });

  it('follows the browser when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-CH', 'fr-CA']);
    expect(detectPageLanguage()).toBe('fr');
  });
});
