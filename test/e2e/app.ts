import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO_KEYS } from '@/mocks/data/demo-keys';
import type { RequestStats } from '@/mocks/server/http-server';

export { DEMO_KEYS };

/** Origin of the built app (vite preview, or nginx with E2E_SERVER=nginx), e.g. http://127.0.0.1:41234. */
export const appUrl = inject('appUrl');
/** What serves the app: 'vite' (preview) or 'nginx' (deploy/nginx, with the CSP as a header too). */
export const appServer = inject('appServer');
/** Origin of the demo Partner API over real HTTP (cross-origin from the app, CORS enabled). */
export const apiUrl = inject('apiUrl');
/** Same-origin base URL that vite preview (or nginx) proxies to `apiUrl`. */
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
 * button navigates to only after the session is ended and, for the demo, its handlers removed.
 */
export async function waitForSignedOut(page: Page, lang: Lang = 'en'): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/sign-in' && url.search === '');
  await page.getByRole('heading', { level: 1, name: TEXT[lang].signInTitle }).waitFor();
}

/** The app shell's service worker (vite-plugin-pwa); the demo runs in the page, not in one. */
export const APP_SHELL_WORKER = '/sw.js';

/** Paths of the scripts of every service worker registered on the app's origin. */
export function serviceWorkerScripts(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((registration) => {
      const worker = registration.active ?? registration.waiting ?? registration.installing;
      return worker ? new URL(worker.scriptURL).pathname : '(none)';
    }),
  );
}

/** Service workers other than the app shell's: there should never be any. */
export async function otherServiceWorkers(page: Page): Promise<string[]> {
  return (await serviceWorkerScripts(page)).filter((script) => script !== APP_SHELL_WORKER);
}

/**
 * Asks for the demo's events from the page, as a leftover demo tab or script would: not
 * answered once the demo is stopped (vite preview's SPA fallback sends index.html, not JSON).
 */
