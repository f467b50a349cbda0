export const SUPPORTED_LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Where the visitor's explicit choice is remembered (a preference, not personal data). */
export const LANGUAGE_STORAGE_ITEM = 'promoter-dashboard.language';

export function toLanguage(value: string | undefined | null): Language {
  const base = (value ?? '').toLowerCase().split('-')[0];
  return base === 'fr' ? 'fr' : 'en';
}

/** The language an i18next instance shows now (the one it resolved, else the one asked). */
export function currentLanguage(i18n: { resolvedLanguage?: string; language: string }): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * The language the app starts in: the stored choice, else the browser's first supported
 * language, else English. Read without i18next: the page's entry sets the page's `lang` with
 * it and makes the language's formats while the app's code downloads; i18n/index.ts starts
 * i18next in it. Never throws.
 */
export function detectPageLanguage(): Language {
  const candidates: string[] = [];
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_ITEM);
    if (stored) candidates.push(stored);
  } catch {
    // Storage disabled: the browser's languages decide, as for i18next.
  }
  candidates.push(...(navigator.languages ?? []), navigator.language ?? '');
  for (const candidate of candidates) {
    const base = candidate.toLowerCase().split('-')[0];
    const supported = SUPPORTED_LANGUAGES.find((language) => language === base);
    if (supported) return supported;
  }
  return 'en';
}
