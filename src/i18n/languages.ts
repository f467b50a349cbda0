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
