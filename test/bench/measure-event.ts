/**
 * One event end to end: its full load in each of its set-ups (a fresh profile each time,
 * signed in with the event's promoter key), the interactions after the proxy load, and the
 * servers' floor for the same pages.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, watchPage } from '../e2e/browser';
import { copyStorage, type CopyStorage } from './copy-storage';
import { resetDemo } from './delta';
import {
  measureColdEventPage,
  measureColdTab,
  type ColdTab,
  measureEventPageVisits,
  type ColdEventPage,
  type EventPageVisits,
} from './event-page';
import { flowTasks, inFlow, type FlowTasks } from './flows';
import { measureFloor, type FloorFigures } from './floor';
import {
  measureCheckbox,
  measureExport,
  measureHeap,
  measureNumbers,
  measureSort,
  type ExportRun,
  type HeapFigures,
  type Timing,
} from './interactions';
import { LOAD_TAIL_MS, measureFullLoad, signIn, type LoadFigures } from './load';
import { watchMemory, type MemoryFigures, type MemoryProbe } from './memory';
import { installProbes, pageNow } from './page-probes';
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
import { measureReopen, waitForSavedCopy, type ReopenFigures } from './reopen';
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
  /** The "Numbers" dialog over every row: click → its tables shown. */
  numbers: Timing[];
  /** The event page from the registrations screen, rows in the cache. */
  eventPage: EventPageVisits;
  /** The event page loaded from scratch, after the rest. */
  eventPageCold: ColdEventPage;
  /** The event page loaded from scratch on its merch tab, last. */
  merchCold: ColdTab;
  checksCold: ColdTab;
  /** Page and workers after a GC: after the full load, and on the event page (overview shown). */
  memory: { afterLoad: MemoryFigures; eventPage: MemoryFigures | null };
  /** Long tasks per flow, in the order the flows ran. */
  flows: FlowTasks[];
}

export interface SetupResult {
  version: string;
  load: LoadFigures;
  /** The same pages through the same servers with a bare Node client. */
  floor: FloorFigures;
  /** Proxy set-up only. */
  interactions: InteractionFigures | null;
  /** Proxy set-up only: a relaunch on the same profile, reopened from the copy on the device. */
  reopen: ReopenFigures | null;
  /** Proxy set-up only: what the saved copy of the event takes on the device. */
  copy: CopyStorage | null;
  /** Console errors, uncaught errors and failed requests seen in the page. */
  problems: string[];
}

export interface EventResult {
  plan: EventPlan;
  results: Map<Setup['id'], SetupResult>;
}

interface AfterLoad {
  load: FlowTasks;
  /**
   * performance.now() once the heap and memory figures are taken: the idle window starts
   * there, after the forced GCs, which are the bench's own pauses.
   */
  idleFrom: number;
  heap: HeapFigures;
  memory: MemoryFigures;
}

async function runInteractions(
  plan: EventPlan,
  page: Page,
  appUrl: string,
  memory: MemoryProbe,
  afterLoad: AfterLoad,
): Promise<InteractionFigures> {
  const tag = `event ${plan.eventId}`;
  const ms = (runs: readonly Timing[]) => runs.map((run) => Math.round(run.frameMs)).join(', ');
  const unfiltered = TEXT.shown(formatCount(plan.registrations));
  const flows: FlowTasks[] = [afterLoad.load];
  await page.waitForTimeout(SETTLE_MS);
  flows.push(await flowTasks(page, 'settle', afterLoad.idleFrom, await pageNow(page)));
  const queries = typingQueries(plan.eventId, MIN_KEYSTROKES);
  const typing = await inFlow(page, 'typing', () => measureTyping(page, queries, unfiltered));
  flows.push(typing.tasks);
  log(
    `${tag} typing ${queries.map((query) => `"${query}"`).join(', ')}: ` +
      `${typing.value.keystrokeMs.map(Math.round).join(', ')} ms; lost ${typing.value.lost}`,
  );
  const checkbox = await inFlow(page, 'checkbox', () => measureCheckbox(page, plan.checkboxClicks));
  flows.push(checkbox.tasks);
  log(`${tag} checkbox: ${ms(checkbox.value)} ms`);
  const sort = await inFlow(page, 'sort', () => measureSort(page, plan.sortClicks));
  flows.push(sort.tasks);
  log(`${tag} sort: ${ms(sort.value)} ms`);
  const exports = await inFlow(page, 'export', () => measureExport(page, plan.exports));
  flows.push(exports.tasks);
  log(`${tag} export: ${ms(exports.value)} ms`);
  const workbooks = await inFlow(page, 'workbook', () => measureExport(page, plan.workbooks, TEXT.workbook));
  flows.push(workbooks.tasks);
  log(`${tag} workbook: ${ms(workbooks.value)} ms`);
  const numbers = await inFlow(page, 'numbers', () => measureNumbers(page, plan.numbers));
  flows.push(numbers.tasks);
  log(`${tag} "Numbers": ${ms(numbers.value)} ms`);
  let memoryOnEventPage: MemoryFigures | null = null;
  const eventPage = await measureEventPageVisits(page, plan.eventPageVisits, unfiltered, async () => {
    memoryOnEventPage = await memory.sample();
  });
  flows.push(eventPage.tasks);
  log(`${tag} event page, rows cached: ${ms(eventPage.runs)} ms`);
  const eventPageCold = await measureColdEventPage(page, appUrl, plan.eventId);
  flows.push(eventPageCold.tasks);
  log(`${tag} event page, fresh load: overview at ${Math.round(eventPageCold.overviewMs)} ms`);
  const merchCold = await measureColdTab(page, appUrl, plan.eventId, 'merch');
  flows.push(merchCold.tasks);
  log(`${tag} merch tab, fresh load: order sheet at ${Math.round(merchCold.shownMs)} ms`);
  const checksCold = await measureColdTab(page, appUrl, plan.eventId, 'checks');
  flows.push(checksCold.tasks);
  log(`${tag} Checks tab, fresh load: findings at ${Math.round(checksCold.shownMs)} ms`);
  return {
    heap: afterLoad.heap,
    typing: typing.value,
    checkbox: checkbox.value,
    sort: sort.value,
    exports: exports.value,
    workbooks: workbooks.value,
    numbers: numbers.value,
    eventPage,
    eventPageCold,
    merchCold,
    checksCold,
    memory: { afterLoad: afterLoad.memory, eventPage: memoryOnEventPage },
    flows,
  };
}