export function demoRequestContentType(page: Page, key: string): Promise<string> {
  return page.evaluate(async (apiKey) => {
    const response = await fetch('/demo-api/v1/events', { headers: { 'X-API-Key': apiKey } });
    return response.headers.get('content-type') ?? '';
  }, key);
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

/** Served by nginx: the Content Security Policy violations the browser reported so far, in any file. */
export async function cspReports(): Promise<string[]> {
  const response = await fetch(`${controlUrl}/csp-reports`);
  return (await response.json()) as string[];
}

/** Texts of the events list and event detail (src/i18n/locales/{en,fr}/events.json). */
export const EVENTS_TEXT = {
  en: {
    search: 'Search by name or place',
    sort: 'Sort by',
    datesSummary: 'Filter by date',
    from: 'From',
    to: 'Until',
    viewRegistrations: 'View registrations',
    back: 'All my events',
    unavailable: 'This event does not exist or is not available with this key',
    unavailableAction: 'Back to my events',
  },
  fr: {
    search: 'Rechercher par nom ou lieu',
    sort: 'Trier par',
    datesSummary: 'Filtrer par date',
    from: 'À partir du',
    to: 'Jusqu’au',
    viewRegistrations: 'Voir les inscriptions',
    back: 'Tous mes événements',
    unavailable: 'Cet événement n’existe pas ou n’est pas accessible avec cette clé',
    unavailableAction: 'Retour à mes événements',
  },
} as const satisfies Record<Lang, unknown>;

/**
 * Texts of the event page's sections (src/i18n/locales/{en,fr}/insights.json): the tabs, the
 * overview's key figures and its categories table (a category's type under its name).
 */
export const SECTIONS_TEXT = {
  en: {
    tablist: 'Sections of the event',
    tabs: {
      overview: 'Overview',
      answers: 'Answers',
      orders: 'Orders',
      duplicates: 'Possible duplicates',
      editions: 'Editions',
    },
    /** The h2 of each panel but the overview's (the overview's is the region's hidden h2). */
    headings: {
      answers: 'Answers to the questions',
      orders: 'Orders',
      duplicates: 'Possible duplicates',
      editions: 'Editions',
    },
    overviewTitle: 'Registrations overview',
    keyFigures: 'Key figures',
    figures: ['Registrations', 'Paid', 'Pending', 'Orders'],
    categoriesCaption: 'Categories: registrations by payment status',
    categoryColumn: 'Category',
    totalColumn: 'Total',
    allCategories: 'All categories',
    computed: (count: string) => `Computed from all ${count} registrations.`,
    /** While a load goes on: "So far: 500 registrations loaded." (or "500 of about 25,000"). */
    soFar: /^So far: [1-9][\d,]* (of about [\d,]+ registrations|registrations loaded)\. /,
  },
  fr: {
    tablist: 'Sections de l’événement',
    tabs: {
      overview: 'Synthèse',
      answers: 'Réponses',
      orders: 'Commandes',
      duplicates: 'Doublons possibles',
      editions: 'Éditions',
    },
    headings: {
      answers: 'Réponses aux questions',
      orders: 'Commandes',
      duplicates: 'Doublons possibles',
      editions: 'Éditions',
    },
    overviewTitle: 'Synthèse des inscriptions',
    keyFigures: 'Chiffres clés',
    figures: ['Inscriptions', 'Payées', 'En attente', 'Commandes'],
    categoriesCaption: 'Catégories : inscriptions par statut de paiement',
    categoryColumn: 'Catégorie',
    totalColumn: 'Total',
    allCategories: 'Toutes catégories',
    computed: (count: string) => `Calculée sur l’ensemble des ${count} inscriptions.`,
    soFar: /^Pour l’instant : [1-9][\d\u202f]* inscriptions (sur environ [\d\u202f]+|chargées)\. /,
  },
} as const satisfies Record<Lang, unknown>;
export type EventSection = keyof (typeof SECTIONS_TEXT)['en']['tabs'];
export const EVENT_SECTIONS: readonly EventSection[] = [
  'overview',
  'answers',
  'orders',
  'duplicates',
  'editions',
];

/** Texts of the registrations screen (src/i18n/locales/{en,fr}/registrations.json). */
export const REGISTRATIONS_TEXT = {
  en: {
    title: 'Registrations',
    search: 'Search registrations',
    categoryMenu: 'Category',
    statusMenu: 'Payment status',
    columnsMenu: 'Columns',
    exportMenu: 'Export',
    clearFilters: 'Clear filters',
    presets: {
      'excel-fr': 'CSV for Excel (French)',
      'excel-en': 'CSV for Excel (English)',
      utf8: 'CSV UTF-8',
      xlsx: 'Excel workbook (.xlsx)',
    },
    withFigures: 'Excel workbook: add a sheet with the overview’s numbers',
    printList: 'Print the check-in list',
    figuresTotal: 'Registrations',
    columns: {
      registration_id: 'ID',
      first_name: 'First name',
      last_name: 'Last name',
      email: 'E-mail',
      category: 'Category',
      order_id: 'Order',
      payment_status: 'Payment',
    },
    status: { paid: 'Paid', pending: 'Pending', free: 'Free', refunded: 'Refunded', cancelled: 'Cancelled' },
    /** "All 25,000 registrations loaded" (complete_other). */
    loaded: (count: string) => `All ${count} registrations loaded`,
    loading: /^Loading registrations… [\d,]+ (of [\d,]+ )?loaded/,
    detailsTitle: (id: number) => `Registration ${id}`,
    detailsAnswers: 'Answers to the event’s questions',
    detailsClose: 'Close',
    openDetails: (id: number) => `Details of registration ${id}, `,
    fileLabel: 'registrations',
  },
  fr: {
    title: 'Inscriptions',
    search: 'Rechercher des inscriptions',
    categoryMenu: 'Catégorie',
    statusMenu: 'Statut de paiement',
    columnsMenu: 'Colonnes',
    exportMenu: 'Exporter',
    clearFilters: 'Effacer les filtres',
    presets: {
      'excel-fr': 'CSV pour Excel (français)',
      'excel-en': 'CSV pour Excel (anglais)',
      utf8: 'CSV UTF-8',
      xlsx: 'Classeur Excel (.xlsx)',
    },
    withFigures: 'Classeur Excel : ajouter une feuille avec les chiffres de la vue d’ensemble',
    printList: 'Imprimer la liste d’accueil',
    figuresTotal: 'Inscriptions',
    columns: {
      registration_id: 'N°',
      first_name: 'Prénom',
      last_name: 'Nom',
      email: 'E-mail',
      category: 'Catégorie',
      order_id: 'Commande',
      payment_status: 'Paiement',
    },
    status: {
      paid: 'Payé',
      pending: 'En attente',
      free: 'Gratuit',
      refunded: 'Remboursé',
      cancelled: 'Annulé',
    },
    loaded: (count: string) => `Les ${count} inscriptions sont chargées`,
    loading: /^Chargement des inscriptions… [\d\u202f]+ (sur [\d\u202f]+ )?chargées/,
    detailsTitle: (id: number) => `Inscription ${id}`,
    detailsAnswers: 'Réponses aux questions de l’événement',
    detailsClose: 'Fermer',
    openDetails: (id: number) => `Détail de l’inscription ${id}, `,
    fileLabel: 'inscriptions',
  },
} as const satisfies Record<Lang, unknown>;

/**
 * Texts of the print dialogs (registrations.json `printDialog`, `export.labels`) and of the
 * printed pages (insights.json `print`, `labels`).
 */
export const PRINT_TEXT = {
  en: {
    labelsMenuItem: 'Print labels',
    checkInTitle: 'Print the check-in list',
    labelsTitle: 'Print labels',
    print: 'Print',
    cancel: 'Cancel',
    leaveOut: 'Leave out registrations with the status Cancelled or Refunded',
    usualRanges: 'Usual ranges: A–F, G–M, N–S, T–Z',
    balanced: 'Balanced by the number of people',
    deskCount: 'Number of desks',
    pagePerDesk: 'Start each desk on a new page',
    sheets: {
      'a4-3x8': 'A4, 3 × 8 labels of 70 × 37 mm',
      'a4-2x7': 'A4, 2 × 7 labels of 99.1 × 38.1 mm',
      'letter-3x10': 'US Letter, 3 × 10 labels of 2⅝ × 1 in',
    },
    fields: { name: 'Name', category: 'Category', order: 'Order number' },
    answer: 'Answer to a question',
    startAt: 'Start at label',
    /** On every printed page of the check-in list. */
    leftOut: (count: string) => `Registrations with the status Cancelled or Refunded left out (${count})`,
    letters: /Last names ([A-Z])–([A-Z])/g,
    otherLetters: 'Other last names',
    sectionCount: /· (\d+) registrations? ·/,
    order: (order: string) => `Order ${order}`,
    question: (question: string) => `${question}:`,
    labelsSummary: (labels: number, sheets: number) =>
      `${formatCount(labels, 'en')} label${labels === 1 ? '' : 's'} on ${formatCount(sheets, 'en')} sheet${sheets === 1 ? '' : 's'}`,
  },
  fr: {
    labelsMenuItem: 'Imprimer des étiquettes',
    checkInTitle: 'Imprimer la liste d’accueil',
    labelsTitle: 'Imprimer des étiquettes',
    print: 'Imprimer',
    cancel: 'Annuler',
    leaveOut: 'Exclure les inscriptions au statut Annulé ou Remboursé',
    usualRanges: 'Tranches habituelles : A–F, G–M, N–S, T–Z',
    balanced: 'Équilibrées selon le nombre de personnes',
    deskCount: 'Nombre de tables',
    pagePerDesk: 'Chaque table sur une nouvelle page',
    sheets: {
      'a4-3x8': 'A4, 3 × 8 étiquettes de 70 × 37 mm',
      'a4-2x7': 'A4, 2 × 7 étiquettes de 99,1 × 38,1 mm',
      'letter-3x10': 'US Letter, 3 × 10 étiquettes de 2⅝ × 1 po',
    },
    fields: { name: 'Nom', category: 'Catégorie', order: 'Numéro de commande' },
    answer: 'Réponse à une question',
    startAt: 'Commencer à l’étiquette',
    leftOut: (count: string) => `Inscriptions au statut Annulé ou Remboursé exclues (${count})`,
    letters: /Noms ([A-Z])–([A-Z])/g,
    otherLetters: 'Autres noms',
    sectionCount: /· (\d+) inscriptions? ·/,
    order: (order: string) => `Commande ${order}`,
    question: (question: string) => `${question} :`,
    labelsSummary: (labels: number, sheets: number) =>
      `${formatCount(labels, 'fr')} étiquette${labels > 1 ? 's' : ''} sur ${formatCount(sheets, 'fr')} planche${sheets > 1 ? 's' : ''}`,
  },
} as const satisfies Record<Lang, unknown>;

/** A count as the app writes it: 25,000 in English, 25 000 (narrow no-break space) in French. */
export function formatCount(value: number, lang: Lang): string {
  return new Intl.NumberFormat(lang).format(value);
}

/**
 * A bilingual API field the way the app picks it (src/lib/localized-field.ts): this
 * language's `<field>_<lang>` when it has text, else the other language's, else ''.
 */
export function localized(record: object, field: string, lang: Lang): string {
  const values = record as Record<string, unknown>;
  for (const candidate of [values[`${field}_${lang}`], values[`${field}_${lang === 'en' ? 'fr' : 'en'}`]]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  }
  return '';
}

/** The number in a formatted count ("25,000", "25\u202f000"). */
export function parseCount(text: string): number {
  return Number(text.replace(/[^\d]/g, ''));
}

/**
 * GET on the demo Partner API straight from Node (not through the page), to compute what the
 * screens should show. `path` starts after the base URL, e.g. `/v1/events`.
 */
export async function apiGet<T>(path: string, apiKey: string = DEMO_KEYS.alpine): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, { headers: { 'X-API-Key': apiKey } });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Where the browser tests write the screenshots to look at (test-results/screenshots). */
export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/** The two screens every screen is looked at on: a laptop and a phone. */
export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Signs in with the alpine key through the proxy (in English) and waits for the events list.
 * `syncPaused`: as a promoter who paused the background sync in this tab (it stays paused
 * after the sign-in), so only the events the test opens are counted and kept on the device.
 */
export async function signInAlpine(
  page: Page,
  apiKey: string = DEMO_KEYS.alpine,
  { syncPaused = false }: { syncPaused?: boolean } = {},
): Promise<void> {
  await page.goto(at('/sign-in'));
  if (syncPaused)
    await page.evaluate(() => sessionStorage.setItem('promoter-dashboard.background-sync-paused', '1'));
  await switchLanguage(page, 'en');
  await signIn(page, PROXY_BASE, apiKey);
  await page.waitForURL((url) => url.pathname === '/events');
  await waitForEvents(page);
}
