/*
 * A tab open across a deploy never crashes. The site is served by nginx with the repository's
 * configuration (deploy/nginx), from a symbolic link that is switched, as a deploy switches a
 * release directory, from the build the tab started with (a copy of dist/) to the next one
 * (next-deploy.config.ts: other file names, so the tab's lazily loaded files are gone).
 * Without a service worker, a screen whose code is gone reloads the tab once at the same address;
 * with one, the new version waits and the tab says so until the promoter chooses "Reload".
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import enCommon from '@/i18n/locales/en/common.json';
import frCommon from '@/i18n/locales/fr/common.json';
import { startNginx, type NginxServer } from '../deploy/nginx-server';
import { expectNoAxeViolations } from './axe';
import {
  launchBrowser,
  waitForShellWorker,
  watchPage,
  type BrowserHandle,
  type PageProblems,
} from './browser';
import {
  apiUrl,
  DEMO_KEYS,
  PROXY_BASE,
  SCREENSHOT_DIR,
  SECTIONS_TEXT,
  signIn,
  switchLanguage,
  TEXT,
  VIEWPORTS,
  waitForEvents,
  type Lang,
} from './app';

/** alpine's event of 45 registrations: its page's code (two lazy chunks) is not loaded by the events list. */
const EVENT = 1003;
const EVENT_PATH = `/events/${EVENT}`;
const UPDATE_TEXT = { en: enCommon.update, fr: frCommon.update } as const;
/** The crash page's title in either language: it must never show. */
const CRASH_TITLE = new RegExp(`^(${enCommon.crash.title}|${frCommon.crash.title})$`);
/** The phone width the notice is looked at on (a common Android width). */
const PHONE = { width: 412, height: 915 };
/** What a chunk of the previous build costs once it is gone: a 404, and the import's failure. */
const GONE_CODE = [/status of 404/, /Failed to fetch dynamically imported module/];

const root = process.cwd();
let work: string;
let previous: string;
let next: string;
let site: NginxServer;

/** Points the served directory at `release`, in one step, as a deploy does. */
async function deploy(release: string): Promise<void> {
  const link = join(work, 'live');
  await symlink(release, `${link}.new`);
  await rename(`${link}.new`, link);
}