/**
 * The browser part of a set-up: sign in, full load, and the interactions on the proxy. With a
 * `profileDir` the profile is kept and, before the browser closes, the copy of the event on
 * the device is waited for (the reopen then relaunches on it).
 */
async function runBrowser(
  servers: Servers,
  plan: EventPlan,
  setup: Setup,
  profileDir?: string,
): Promise<Omit<SetupResult, 'floor' | 'reopen'>> {
  const browser = await launchBrowser(profileDir === undefined ? {} : { userDataDir: profileDir });
  try {
    browser.context.setDefaultTimeout(60_000);
    const total = formatCount(plan.registrations);
    await installProbes(browser.context, {
      allLoadedText: TEXT.allLoaded(total),
      overview: { label: TEXT.registrationsFigure, value: total },
    });
    const page = await browser.newPage();
    const problems = watchPage(page);
    const cdp = await page.context().newCDPSession(page);
    // Before the page starts any worker.
    const memory = await watchMemory(page);
    const version = (await cdp.send('Browser.getVersion')).product;
    await signIn(page, servers.appUrl, setup.baseUrl(servers), plan.apiKey);
    log(`event ${plan.eventId}, ${setup.label}: signed in, loading…`);
    const load = await measureFullLoad(page, servers.appUrl, plan.eventId, servers.api);
    log(`event ${plan.eventId}, ${setup.label}: all rows in ${Math.round(load.allRowsMs)} ms`);
    let interactions: InteractionFigures | null = null;
    if (setup.id === 'proxy') {
      const loadTasks = await flowTasks(page, 'load', 0, load.allRowsMs + LOAD_TAIL_MS);
      const heap = await measureHeap(cdp);
      const afterLoad: AfterLoad = {
        load: loadTasks,
        heap,
        memory: await memory.sample(),
        idleFrom: await pageNow(page),
      };
      interactions = await runInteractions(plan, page, servers.appUrl, memory, afterLoad);
    }
    let copy: CopyStorage | null = null;
    if (profileDir !== undefined) {
      await waitForSavedCopy(page, plan);
      copy = await copyStorage(page, plan.eventId);
      log(
        `event ${plan.eventId}, ${setup.label}: copy saved on the device, ` +
          `${Math.round(copy.bytesPer1000)} bytes per 1,000 registrations`,
      );
    }
    return { version, load, interactions, copy, problems: [...problems.problems] };
  } finally {
    await browser.close();
  }
}

/** With the browser closed, so the bare client has the machine to itself. */
async function runSetup(servers: Servers, plan: EventPlan, setup: Setup): Promise<SetupResult> {
  const baseUrl = setup.baseUrl(servers);
  let result: Omit<SetupResult, 'floor' | 'reopen'>;
  let reopen: ReopenFigures | null = null;
  if (setup.id === 'proxy') {
    // A kept profile: closed after the full load and its copy, then reopened on the same one.
    const profileDir = await mkdtemp(join(tmpdir(), 'bench-profile-'));
    try {
      result = await runBrowser(servers, plan, setup, profileDir);
      reopen = await measureReopen(servers.appUrl, baseUrl, servers.api.url, plan, profileDir);
    } finally {
      await rm(profileDir, { recursive: true, force: true });
      // The reopen moved the demo a day ahead: the next set-ups and the floor find it as it was.
      await resetDemo(servers.api.url, plan.apiKey);
      await warmUp(servers.api.url, plan.eventId, plan.apiKey);
    }
  } else {
    result = await runBrowser(servers, plan, setup);
  }
  const floor = await measureFloor({
    baseUrl: baseUrl.startsWith('/') ? servers.appUrl + baseUrl : baseUrl,
    eventId: plan.eventId,
    apiKey: plan.apiKey,
    // The probe of page 0, every page, and the empty page that ends the list.
    lastPage: pagesOf(plan) + 1,
    pool: POOL_SIZE,
    preflight: setup.roundTripsPerPage === 2,
  });
  return { ...result, reopen, floor };
}

export async function measureEvent(servers: Servers, plan: EventPlan): Promise<EventResult> {
  await warmUp(servers.api.url, plan.eventId, plan.apiKey);
  const results = new Map<Setup['id'], SetupResult>();
  for (const id of plan.setups) results.set(id, await runSetup(servers, plan, setupById(id)));
  return { plan, results };
}
