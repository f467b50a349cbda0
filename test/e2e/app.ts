import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { RequestStats } from '@/mocks/server/http-server';

export { DEMO_KEYS } from '@/mocks/data/demo-keys';

/** Origin of the built app (vite preview), e.g. http://127.0.0.1:41234. */
export const appUrl = inject('appUrl');
/** Origin of the demo Partner API over real HTTP (cross-origin from the app, CORS enabled). */
export const apiUrl = inject('apiUrl');
/** Same-origin base URL that vite preview proxies to `apiUrl`. */
export const PROXY_BASE = '/partner-api';

/** Absolute URL of an in-app path. */
export function at(path: string): string {
  return new URL(path, appUrl).href;
}

/** The UI texts the tests rely on, from src/i18n/locales/{en,fr}/*.json. */
export const TEXT = {
  en: {
    signInTitle: 'Sign in',
    baseUrl: 'API address',
    apiKey: 'API key',
    submit: 'Sign in',
    signOut: 'Sign out',
    eventsTitle: 'My events',
    refused: 'This key was refused',
    tryDemo: 'Try the demo',
    demoBadge: 'Demo data',
  },
  fr: {
    signInTitle: 'Connexion',
    baseUrl: 'Adresse de l’API',
    apiKey: 'Clé d’API',
    submit: 'Se connecter',
    signOut: 'Se déconnecter',
    eventsTitle: 'Mes événements',
    refused: 'Cette clé a été refusée',
    tryDemo: 'Essayer la démo',
    demoBadge: 'Données de démonstration',
  },
} as const;
export type Lang = keyof typeof TEXT;

/** Event names only one demo promoter has (src/mocks/data/catalog.ts). */
export const ALPINE_EVENT = 'Marathon du Lac Léman';
export const COASTAL_EVENT = 'Marathon de Montréal';

/** Fills and submits the sign-in form (the page must show it). */
export async function signIn(page: Page, baseUrl: string, apiKey: string, lang: Lang = 'en'): Promise<void> {
  const text = TEXT[lang];
  await page.getByLabel(text.baseUrl, { exact: true }).fill(baseUrl);
  await page.getByLabel(text.apiKey, { exact: true }).fill(apiKey);
  await page.getByRole('button', { name: text.submit, exact: true }).click();
}

export async function waitForEvents(page: Page, lang: Lang = 'en'): Promise<void> {
  await page.getByRole('heading', { level: 1, name: TEXT[lang].eventsTitle }).waitFor();
  // Not `.event-card`: the loading skeleton uses that class too.
  await page.locator('.event-card__name').first().waitFor();
}

/** Names of the event cards on the events screen. */
export function eventNames(page: Page): Promise<string[]> {
  return page.locator('.event-card__name').allInnerTexts();
}

export async function switchLanguage(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: lang === 'fr' ? 'Français' : 'English', exact: true }).click();
  await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
}

export function storageSnapshot(page: Page) {
  return page.evaluate(() => ({
    session: Object.fromEntries(Object.entries(sessionStorage)),
    local: Object.fromEntries(Object.entries(localStorage)),
  }));
}

/**
 * Waits for the end of a sign-out: the final /sign-in URL (no `next`), which the sign-out
 * button navigates to only after the session is ended and, for the demo, its worker stopped.
 */
export async function waitForSignedOut(page: Page, lang: Lang = 'en'): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/sign-in' && url.search === '');
  await page.getByRole('heading', { level: 1, name: TEXT[lang].signInTitle }).waitFor();
}

export function serviceWorkerCount(page: Page): Promise<number> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
}

const controlUrl = inject('apiControlUrl');

/** Requests the mock HTTP server received since the last reset (counts from global setup). */
export async function apiStats(): Promise<RequestStats> {
  const response = await fetch(`${controlUrl}/stats`);
  return (await response.json()) as RequestStats;
}

export async function resetApiStats(): Promise<void> {
  await fetch(`${controlUrl}/reset`, { method: 'POST' });
}