/** `vite build` of the next version into `outDir`, in a child process (NODE_ENV=production). */
function buildNextVersion(outDir: string): Promise<void> {
  const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = ['build', '--config', 'test/e2e/next-deploy.config.ts', '--outDir', outDir, '--emptyOutDir'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, ...args, '--logLevel', 'error'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build of the next version exited with ${code}`)),
    );
  });
}

/** The entry script a build's index.html loads. */
async function entryOf(release: string): Promise<string> {
  const html = await readFile(join(release, 'index.html'), 'utf8');
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`no entry script in ${release}/index.html`);
  return src;
}

function runningEntry(page: Page): Promise<string | null> {
  return page.locator('script[type="module"]').first().getAttribute('src');
}

/**
 * Counts the page's document loads (a reload is one; an in-app navigation none), and records
 * the crash page if it ever shows, even for a frame before a reload.
 */
async function follow(page: Page): Promise<{ loads: () => number; crashes: string[] }> {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  const crashes: string[] = [];
  await page.exposeFunction('reportCrashPage', (url: string) => crashes.push(url));
  await page.addInitScript((pattern) => {
    const crash = new RegExp(pattern);
    new MutationObserver(() => {
      for (const heading of document.querySelectorAll('h1')) {
        if (crash.test(heading.textContent?.trim() ?? ''))
          void (window as unknown as { reportCrashPage(url: string): Promise<void> }).reportCrashPage(
            location.href,
          );
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, CRASH_TITLE.source);
  return { loads: () => loads, crashes };
}

async function signInToEvents(page: Page): Promise<void> {
  await page.goto(`${site.url}/sign-in`);
  await switchLanguage(page, 'en');
  await signIn(page, PROXY_BASE, DEMO_KEYS.alpine);
  await page.waitForURL((url) => url.pathname === '/events');
  await waitForEvents(page);
}

/** Opens the event from the events list, inside the app (no page load). */
async function openEventInApp(page: Page): Promise<void> {
  await page.locator(`a[href="${EVENT_PATH}"]`).first().click();
}

function eventPageShown(page: Page) {
  return page.getByRole('tablist', { name: SECTIONS_TEXT.en.tablist }).waitFor();
}

/** The update notice: its card, inside its live region (which has no box of its own). */
function notice(page: Page, lang: Lang) {
  return page
    .getByRole('status')
    .locator('.update-notice__card')
    .filter({ hasText: UPDATE_TEXT[lang].available });
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'e2e-deploy-update-'));
  // A copy: dist/ may be rebuilt meanwhile by someone else's run.
  previous = join(work, 'previous');
  await cp(join(root, 'dist'), previous, { recursive: true });
  next = join(work, 'next');
  await buildNextVersion(next);
  expect(await entryOf(next)).not.toBe(await entryOf(previous));
  await deploy(previous);
  site = await startNginx({ distDir: join(work, 'live'), upstream: apiUrl });
});

afterAll(async () => {
  await site?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('without a service worker: the code of a screen is gone after a deploy', () => {
  let browser: BrowserHandle;
  let problems: PageProblems;

  // A browser each: the previous test's files in its HTTP cache would stand in for missing ones.
  // The previous one closes here, not in an afterEach: a failed test's report
  // (failure-report.ts) runs after the file's own afterEach and must still find its tab open.
  beforeEach(async () => {
    await browser?.close();
    browser = await launchBrowser({ locale: 'en-US' });
    // As a browser that refuses service workers (a private window, a policy) answers.
    await browser.context.addInitScript(() => {
      ServiceWorkerContainer.prototype.register = () =>
        Promise.reject(new DOMException('Service workers are refused here.', 'SecurityError'));
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reloads the tab once, at the same address, still signed in, into the new version', async () => {
    await deploy(previous);
    const page = await browser.newPage();
    problems = watchPage(page);
    const seen = await follow(page);
    await signInToEvents(page);
    const loadsBefore = seen.loads();

    await deploy(next);
    await openEventInApp(page);
    await eventPageShown(page);

    expect(new URL(page.url()).pathname).toBe(EVENT_PATH);
    expect(seen.loads() - loadsBefore).toBe(1);
    await page.getByRole('button', { name: TEXT.en.signOut, exact: true }).waitFor();
    expect(await runningEntry(page)).toBe(await entryOf(next));
    expect(seen.crashes).toEqual([]);
    // No second reload follows.
    await page.waitForTimeout(1_500);
    expect(seen.loads() - loadsBefore).toBe(1);
    problems.expectNone(GONE_CODE);
    await page.close();
  });

  it('when the code is still missing after that reload, offers the update instead of reloading again', async () => {
    // A deploy missing the event page's code (files still being copied, say).
    const incomplete = join(work, 'incomplete');
    await cp(next, incomplete, { recursive: true });
    const eventChunks = (await readdir(join(incomplete, 'assets'))).filter((name) =>
      /^event-[0-9a-f]{8}\.js$/.test(name),
    );
    expect(eventChunks).toHaveLength(1);
    await rm(join(incomplete, 'assets', eventChunks[0]!));

    await deploy(previous);
    const page = await browser.newPage();
    problems = watchPage(page);
    const seen = await follow(page);
    await signInToEvents(page);
    const loadsBefore = seen.loads();

    await deploy(incomplete);
    await openEventInApp(page);
    const title = page.getByRole('heading', { level: 1, name: UPDATE_TEXT.en.screenTitle });
    await title.waitFor();
    await notice(page, 'en').waitFor();
    await page.waitForTimeout(1_500);
    expect(seen.loads() - loadsBefore).toBe(1);
    expect(new URL(page.url()).pathname).toBe(EVENT_PATH);
    expect(seen.crashes).toEqual([]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'deploy-update-screen-en-desktop.png') });

    // The deploy completes; the promoter chooses "Reload" on the screen.
    await deploy(next);
    await page.getByRole('main').getByRole('button', { name: UPDATE_TEXT.en.reload }).click();
    await eventPageShown(page);
    expect(seen.loads() - loadsBefore).toBe(2);
    expect(new URL(page.url()).pathname).toBe(EVENT_PATH);
    expect(seen.crashes).toEqual([]);
    problems.expectNone(GONE_CODE);
    await page.close();
  });
});

describe('with the service worker: the new version waits until the promoter chooses it', () => {
  let browser: BrowserHandle;

  beforeAll(async () => {
    browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('installs the new version beside the open tab, says so, and switches only on "Reload"', async () => {
    await deploy(previous);
    const page = await browser.newPage();
    const problems = watchPage(page);
    const seen = await follow(page);
    await signInToEvents(page);
    await waitForShellWorker(page);
    const previousEntry = await entryOf(previous);
    await page.evaluate(() => {
      const counted = window as unknown as { controllerChanges: number };
      counted.controllerChanges = 0;
      navigator.serviceWorker.addEventListener('controllerchange', () => (counted.controllerChanges += 1));
    });
    const loadsBefore = seen.loads();

    await deploy(next);
    // What the app does every half hour, and the browser at every page load.
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await notice(page, 'en').waitFor({ timeout: 30_000 });

    const workers = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: registration?.waiting?.state ?? null,
          controllerChanges: (window as unknown as { controllerChanges?: number }).controllerChanges ?? null,
        };
      });
    expect(await workers()).toEqual({ waiting: 'installed', controllerChanges: 0 });
    expect(seen.loads()).toBe(loadsBefore);
    expect(await runningEntry(page)).toBe(previousEntry);
    // The tab keeps working on its version: the event page's code comes from the running worker.
    await openEventInApp(page);
    await eventPageShown(page);
    expect(seen.loads()).toBe(loadsBefore);
    expect(await workers()).toEqual({ waiting: 'installed', controllerChanges: 0 });
    await expectNoAxeViolations(page, 'the update notice (en)');

    // A reload of the browser's own keeps the running version, and the notice comes back.
    await page.reload();
    await eventPageShown(page);
    await notice(page, 'en').waitFor();
    expect(await runningEntry(page)).toBe(previousEntry);

    await mkdir(SCREENSHOT_DIR, { recursive: true });
    for (const lang of ['en', 'fr'] as const) {
      if (lang === 'fr') await switchLanguage(page, 'fr');
      await notice(page, lang).getByRole('button', { name: UPDATE_TEXT[lang].reload }).waitFor();
      for (const [size, viewport] of [
        ['desktop', VIEWPORTS.desktop],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `deploy-update-${lang}-${size}.png`) });
        // Inside the screen, nothing wider than it.
        const box = await notice(page, lang).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width, `${lang} ${size}`).toBe(true);
      }
    }
    await expectNoAxeViolations(page, 'the update notice (fr, phone)');

    // From the keyboard: the button, then Enter.
    const loadsBeforeReload = seen.loads();
    await notice(page, 'fr').getByRole('button', { name: UPDATE_TEXT.fr.reload }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((entry) => {
      const script = document.querySelector('script[type="module"]');
      return script !== null && script.getAttribute('src') !== entry;
    }, previousEntry);
    await page.getByRole('tablist', { name: SECTIONS_TEXT.fr.tablist }).waitFor();
    expect(seen.loads() - loadsBeforeReload).toBe(1);
    expect(new URL(page.url()).pathname).toBe(EVENT_PATH);
    expect(await runningEntry(page)).toBe(await entryOf(next));
    expect((await workers()).waiting).toBeNull();
    expect(await notice(page, 'fr').count()).toBe(0);
    expect(seen.crashes).toEqual([]);
    problems.expectNone();
  });
});
