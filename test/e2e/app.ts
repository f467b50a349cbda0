import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BrowserHandle, launchBrowser, type PageProblems, watchPage } from './browser';
import { DEMO_KEYS } from '@/mocks/data/demo-keys';
import type { RequestStats } from '@/mocks/server/http-server';
import { leftOutStatusNames } from '@/engine/api/payment-status';
import { COUNT, COUNT_CHAR, escapeRegExp, formatCount, parseCount, t, textPattern, type Lang } from './texts';

export { DEMO_KEYS };
export { formatCount, parseCount, type Lang } from './texts';

/** One value per language. */
function byLang<T>(make: (lang: Lang) => T): Record<Lang, T> {
  return { en: make('en'), fr: make('fr') };
}

/** A pattern matching any of these whole-line patterns: whole lines, or (`start`) a line's start. */
function anyOf(patterns: RegExp[], { start = false }: { start?: boolean } = {}): RegExp {
  const sources = patterns.map((pattern) => pattern.source.slice(1, -1));
  return new RegExp(`^(?:${sources.join('|')})${start ? '' : '$'}`);
}

/** This worker's servers (global-setup.ts starts a set per worker; VITEST_POOL_ID is 1, 2…). */
const servers = inject('servers')[Number(process.env.VITEST_POOL_ID ?? '1') - 1];
if (!servers) throw new Error(`No e2e servers for worker ${process.env.VITEST_POOL_ID}`);

/** Origin of the built app (vite preview, or nginx with E2E_SERVER=nginx), e.g. http://127.0.0.1:41234. */
export const appUrl = servers.appUrl;
/** What serves the app: 'vite' (preview) or 'nginx' (deploy/nginx, with the CSP as a header too). */
export const appServer = inject('appServer');
/** Origin of the demo Partner API over real HTTP (cross-origin from the app, CORS enabled). */
export const apiUrl = servers.apiUrl;
/** Same-origin base URL that vite preview (or nginx) proxies to `apiUrl`. */
export const PROXY_BASE = '/partner-api';

/**
 * The tests also run with the app served by nginx (`npm run test:e2e:nginx`, the tag `nginx`):
 * those where nginx's configuration changes what happens (the proxy and its headers, the
 * Content Security Policy as a header in every page and worker, the service worker and the
 * manifest as nginx serves them, a deep link's fallback, downloads built in workers).
 */
export const NGINX = { tags: ['nginx'] };

/** Absolute URL of an in-app path. */
export function at(path: string): string {
  return new URL(path, appUrl).href;
}

/**
 * The UI texts the tests rely on, by language, read from src/i18n/locales/{en,fr}/*.json (texts.ts):
 * sign-in, the header and the events list's title.
 */
export const TEXT = byLang((lang) => ({
  signInTitle: t(lang, 'session:title'),
  baseUrl: t(lang, 'session:baseUrl.label'),
  apiKey: t(lang, 'session:apiKey.label'),
  submit: t(lang, 'session:submit'),
  signOut: t(lang, 'common:signOut'),
  eventsTitle: t(lang, 'events:title'),
  refused: t(lang, 'session:refused.title'),
  tryDemo: t(lang, 'session:demo.button'),
  demoBadge: t(lang, 'common:demoBadge'),
}));

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

/** Opens the sign-in screen in English and starts the built-in demo, its events list shown. */
/**
 * One browser, signed in to the demo, for a whole test file, its page's problems watched: call
 * at the top of the file; `use` receives the page before the first test, the browser closes
 * after the last.
 */
