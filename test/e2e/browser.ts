import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export interface LaunchOptions {
  /** Browser UI language; decides the app's first-visit language (default en-US). */
  locale?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /**
   * A profile directory to use and keep (the caller removes it): a relaunch with the same
   * directory finds what the last run stored (IndexedDB, Cache Storage, localStorage).
   * Default: a fresh throw-away directory, removed on close.
   */
  userDataDir?: string;
}

export interface BrowserHandle {
  context: BrowserContext;
  /** A new tab: its own sessionStorage, sharing the profile's localStorage and service workers. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Debian's Chromium by default; CHROME_PATH points elsewhere on other machines. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Chromium with a fresh, throw-away profile (one per test file). Playwright's own browser
 * download is not used: never run `playwright install`.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<BrowserHandle> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `No Chromium at ${CHROME_PATH}. Install it (Debian: apt-get install chromium) or set CHROME_PATH; ` +
        'do not run `playwright install`.',
    );
  }
  const keepProfile = options.userDataDir !== undefined;
  const profileDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'e2e-profile-')));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROME_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      locale: options.locale ?? 'en-US',
      colorScheme: options.colorScheme ?? 'light',
      viewport: options.viewport ?? { width: 1280, height: 800 },
      acceptDownloads: true,
    });
  } catch (error) {
    if (!keepProfile) await rm(profileDir, { recursive: true, force: true });
    throw error;
  }
  // Fail a missing element in 15 s, well inside the 60 s test timeout, with Playwright's own message.
  context.setDefaultTimeout(15_000);
  openContexts.add(context);
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      openContexts.delete(context);
      await context.close();
      if (!keepProfile) await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/** The browsers this test file has open: what a failed test's report looks at (failure-report.ts). */
export const openContexts = new Set<BrowserContext>();

export interface PageProblems {
  /** Everything seen so far: console errors, uncaught exceptions, failed requests. */
  readonly problems: readonly string[];
  /** Throws listing every problem not matched by one of `allowed`. */
  expectNone(allowed?: readonly RegExp[]): void;
  /** Forget what was seen so far (e.g. after a step whose errors were expected). */
  clear(): void;
}

/** Each watched page's problems, for a failed test's report (failure-report.ts). */
export const watchedProblems = new WeakMap<Page, readonly string[]>();

/**
 * Collects what a user would never see but a test should: console errors, uncaught page
 * errors and requests that failed at the network level (cancelled ones excepted). HTTP error statuses show up as
 * Chromium's "Failed to load resource … status of 401" console errors, so an expected 401 must
 * be allowed explicitly.
 */
export function watchPage(page: Page): PageProblems {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const where = message.location().url;
      problems.push(`console.error: ${message.text()}${where ? ` (${where})` : ''}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.stack ?? error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // Cancellation is normal: a navigation, or React Query aborting an unmounted screen's query.
    if (reason === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${reason}`);
  });
  watchedProblems.set(page, problems);
  return {
    get problems() {
      return problems;
    },
    expectNone(allowed = []) {
      const unexpected = problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
      if (unexpected.length > 0) {
        throw new Error(`Unexpected problems in the page:\n  ${unexpected.join('\n  ')}`);
      }
    },
    clear() {
      problems.length = 0;
    },
  };
}

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/**
 * Records every Content Security Policy violation of every document in this tab, registered
 * before any page script. Returns a reader of the violations since its last call.
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return () => page.evaluate(() => window.cspViolations?.splice(0) ?? []);
}

/** Waits until the app shell's service worker is active and controls the page (it claims open pages). */
export async function waitForShellWorker(target: Page): Promise<void> {
  await target.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
    });
  });
}
