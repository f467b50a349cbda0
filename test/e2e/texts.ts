import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import i18next from 'i18next';

/**
 * The app's own texts for the browser tests, read from src/i18n/locales/{en,fr}/*.json with
 * i18next set up as the app sets it up (plurals by Intl.PluralRules, `{{name}}` interpolation,
 * nothing escaped): a test names a text by its key, never by a copy. A key that does not exist
 * throws, so a renamed key fails the test that uses it at once.
 *
 *   t('en', 'registrations:search.label')                          → 'Search registrations'
 *   t('fr', 'registrations:load.complete', { count: 45, formatted: '45' })
 *   textPattern('en', 'registrations:shownFiltered', { count: 2 })  → /^(.+?) of (.+?) registrations match$/
 */

export type Lang = 'en' | 'fr';
export const LANGS: readonly Lang[] = ['en', 'fr'];

const LOCALES = fileURLToPath(new URL('../../src/i18n/locales', import.meta.url));

function bundles(lang: Lang): Record<string, Record<string, unknown>> {
  const folder = join(LOCALES, lang);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, unknown>,
      ]),
  );
}

const resources = { en: bundles('en'), fr: bundles('fr') };
const i18n = i18next.createInstance();
void i18n.init({
  resources,
  ns: Object.keys(resources.en),
  defaultNS: 'common',
  lng: 'en',
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

type Values = Record<string, string | number>;

/** The text of `namespace:key` in `lang`, as the app shows it with these values. */
export function t(lang: Lang, key: string, values: Values = {}): string {
  if (!i18n.exists(key, { lng: lang, ...values })) throw new Error(`No text "${key}" in ${lang}`);
  return i18n.getFixedT(lang)(key, values);
}

/** A text with characters that mean something in a regular expression escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A text as a whole-line pattern: each `{{name}}` becomes `groups[name]` (default: a lazy
 * capture), the rest is literal. `count` chooses the plural form as i18next does.
 */
export function textPattern(
  lang: Lang,
  key: string,
  {
    count,
    groups = {},
    flags = '',
  }: { count?: number; groups?: Record<string, string>; flags?: string } = {},
): RegExp {
  const marker = (name: string) => `⟦${name}⟧`;
  const template = t(lang, key, {
    ...(count === undefined ? {} : { count }),
    // Every placeholder the template may hold, as a marker found again below.
    ...Object.fromEntries(placeholders(lang, key, count).map((name) => [name, marker(name)])),
  });
  const source = escapeRegExp(template).replace(/⟦(\w+)⟧/g, (_, name: string) => groups[name] ?? '(.+?)');
  return new RegExp(`^${source}$`, flags);
}

/** The `{{name}}` placeholders of a text's template (the plural form `count` selects). */
function placeholders(lang: Lang, key: string, count?: number): string[] {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const suffix = count === undefined ? '' : `_${new Intl.PluralRules(lang).select(count)}`;
  const raw =
    (i18n.getResource(lang, namespace, `${path}${suffix}`) as unknown) ??
    (i18n.getResource(lang, namespace, path) as unknown);
  if (typeof raw !== 'string') throw new Error(`No text "${key}" in ${lang}`);
  return [...raw.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]!);
}

/** A count as the app writes it: 25,000 in English, 25 000 (narrow no-break space) in French. */
export function formatCount(value: number, lang: Lang): string {
  return new Intl.NumberFormat(lang).format(value);
}

/** The number in a formatted count ("25,000", "25\u202f000"). */
export function parseCount(text: string): number {
  return Number(text.replace(/[^\d]/g, ''));
}

/** A character of a formatted count: a digit or one of the languages' group separators. */
export const COUNT_CHAR = '[\\d,\\s\\u202f\\u00a0]';
/** A formatted count, in a pattern (a capture). */
export const COUNT = `(${COUNT_CHAR}+)`;
