/**
 * One event end to end: its full load in each of its set-ups (a fresh profile each time,
 * signed in with the event's promoter key), the interactions after the proxy load, and the
 * servers' floor for the same pages.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../e2e/browser';
import { measureFloor, type FloorFigures } from './floor';
import {
  measureCheckbox,
  measureExport,
  measureHeap,
  measureSort,
  type ExportRun,
  type HeapFigures,
  type Timing,
} from './interactions';
import { measureFullLoad, signIn, type LoadFigures } from './load';
import { installProbes } from './page-probes';
import {
  formatCount,
  MIN_KEYSTROKES,
  pagesOf,
  POOL_SIZE,
  SETTLE_MS,
  setupById,
  type EventPlan,
  type Setup,
} from './plan';
import { log, warmUp, type Servers } from './serve';
import { TEXT } from './texts';
import { measureTyping, type TypingFigures } from './typing';
import { typingQueries } from './typing-queries';

export interface InteractionFigures {
  heap: HeapFigures;
  typing: TypingFigures;
  checkbox: Timing[];
  sort: Timing[];
  exports: ExportRun[];
  /** The Excel workbook of every row, built in its worker. */
  workbooks: ExportRun[];
}

export interface SetupResult {
  version: string;
  load: LoadFigures;
  /** The same pages through the same servers with a bare Node client. */
  floor: FloorFigures;
  /** Proxy set-up only. */
  interactions: InteractionFigures | null;
  /** Console errors, uncaught errors and failed requests seen in the page. */
  problems: string[];
}

export interface EventResult {
  plan: EventPlan;
  results: Map<Setup['id'], SetupResult>;
}

async function runInteractions(plan: EventPlan, page: Page, heap: HeapFigures): Promise<InteractionFigures> {
  const tag = `event ${plan.eventId}`;
  await page.waitForTimeout(SETTLE_MS);
  const queries = typingQueries(plan.eventId, MIN_KEYSTROKES);
  const typing = await measureTyping(page, queries, TEXT.shown(formatCount(plan.registrations)));
  log(
    `${tag} typing ${queries.map((query) => `"${query}"`).join(', ')}: ` +
      `${typing.keystrokeMs.map(Math.round).join(', ')} ms; lost ${typing.lost}`,
  );
  const checkbox = await measureCheckbox(page, plan.checkboxClicks);
  log(`${tag} checkbox: ${checkbox.map((run) => Math.round(run.frameMs)).join(', ')} ms`);
  const sort = await measureSort(page, plan.sortClicks);
  log(`${tag} sort: ${sort.map((run) => Math.round(run.frameMs)).join(', ')} ms`);
  const exports = await measureExport(page, plan.exports);
  log(`${tag} export: ${exports.map((run) => Math.round(run.frameMs)).join(', ')} ms`);
  const workbooks = await measureExport(page, plan.workbooks, TEXT.workbook);
  log(`${tag} workbook: ${workbooks.map((run) => Math.round(run.frameMs)).join(', ')} ms`);
  return { heap, typing, checkbox, sort, exports, workbooks };
}

/** The browser part of a set-up: sign in, full load, and the interactions on the proxy. */
async function runBrowser(
  servers: Servers,
  plan: EventPlan,
  setup: Setup,
): Promise<Omit<SetupResult, 'floor'>> {
  const browser = await launchBrowser();
  try {
    browser.context.setDefaultTimeout(60_000);
    await installProbes(browser.context, TEXT.allLoaded(formatCount(plan.registrations)));
    const page = await browser.newPage();
    const problems = watchPage(page);
    const cdp = await page.context().newCDPSession(page);
    const version = (await cdp.send('Browser.getVersion')).product;
    await signIn(page, servers.appUrl, setup.baseUrl(servers), plan.apiKey);
    log(`event ${plan.eventId}, ${setup.label}: signed in, loading…`);
    const load = await measureFullLoad(page, servers.appUrl, plan.eventId, servers.api);
    log(`event ${plan.eventId}, ${setup.label}: all rows in ${Math.round(load.allRowsMs)} ms`);
    const interactions =
      setup.id === 'proxy' ? await runInteractions(plan, page, await measureHeap(cdp)) : null;
    return { version, load, interactions, problems: [...problems.problems] };
  } finally {
    await browser.close();
  }
}

/** With the browser closed, so the bare client has the machine to itself. */
async function runSetup(servers: Servers, plan: EventPlan, setup: Setup): Promise<SetupResult> {
  const result = await runBrowser(servers, plan, setup);
  const baseUrl = setup.baseUrl(servers);
  const floor = await measureFloor({
    baseUrl: baseUrl.startsWith('/') ? servers.appUrl + baseUrl : baseUrl,
    eventId: plan.eventId,
    apiKey: plan.apiKey,
    // The probe of page 0, every page, and the empty page that ends the list.
    lastPage: pagesOf(plan) + 1,
    pool: POOL_SIZE,
    preflight: setup.roundTripsPerPage === 2,
  });
  return { ...result, floor };
}

export async function measureEvent(servers: Servers, plan: EventPlan): Promise<EventResult> {
  await warmUp(servers.api.url, plan.eventId, plan.apiKey);
  const results = new Map<Setup['id'], SetupResult>();
  for (const id of plan.setups) results.set(id, await runSetup(servers, plan, setupById(id)));
  return { plan, results };
}
