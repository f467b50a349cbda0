/**
 * `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling) on the production
 * build, printing the performance, accessibility and best-practices scores of each screen, what
 * pulled each one down, and its blocking time counted in the page's own CPU time rather than in
 * wall time (own-blocking-time.ts: on a busy machine the two differ). Lighthouse is a pinned
 * dev dependency, so this needs no network once `npm ci` has run; it is not part of CI (a run
 * takes minutes and its scores move with the machine's load).
 *
 * LIGHTHOUSE_SCREENS=registrations,event audits only those screens (of sign-in, registrations,
 * event, events): the same flow, a shorter wait while trying a change.
 *
 * Each screen is measured LIGHTHOUSE_RUNS times (default 5, as Lighthouse's guide to variability
 * advises: the median of five runs about halves the spread of one), each run on a new device (a
 * browser context of its own). The script prints every run's performance score and the full
 * figures of the median run, the one Lighthouse's computeMedianRun picks (closest to the median
 * first paint and time to interactive).
 *
 * Set-up: `vite build` (LIGHTHOUSE_SKIP_BUILD=1 reuses dist/), the demo Partner API over
 * HTTP, `vite preview` proxying /partner-api to it, and one Chromium (CHROME_PATH, default
 * /usr/bin/chromium) with a DevTools port that Lighthouse drives.
 *
 * A run is a promoter's, in one tab that Lighthouse drives (a Puppeteer page, which is what
 * Lighthouse accepts): the sign-in screen; a sign-in through the form with the background sync
 * paused (so event 1001 stays a first visit); a small event opened once (the first run on this
 * device, which learns how the API numbers its pages); then the screens measured, each loaded
 * afresh in that signed-in tab. The events list comes last, in a browser context of its own
 * (another new device): signed in there with the sync running, it counts every event while
 * measured. Lighthouse clears the HTTP cache, Cache Storage and the service worker before each
 * screen (as for a first visit) but keeps IndexedDB, localStorage and the tab's sessionStorage
 * (the key): the 25,000 registrations of event 1001 are downloaded for its first screen, and its
 * event page then reopens them from the encrypted copy on the device.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { preview } from 'vite';
import { apiPaths } from '../../src/lib/api-paths';
import { DEMO_EVENT_IDS } from '../../src/mocks/data/catalog';
import { DEMO_KEYS } from '../../src/mocks/data/demo-keys';
import { startMockHttpServer } from '../../src/mocks/server/http-server';
import { medianRun, medianScore, scoresOf } from './median-run';
import { ownBlockingTimeMs } from './own-blocking-time';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOST = '127.0.0.1';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { score: number | null; title: string; displayValue?: string; numericValue?: number }
  >;
  configSettings: { throttling: { cpuSlowdownMultiplier: number } };
  runtimeError?: { code: string; message: string };
}

/** One run's report of a screen, and its blocking time counted in CPU time (own-blocking-time.ts). */
interface ScreenAudit {
  result: LighthouseReport;
  ownBlockingMs: number | null;
}

