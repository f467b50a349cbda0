import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserHandle,
  launchBrowser,
  type PageProblems,
  recordCspViolations,
  watchPage,
} from './browser';
import {
  ALPINE_EVENT,
  DEMO_KEYS,
  PROXY_BASE,
  REGISTRATIONS_TEXT,
  SECTIONS_TEXT,
  TEXT,
  appServer,
  at,
  cspReports,
  signIn,
  waitForEvents,
  NGINX,
} from './app';

/**
 * The production build ships a Content Security Policy (deploy/content-security-policy.ts,
 * as a meta tag; nginx sends it as a header too). A policy the app breaks itself is noise in
 * every CSP report and hides a real injection: no screen may trigger a single violation.
 */

const SMALL_EVENT = 1003;

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
/** CSP violations since the last call. */
let violations: () => Promise<string[]>;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US' });
  page = await browser.newPage();
  violations = await recordCspViolations(page);
  problems = watchPage(page);
});
afterAll(async () => {
  await browser?.close();
});

/** Console messages Chromium prints for a CSP problem (violations, ignored directives). */
function cspConsoleErrors(): string[] {
  return problems.problems.filter((problem) => /content security policy/i.test(problem));
}

describe('Content Security Policy of the production build', NGINX, () => {
  it('is applied, and sign-in, events, event detail and registrations break none of it', async () => {
    const seen: Record<string, string[]> = {};

    const response = await page.goto(at('/sign-in'));
    await page.getByRole('heading', { level: 1, name: TEXT.en.signInTitle }).waitFor();
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(meta).toMatch(/script-src 'self'/);
    if (appServer === 'nginx') {
      // Both policies are enforced: the header is the meta tag's plus what only a header can
      // say (and, in these tests, where to report violations).
      const header = response?.headers()['content-security-policy'] ?? '';
      expect(header.replace(/; report-uri \S+$/, '')).toBe(`${meta}; frame-ancestors 'none'`);
    }
    seen['sign-in'] = await violations();
    // No cross-origin isolation (COOP/COEP): nothing the app does needs it, and it would block
    // an operator's cross-origin logo or help page.
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);

    await signIn(page, PROXY_BASE, DEMO_KEYS.alpine);
    await page.waitForURL((url) => url.pathname === '/events');
    await waitForEvents(page);
    seen.events = await violations();

    await page.getByRole('link', { name: ALPINE_EVENT, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: ALPINE_EVENT }).waitFor();
    // The overview's figures come from the insights worker: the policy must let it start.
    await page.getByRole('table', { name: SECTIONS_TEXT.en.categoriesCaption, exact: true }).waitFor();
    await page.getByText(SECTIONS_TEXT.en.computed('25,000'), { exact: true }).waitFor({ timeout: 45_000 });
    seen['event detail'] = await violations();

    // A full page load, so the registrations screen's own chunk starts from a fresh document.
    await page.goto(at(`/events/${SMALL_EVENT}/registrations`));
    await page.getByRole('heading', { level: 1, name: REGISTRATIONS_TEXT.en.title }).waitFor();
    await page.waitForLoadState('networkidle');
    seen.registrations = await violations();

    expect(seen).toEqual({ 'sign-in': [], events: [], 'event detail': [], registrations: [] });
    expect(cspConsoleErrors()).toEqual([]);
    // Workers' violations reach no document listener, but the header policy reports them.
    if (appServer === 'nginx') expect(await cspReports()).toEqual([]);
    problems.expectNone();
  });
});
