/**
 * Performance benchmark of the production build in Chromium: the 25,000-registration event
 * through the same-origin proxy and across origins (CORS), then search, sort, export, heap
 * and bundle size. `npm run bench` (BENCH_SKIP_BUILD=1 reuses dist/). A measurement, not a
 * test: it exits 0 when a target is missed and marks the miss. Results: test-results/bench.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEYS } from '../../src/mocks/data/demo-keys';
import { launchBrowser, watchPage } from '../e2e/browser';
import { measureBundle } from './bundle';
import { measureFloor } from './floor';
import { measureExport, measureHeap, measureSearch, measureSort } from './interactions';
import { measureFullLoad, signIn, type LoadFigures } from './load';
import { installProbes } from './page-probes';
import { buildApp, DIST_DIR, log, ROOT, startServers, warmUp, type Servers } from './serve';
import {
  EVENT_ID,
  EXPORTS,
  LATENCY_MS,
  MAX_PER_PAGE,
  PAGES,
  POOL_SIZE,
  REGISTRATIONS,
  SEARCH_LETTERS,
  SETUPS,
  SORT_CLICKS,
  type Setup,
} from './plan';
import { loadAverageNow, machine, printMachine } from './report';
import { buildReport, type SetupResult } from './summary';
import { TEXT } from './texts';

const formatted = REGISTRATIONS.toLocaleString('en-US');

async function runSetup(servers: Servers, setup: Setup, withInteractions: boolean): Promise<SetupResult> {
  const browser = await launchBrowser();
  try {
    browser.context.setDefaultTimeout(60_000);
    await installProbes(browser.context, TEXT.allLoaded(formatted));
    const page = await browser.newPage();
    const problems = watchPage(page);
    const cdp = await page.context().newCDPSession(page);
    const version = (await cdp.send('Browser.getVersion')).product;
    await signIn(page, servers.appUrl, setup.baseUrl(servers), DEMO_KEYS.alpine);
    log(`${setup.label}: signed in, loading event ${EVENT_ID}…`);
    const load: LoadFigures = await measureFullLoad(page, servers.appUrl, EVENT_ID, servers.api);
    log(`${setup.label}: all rows in ${Math.round(load.allRowsMs)} ms`);
    if (!withInteractions) return { version, load, problems: [...problems.problems] };

    const heap = await measureHeap(cdp);
    const unfiltered = TEXT.shown(formatted);
    const search = await measureSearch(page, SEARCH_LETTERS, unfiltered);
    log(`search: ${search.map((run) => Math.round(run.frameMs)).join(', ')} ms`);
    const sort = await measureSort(page, SORT_CLICKS);
    log(`sort: ${sort.map((run) => Math.round(run.frameMs)).join(', ')} ms`);
    const exports = await measureExport(page, EXPORTS);
    log(`export: ${exports.map((run) => Math.round(run.frameMs)).join(', ')} ms`);
    return { version, load, heap, search, sort, exports, problems: [...problems.problems] };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadAverageNow();
  const built = await buildApp();
  log(built === 'built' ? 'built dist/' : 'BENCH_SKIP_BUILD=1: reusing dist/');
  const bundle = measureBundle(DIST_DIR);

  const servers = await startServers({ latencyMs: LATENCY_MS, maxPerPage: MAX_PER_PAGE });
  log(
    `app ${servers.appUrl} -> api ${servers.api.url} (latency ${LATENCY_MS} ms, ≤ ${MAX_PER_PAGE} per page)`,
  );
  const results = new Map<Setup['id'], SetupResult>();
  try {
    await warmUp(servers.api.url, EVENT_ID, DEMO_KEYS.alpine);
    for (const setup of SETUPS) {
      const result = await runSetup(servers, setup, setup.id === 'proxy');
      const baseUrl = setup.baseUrl(servers);
      result.floor = await measureFloor({
        baseUrl: baseUrl.startsWith('/') ? servers.appUrl + baseUrl : baseUrl,
        eventId: EVENT_ID,
        apiKey: DEMO_KEYS.alpine,
        // Pages 0…251: the probe of page 0, every page, and the empty page that ends the list.
        lastPage: PAGES + 1,
        pool: POOL_SIZE,
        preflight: setup.roundTripsPerPage === 2,
      });
      results.set(setup.id, result);
    }
  } finally {
    await servers.close();
  }

  const chromium = results.get('proxy')?.version ?? 'unknown';
  const info = machine(chromium, loadAtStart);
  const report = buildReport({ results, bundle, machine: info });
  console.log('');
  printMachine(info);
  report.print();

  const outDir = join(ROOT, 'test-results');
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, 'bench.json');
  writeFileSync(outFile, `${JSON.stringify(report.json, null, 2)}\n`);
  log(`results written to ${outFile} (${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