function log(message: string): void {
  process.stdout.write(`[lighthouse] ${message}\n`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args[0] ?? ''} exited with ${code}`)),
    );
  });
}

async function build(): Promise<void> {
  if (process.env.LIGHTHOUSE_SKIP_BUILD === '1' && existsSync(join(ROOT, 'dist', 'index.html'))) {
    log('LIGHTHOUSE_SKIP_BUILD=1: reusing dist/');
    return;
  }
  const viteBin = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  await run(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    ...process.env,
    NODE_ENV: 'production',
  });
}

/** Chromium with a DevTools port; resolves once it prints the port it listens on. */
function launchChromium(profileDir: string): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(CHROME_PATH, [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // English UI: the script signs in through the form by its English labels.
    '--lang=en-US',
    '--remote-debugging-port=0',
    `--user-data-dir=${profileDir}`,
    'about:blank',
  ]);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.on('error', reject);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), process: child });
      }
    });
  });
}

const SCREENS = ['sign-in', 'registrations', 'event', 'events'] as const;
type Screen = (typeof SCREENS)[number];
/** Runs of each screen: LIGHTHOUSE_RUNS, a whole number from 1, or 5. */
const RUNS = /^[1-9]\d*$/.test(process.env.LIGHTHOUSE_RUNS ?? '') ? Number(process.env.LIGHTHOUSE_RUNS) : 5;
const chosen = new Set(
  (process.env.LIGHTHOUSE_SCREENS ?? SCREENS.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter((name): name is Screen => (SCREENS as readonly string[]).includes(name)),
);

/** The full reports stay here (gitignored) for a closer look. */
const REPORT_DIR = join(ROOT, 'test-results', 'lighthouse');

async function audit(name: string, run: number, url: string, page: Page): Promise<ScreenAudit> {
  log(`run ${run} of ${RUNS}, auditing ${name}: ${url}`);
  const result = await lighthouse(
    url,
    { output: 'json', onlyCategories: [...CATEGORIES], logLevel: 'error' },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const report = typeof result.report === 'string' ? result.report : (result.report[0] ?? '');
  await writeFile(join(REPORT_DIR, `${name}-${run}.json`), report);
  const parsed = JSON.parse(report) as LighthouseReport;
  const trace: unknown = (result.artifacts as { Trace?: unknown }).Trace;
  return {
    result: parsed,
    ownBlockingMs: ownBlockingTimeMs(trace, parsed.configSettings.throttling.cpuSlowdownMultiplier),
  };
}

/**
 * A screen's figures: each run's performance score and their median, then the median run's
 * scores (with every run's where they differ), what cost it points and its metrics.
 */
function summarize(name: string, runs: readonly ScreenAudit[]): string[] {
  const performance = scoresOf(runs, 'performance');
  const lines = [
    `${name}`,
    `  performance in ${runs.length} run${runs.length === 1 ? '' : 's'}: ${performance.map((score) => score ?? '—').join(', ')} (median ${medianScore(performance) ?? '—'})`,
  ];
  // A run Lighthouse could not measure (its trace unusable) has no score: it is said, and the
  // median run is picked among the others.
  runs.forEach(({ result }, index) => {
    if (performance[index] === null)
      lines.push(
        `  run ${index + 1} gave no figures: ${result.runtimeError ? `${result.runtimeError.code}, ${result.runtimeError.message}` : 'no performance score'}`,
      );
  });
  const median = medianRun(runs);
  if (!median) return lines;
  const { result, ownBlockingMs } = median;
  lines.push(`  the median run (Lighthouse's computeMedianRun):`);
  for (const category of CATEGORIES) {
    const { score, auditRefs } = result.categories[category] ?? { score: null, auditRefs: [] };
    const all = scoresOf(runs, category);
    // Performance's runs are on the first line; the others are shown where they differ.
    const others =
      category !== 'performance' && new Set(all).size > 1
        ? ` (runs: ${all.map((each) => each ?? '—').join(', ')})`
        : '';
    lines.push(`  ${category.padEnd(15)} ${score === null ? '—' : Math.round(score * 100)}${others}`);
    // What cost points: weighted audits that did not pass.
    for (const ref of auditRefs) {
      const audited = result.audits[ref.id];
      if (ref.weight > 0 && audited && audited.score !== null && audited.score < 1) {
        lines.push(`    - ${audited.title}${audited.displayValue ? ` (${audited.displayValue})` : ''}`);
      }
    }
  }
  const metrics = METRICS.map((id) => result.audits[id])
    .filter((metric) => metric !== undefined)
    .map((metric) => `${metric.title}: ${metric.displayValue ?? '—'}`);
  lines.push(`  ${metrics.join(' · ')}`);
  // Lighthouse weighs wall time; a busy machine lengthens it (see own-blocking-time.ts).
  lines.push(
    `  Blocking time in the page's own CPU time: ${ownBlockingMs === null ? '—' : `${ownBlockingMs} ms`}`,
  );
  return lines;
}

/** Signs in through the form (the address may be prefilled: it is remembered on the device). */
async function signInThroughForm(tab: Page, appUrl: string, { syncPaused }: { syncPaused: boolean }) {
  await tab.goto(`${appUrl}/sign-in`);
  if (syncPaused)
    await tab.evaluate(() => sessionStorage.setItem('promoter-dashboard.background-sync-paused', '1'));
  await tab.locator('input[inputmode="url"]').fill('/partner-api');
  await tab.locator('input[type="password"]').fill(DEMO_KEYS.alpine);
  await Promise.all([
    tab.waitForFunction(() => location.pathname === '/events', { timeout: 60_000 }),
    tab.locator('button[type="submit"]').click(),
  ]);
}

/**
 * Has the demo API make event 1001's answers once, from Node, before anything is measured: a
 * real API builds them on its own machine, where the demo server would build its 25,000
 * registrations on the two cores the page is measured on. Nothing reaches the browser, so its
 * first visit stays a first visit.
 */
async function warmDemoApi(apiUrl: string, eventId: number): Promise<void> {
  const headers = { 'X-API-Key': DEMO_KEYS.alpine };
  for (let page = 1; page <= 1_000; page += 1) {
    const response = await fetch(`${apiUrl}${apiPaths.registrations(eventId)}?page=${page}&per_page=500`, {
      headers,
    });
    if (!response.ok) return;
    const body = (await response.json()) as { registrations?: unknown[] };
    if (!body.registrations?.length) return;
  }
}

async function main(): Promise<void> {
  if (!existsSync(CHROME_PATH)) throw new Error(`No Chromium at ${CHROME_PATH}: set CHROME_PATH.`);
  await build();
  await mkdir(REPORT_DIR, { recursive: true });
  const api = await startMockHttpServer({ port: 0 });
  await warmDemoApi(api.url, DEMO_EVENT_IDS.largeMarathon);
  process.env.API_PROXY_TARGET = api.url.replace(/\/+$/, '');
  const app = await preview({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    preview: { host: HOST, port: 0, open: false },
  });
  const address = app.httpServer.address();
  const appUrl = `http://${HOST}:${typeof address === 'object' && address ? address.port : 0}`;
  const workDir = await mkdtemp(join(tmpdir(), 'lighthouse-'));
  const chrome = await launchChromium(join(workDir, 'profile'));
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://${HOST}:${chrome.port}`,
      defaultViewport: null,
    });
    const large = DEMO_EVENT_IDS.largeMarathon;
    const registrationsPath = `/events/${large}/registrations`;
    const eventPath = `/events/${large}`;
    const runs: Record<Screen, ScreenAudit[]> = { 'sign-in': [], registrations: [], event: [], events: [] };
    const measure = async (screen: Screen, run: number, path: string, tab: Page) => {
      if (chosen.has(screen)) runs[screen].push(await audit(screen, run, `${appUrl}${path}`, tab));
    };

    for (let run = 1; run <= RUNS; run += 1) {
      // Each run on a new device: a browser context of its own, with no copy of event 1001.
      const device = await browser.createBrowserContext();
      const tab = await device.newPage();
      await measure('sign-in', run, '/sign-in', tab);
      if (chosen.has('registrations') || chosen.has('event')) {
        // Sign in through the form, the background sync paused for this tab (as a promoter
        // can): event 1001 must still be a first visit when its registrations are measured.
        await signInThroughForm(tab, appUrl, { syncPaused: true });
        // The first run on this device: a small event's registrations, which learns the numbering.
        await tab.goto(`${appUrl}/events/${DEMO_EVENT_IDS.trickySmall}/registrations`);
        await tab.waitForFunction(() => document.body.innerText.includes('All 45 registrations loaded'), {
          timeout: 60_000,
        });
        await measure('registrations', run, registrationsPath, tab);
        await measure('event', run, eventPath, tab);
      }
      await device.close();

      // The events list right after a sign-in on another new device (no copy yet): the
      // background sync starts counting every event while it is measured.
      if (chosen.has('events')) {
        const fresh = await browser.createBrowserContext();
        const eventsTab = await fresh.newPage();
        await signInThroughForm(eventsTab, appUrl, { syncPaused: false });
        await measure('events', run, '/events', eventsTab);
        await fresh.close();
      }
    }
    await browser.disconnect();

    const sections: [string, Screen][] = [
      ['Sign-in (/sign-in)', 'sign-in'],
      ['Events list (/events)', 'events'],
      [`Registrations, 25,000 rows, first visit (${registrationsPath})`, 'registrations'],
      [`Event page, 25,000 rows, from the device copy (${eventPath})`, 'event'],
    ];
    const lines = sections.flatMap(([title, screen]) =>
      runs[screen].length > 0 ? [...summarize(title, runs[screen]), ''] : [],
    );
    process.stdout.write(`\n${lines.join('\n')}\nFull reports (<screen>-<run>.json): ${REPORT_DIR}\n`);
  } finally {
    await new Promise((resolve) => {
      chrome.process.once('exit', resolve);
      chrome.process.kill();
    });
    await app.close();
    await api.close();
    await rm(workDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
