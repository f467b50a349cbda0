import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Page, Request } from 'playwright-core';
import type { MockHttpServer, RequestStats } from '../../src/mocks/server/http-server';
import { readLoadMarks, registrationResourceSpan, type ResourceSpan } from './page-probes';
import { TEXT } from './texts';

export interface LoadFigures {
  /** Navigation start -> first table row in the DOM. */
  firstRowsMs: number;
  /** Navigation start -> "All N registrations loaded". */
  allRowsMs: number;
  /** The mock API's request counts for the load (event, categories and registration pages). */
  api: RequestStats;
  /** Registration page GETs the page issued (Playwright's view), and which page numbers. */
  pageRequests: number;
  pageNumbers: { min: number; max: number; repeated: number[] };
  span: ResourceSpan | null;
  /** Main-thread tasks over 50 ms from the navigation to LOAD_TAIL_MS after "all loaded". */
  longTasks: { count: number; totalMs: number; maxMs: number };
  /**
   * This Node process (mock API and vite preview's proxy) during the load: CPU time as a share
   * of one core, and its event-loop delay (a busy loop delays every answer).
   */
  node: { cpuPercentOfOneCore: number; eventLoopDelayP99Ms: number };
}

/**
 * The load's window ends this long after "All N registrations loaded": the work the last
 * page sets off (the complete list's first render) belongs to the load.
 */
export const LOAD_TAIL_MS = 500;

/** Signs in through the form and waits for the events screen. */
export async function signIn(page: Page, appUrl: string, baseUrl: string, apiKey: string): Promise<void> {
  await page.goto(new URL('/sign-in', appUrl).href);
  await page.getByRole('heading', { level: 1, name: TEXT.signInTitle }).waitFor();
  await page.getByLabel(TEXT.baseUrl, { exact: true }).fill(baseUrl);
  await page.getByLabel(TEXT.apiKey, { exact: true }).fill(apiKey);
  await page.getByRole('button', { name: TEXT.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/events');
  await page.locator('.event-card__name').first().waitFor();
  // Let the events screen's last requests finish before the counters are zeroed.
  await page.waitForTimeout(300);
}

/**
 * A full page load of the registrations screen (the session stays in the tab's
 * sessionStorage), timed inside the page from the navigation start.
 */
export async function measureFullLoad(
  page: Page,
  appUrl: string,
  eventId: number,
  api: MockHttpServer,
): Promise<LoadFigures> {
  const pages: number[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    // fetch only: the document itself has the same path (/events/1001/registrations).
    if (request.resourceType() === 'fetch' && url.pathname.endsWith(`/events/${eventId}/registrations`)) {
      pages.push(Number(url.searchParams.get('page')));
    }
  };
  page.on('request', onRequest);
  api.resetStats();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  await page.goto(new URL(`/events/${eventId}/registrations`, appUrl).href);
  await page.waitForFunction(
    () => (window as { __benchLoad?: { allLoadedAt: number | null } }).__benchLoad?.allLoadedAt != null,
    undefined,
    { timeout: 180_000, polling: 100 },
  );
  const cpu = process.cpuUsage(cpuBefore);
  const wall = performance.now() - wallBefore;
  loopDelay.disable();
  // Speculative requests past the end are aborted by the page but may still reach the server.
  await page.waitForTimeout(LOAD_TAIL_MS);
  page.off('request', onRequest);
  const marks = await readLoadMarks(page);
  if (marks?.firstRowAt == null || marks.allLoadedAt == null) throw new Error('The load marks are missing.');
  const loadEnd = marks.allLoadedAt + LOAD_TAIL_MS;
  const longTasks = marks.longTasks.filter(([start]) => start <= loadEnd);
  return {
    firstRowsMs: marks.firstRowAt,
    allRowsMs: marks.allLoadedAt,
    api: api.stats(),
    pageRequests: pages.length,
    pageNumbers: {
      min: Math.min(...pages),
      max: Math.max(...pages),
      repeated: [...new Set(pages.filter((page, index) => pages.indexOf(page) !== index))],
    },
    span: await registrationResourceSpan(page),
    longTasks: {
      count: longTasks.length,
      totalMs: longTasks.reduce((sum, [, duration]) => sum + duration, 0),
      maxMs: Math.max(0, ...longTasks.map(([, duration]) => duration)),
    },
    node: {
      cpuPercentOfOneCore: Math.round(((cpu.user + cpu.system) / 1000 / wall) * 100),
      eventLoopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e6),
    },
  };
}
