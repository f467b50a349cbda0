/**
 * Performance benchmark of the production build in Chromium against the product's budgets: the
 * 25,000-registration event (1001) through the same-origin proxy and across origins (CORS),
 * the 100,000-registration event (1020) through the proxy, then keystrokes, a filter
 * checkbox, sort, export and heap on each, TanStack's row models against the screen's and
 * the event overview's computation in Node, and the bundle size; the event page's overview in
 * the browser, the longest main-thread task per flow and the memory of the page and its
 * workers. `npm run bench` (BENCH_SKIP_BUILD=1 reuses dist/; BENCH_EVENTS=1001 and
 * BENCH_QUICK=1 make a short run). A measurement, not a test: it exits 0 when a target is
 * missed and marks the miss. The search across events (`search.ts`, the league account's
 * 500,000 registrations) and the events list while the background sync counts every event
 * (`events-sync.ts`) run last; BENCH_SEARCH_ONLY=1 and BENCH_SYNC_ONLY=1 run one of them alone,
 * BENCH_BUNDLE_ONLY=1 the bundle's sizes alone (a few seconds, no browser).
 * Results: test-results/bench.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureBundle } from './bundle';
import { measureEvent, type EventResult } from './measure-event';
import { EVENT_PLANS, formatCount, LATENCY_MS, MAX_PER_PAGE } from './plan';
import { loadAverageNow, machine, printMachine } from './report';
import { measureRowModels, type RowModelFigures } from './row-models';
import { measureInsights, type InsightsFigures } from './insights';
import { buildApp, DIST_DIR, log, ROOT, startServers } from './serve';
import { measureEventsSync, reportEventsSync } from './events-sync';
import { measureSearch, reportSearch } from './search';
import { buildReport, printBundle } from './summary';

const SEARCH_ONLY = process.env.BENCH_SEARCH_ONLY === '1';
const SYNC_ONLY = process.env.BENCH_SYNC_ONLY === '1';
const BUNDLE_ONLY = process.env.BENCH_BUNDLE_ONLY === '1';

/**
 * One part of the bench alone (BENCH_SEARCH_ONLY=1, BENCH_SYNC_ONLY=1): build, measure,
 * print, and write test-results/bench-<name>.json.
 */
async function onePart<F extends { chromium: string }>(
  name: string,
  measure: () => Promise<F>,
  report: (figures: F) => { print: () => void; json: Record<string, unknown> },
): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadAverageNow();
  const built = await buildApp();
  log(built === 'built' ? 'built dist/' : 'BENCH_SKIP_BUILD=1: reusing dist/');
  const figures = await measure();
  const part = report(figures);
  console.log('');
  printMachine(machine(figures.chromium, loadAtStart));
  part.print();
  const outDir = join(ROOT, 'test-results');
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, `bench-${name}.json`);
  writeFileSync(outFile, `${JSON.stringify(part.json, null, 2)}\n`);
  log(`results written to ${outFile} (${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
}

async function main(): Promise<void> {
  if (SEARCH_ONLY) return onePart('search', measureSearch, reportSearch);
  if (SYNC_ONLY) return onePart('events-sync', measureEventsSync, reportEventsSync);
  if (BUNDLE_ONLY) {
    const built = await buildApp();
    log(built === 'built' ? 'built dist/' : 'BENCH_SKIP_BUILD=1: reusing dist/');
    return printBundle(measureBundle(DIST_DIR));
  }
  if (EVENT_PLANS.length === 0) throw new Error(`BENCH_EVENTS=${process.env.BENCH_EVENTS}: no such event.`);
  const started = performance.now();
  const loadAtStart = loadAverageNow();
  const built = await buildApp();
  log(built === 'built' ? 'built dist/' : 'BENCH_SKIP_BUILD=1: reusing dist/');
  const bundle = measureBundle(DIST_DIR);

  const servers = await startServers({ latencyMs: LATENCY_MS, maxPerPage: MAX_PER_PAGE });
  log(
    `app ${servers.appUrl} -> api ${servers.api.url} (latency ${LATENCY_MS} ms, ≤ ${MAX_PER_PAGE} per page)`,
  );
  const events: EventResult[] = [];
  try {
    for (const plan of EVENT_PLANS) events.push(await measureEvent(servers, plan));
  } finally {
    await servers.close();
  }

  // In Node once the browser is closed: only CPU work, no servers or pages competing.
  const rowModels: RowModelFigures[] = [];
  for (const plan of EVENT_PLANS) {
    rowModels.push(measureRowModels(plan.eventId));
    log(`row models: ${formatCount(plan.registrations)} rows measured`);
  }

  const insights: InsightsFigures[] = [];
  for (const plan of EVENT_PLANS) {
    insights.push(measureInsights(plan.eventId));
    log(`overview insights: ${formatCount(plan.registrations)} rows measured`);
  }

  const search = reportSearch(await measureSearch());
  const eventsSync = reportEventsSync(await measureEventsSync());

  const chromium = events[0]?.results.get('proxy')?.version ?? 'unknown';
  const info = machine(chromium, loadAtStart);
  const report = buildReport({ events, rowModels, insights, bundle, machine: info });
  console.log('');
  printMachine(info);
  report.print();
  search.print();
  eventsSync.print();

  const outDir = join(ROOT, 'test-results');
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, 'bench.json');
  writeFileSync(
    outFile,
    `${JSON.stringify({ ...report.json, search: search.json, eventsSync: eventsSync.json }, null, 2)}\n`,
  );
  log(`results written to ${outFile} (${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