export function signedInDemoForFile(use: (session: { page: Page; problems: PageProblems }) => void): void {
  let browser: BrowserHandle | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    const page = await browser.newPage();
    use({ page, problems: watchPage(page) });
    await signInDemo(page);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

export async function signInDemo(page: Page): Promise<void> {
  await page.goto(at('/sign-in'));
  await switchLanguage(page, 'en');
  await page.getByRole('button', { name: TEXT.en.tryDemo, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/events');
}

export async function waitForEvents(page: Page, lang: Lang = 'en'): Promise<void> {
  await page.getByRole('heading', { level: 1, name: TEXT[lang].eventsTitle }).waitFor();
  // A card's name, not the card: the loading skeleton's cards are hidden from the tree and nameless.
  await eventCardNames(page).first().waitFor();
}

/** The events list's cards: the items of its lists that have an event's name (an h3 and its link). */
export function eventCards(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
}

/** One event's card, found by its link (`/events/<id>`) or its name. */
export function eventCard(page: Page, event: number | string): Locator {
  return eventCards(page).filter({
    has:
      typeof event === 'number'
        ? page.locator(`a[href="/events/${event}"]`)
        : page.getByRole('heading', { level: 3, name: event, exact: true }),
  });
}

/** The names of the events' cards (their h3). */
export function eventCardNames(page: Page): Locator {
  return eventCards(page).getByRole('heading', { level: 3 });
}

/** Names of the event cards on the events screen. */
export function eventNames(page: Page): Promise<string[]> {
  return eventCardNames(page).allInnerTexts();
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

/** The app shell's service worker (vite-plugin-pwa); the demo runs in the engine worker, not in one. */
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

const controlUrl = servers.apiControlUrl;

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

/** Texts of the events list and event detail (events.json). */
export const EVENTS_TEXT = byLang((lang) => ({
  search: t(lang, 'events:filters.search'),
  sort: t(lang, 'events:filters.sort'),
  datesSummary: t(lang, 'events:filters.apiLegend'),
  from: t(lang, 'events:filters.from'),
  to: t(lang, 'events:filters.to'),
  viewRegistrations: t(lang, 'events:detail.viewRegistrations'),
  back: t(lang, 'events:detail.back'),
  unavailable: t(lang, 'events:unavailable.title'),
  unavailableAction: t(lang, 'events:unavailable.action'),
}));

/**
 * Texts of the event page's sections (insights.json): the tabs, the overview's key figures and
 * its categories table (a category's type under its name).
 */
export const SECTIONS_TEXT = byLang((lang) => ({
  tablist: t(lang, 'insights:sections.label'),
  tabs: {
    overview: t(lang, 'insights:sections.overview'),
    answers: t(lang, 'insights:sections.answers'),
    merch: t(lang, 'insights:sections.merch'),
    orders: t(lang, 'insights:sections.orders'),
    duplicates: t(lang, 'insights:sections.duplicates'),
    checks: t(lang, 'insights:sections.checks'),
    editions: t(lang, 'insights:sections.editions'),
  },
  /** The h2 of each panel but the overview's (the overview's is the region's hidden h2). */
  headings: {
    answers: t(lang, 'insights:overview.questions.title'),
    merch: t(lang, 'insights:orderSheet.title'),
    orders: t(lang, 'insights:overview.orders.title'),
    duplicates: t(lang, 'insights:overview.duplicates.title'),
    checks: t(lang, 'insights:checks.title'),
    editions: t(lang, 'editions:title'),
  },
  overviewTitle: t(lang, 'insights:overview.title'),
  keyFigures: t(lang, 'insights:overview.keyFigures'),
  figures: (['registrations', 'paid', 'pending', 'orders'] as const).map((figure) =>
    t(lang, `insights:overview.figures.${figure}`),
  ),
  categoriesCaption: t(lang, 'insights:overview.categories.caption'),
  categoryColumn: t(lang, 'insights:overview.categories.category'),
  totalColumn: t(lang, 'insights:overview.categories.total'),
  allCategories: t(lang, 'insights:overview.categories.allCategories'),
  computed: (count: string) =>
    t(lang, 'insights:overview.computedFrom', { count: parseCount(count), formatted: count }),
  /** While a load goes on: "So far: 500 registrations loaded. …" (or "500 of about 25,000 …"). */
  soFar: anyOf(
    ['insights:overview.soFar', 'insights:overview.soFarOf'].map((key) =>
      textPattern(lang, key, { groups: { computed: `([1-9]${COUNT_CHAR}*)`, total: COUNT } }),
    ),
    { start: true },
  ),
}));
export { EVENT_SECTIONS, type EventSection } from '@/features/event-page/overview/event-section-ids';

const PRESETS = ['excel-fr', 'excel-en', 'utf8', 'xlsx'] as const;
const STATUSES = ['paid', 'pending', 'free', 'refunded', 'cancelled'] as const;
const COLUMNS = [
  'registration_id',
  'first_name',
  'last_name',
  'email',
  'category',
  'order_id',
  'payment_status',
] as const;

/** Texts of the registrations screen (registrations.json). */
export const REGISTRATIONS_TEXT = byLang((lang) => ({
  title: t(lang, 'registrations:title'),
  search: t(lang, 'registrations:search.label'),
  categoryMenu: t(lang, 'registrations:filters.category'),
  statusMenu: t(lang, 'registrations:filters.status'),
  columnsMenu: t(lang, 'registrations:columnsMenu.label'),
  exportMenu: t(lang, 'registrations:export.button'),
  clearFilters: t(lang, 'registrations:filters.clear'),
  presets: Object.fromEntries(
    PRESETS.map((preset) => [preset, t(lang, `registrations:export.presets.${preset}.label`)]),
  ) as Record<(typeof PRESETS)[number], string>,
  withFigures: t(lang, 'registrations:export.withFigures'),
  printList: t(lang, 'registrations:printDialog.checkIn.title'),
  figuresTotal: t(lang, 'insights:figures.total'),
  /** The fixed columns' titles, in the table's order. */
  columns: Object.fromEntries(
    COLUMNS.map((column) => [column, t(lang, `registrations:columns.${column}`)]),
  ) as Record<(typeof COLUMNS)[number], string>,
  status: Object.fromEntries(
    STATUSES.map((status) => [status, t(lang, `registrations:status.${status}`)]),
  ) as Record<(typeof STATUSES)[number], string>,
  /** "All 25,000 registrations loaded" (load.complete). */
  loaded: (count: string) =>
    t(lang, 'registrations:load.complete', { count: parseCount(count), formatted: count }),
  loading: anyOf(
    ['registrations:load.loading', 'registrations:load.loadingOf'].map((key) =>
      textPattern(lang, key, { groups: { loaded: COUNT, total: COUNT } }),
    ),
    { start: true },
  ),
  detailsTitle: (id: number) => t(lang, 'registrations:details.title', { id }),
  detailsAnswers: t(lang, 'registrations:details.answers'),
  detailsClose: t(lang, 'registrations:details.close'),
  /** The start of a row's details button's name: "Details of registration 12, " then the name. */
  openDetails: (id: number) => t(lang, 'registrations:table.openDetails', { id, name: '' }),
  fileLabel: t(lang, 'registrations:export.fileLabel'),
}));

const SHEETS = ['a4-3x8', 'a4-2x7', 'letter-3x10'] as const;

/**
 * Texts of the print dialogs (registrations.json `printDialog`) and of the printed pages
 * (insights.json `print`, `labels`).
 */
export const PRINT_TEXT = byLang((lang) => {
  const statuses = leftOutStatusNames((status) => t(lang, `registrations:status.${status}`), lang);
  const dialog = (key: string) => t(lang, `registrations:printDialog.${key}`);
  return {
    labelsMenuItem: dialog('labels.title'),
    checkInTitle: dialog('checkIn.title'),
    labelsTitle: dialog('labels.title'),
    print: dialog('print'),
    cancel: dialog('cancel'),
    leaveOut: t(lang, 'registrations:printDialog.leaveOut', { statuses }),
    usualRanges: dialog('checkIn.auto'),
    balanced: dialog('checkIn.balanced'),
    deskCount: dialog('checkIn.deskCount'),
    pagePerDesk: dialog('checkIn.pagePerDesk'),
    sheets: Object.fromEntries(SHEETS.map((sheet) => [sheet, dialog(`labels.sheets.${sheet}`)])) as Record<
      (typeof SHEETS)[number],
      string
    >,
    fields: {
      name: dialog('labels.name'),
      category: dialog('labels.category'),
      order: dialog('labels.order'),
    },
    answer: dialog('labels.answer'),
    startAt: dialog('labels.startAt'),
    /** On every printed page of the check-in list. */
    leftOut: (count: string) => t(lang, 'insights:print.leftOut', { statuses, formatted: count }),
    letters: new RegExp(
      textPattern(lang, 'insights:print.letters', {
        groups: { from: '([A-Z])', to: '([A-Z])' },
      }).source.slice(1, -1),
      'g',
    ),
    otherLetters: t(lang, 'insights:print.otherLetters'),
    /** "· 12 registrations ·" in a printed section's header line: the number is group 1. */
    sectionCount: new RegExp(
      `· (\\d+)(?:${[1, 2]
        .map((count) => escapeRegExp(t(lang, 'insights:print.summary', { count, formatted: '' })))
        .join('|')}) ·`,
    ),
    order: (order: string) => t(lang, 'insights:labels.order', { order }),
    question: (question: string) => t(lang, 'insights:labels.question', { question }),
    labelsSummary: (labels: number, sheets: number) =>
      t(lang, 'registrations:printDialog.labels.summary', {
        labels: t(lang, 'registrations:printDialog.labels.labelsCount', {
          count: labels,
          formatted: formatCount(labels, lang),
        }),
        sheets: t(lang, 'registrations:printDialog.labels.sheetsCount', {
          count: sheets,
          formatted: formatCount(sheets, lang),
        }),
      }),
  };
});

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
