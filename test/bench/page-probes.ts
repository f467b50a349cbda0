/**
 * Code that runs inside the page. Timings are taken there with performance.now() (ms since
 * the navigation started), not in Node, so Playwright's round trips do not count.
 *
 * tsx (esbuild with keepNames) wraps named inner functions in `__name(...)`; functions sent to
 * the page carry those calls, so the page gets a no-op `__name` first (NAME_SHIM).
 */
import type { BrowserContext, Page } from 'playwright-core';

export const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((target) => target);';

export interface LoadMarks {
  /** performance.now() when the first table row was in the DOM, or null. */
  firstRowAt: number | null;
  /** performance.now() when the "All N registrations loaded" text appeared, or null. */
  allLoadedAt: number | null;
  /**
   * Event page loaded from scratch only: performance.now() when the overview's figures were in
   * the DOM (see OverviewSignal), and the frame after that; null otherwise.
   */
  overviewAt: number | null;
  overviewFrameAt: number | null;
  /**
   * Event page opened on its merch tab (#merch) only: performance.now() when the order sheet's
   * table was in the DOM; null otherwise.
   */
  sheetAt: number | null;
  /**
   * Event page opened on its Checks tab (#checks) only: performance.now() when the data
   * doctor's findings (or its "no finding") were in the DOM; null otherwise.
   */
  checksAt: number | null;
  /** Main-thread tasks over 50 ms since the navigation: [start, duration]. */
  longTasks: [number, number][];
}

/**
 * How the bench knows the event page's overview is shown complete: the "Registrations" key
 * figure (a <dt> with that text) shows the event's total in its <dd>, and no ancestor says
 * `aria-busy="true"`. The page gets this check as `__benchOverviewShown` from the init script,
 * for the load watcher and for the in-app probe alike: when the event page changes shape
 * (tabs, a worker computing the figures), this is the one place to adjust.
 */
export interface OverviewSignal {
  /** The key figure's term: "Registrations". */
  label: string;
  /** The figure it must show: "25,000". */
  value: string;
}

export interface ProbeSettings {
  /** "All 25,000 registrations loaded". */
  allLoadedText: string;
  overview: OverviewSignal;
}

interface BenchWindow {
  __benchLoad?: LoadMarks;
  __benchProbe?: Promise<ProbeResult>;
  __benchOverviewShown?: () => boolean;
}

/**
 * Installed before any page script: records every long task since the navigation, and
 * watches for the first row, the "all loaded" text and, on the event page, the overview.
 */
function loadProbe({ allLoadedText, overview }: ProbeSettings): void {
  // Room for 250+ page requests plus the assets (the default buffer keeps 250 entries).
  performance.setResourceTimingBufferSize(5000);
  const marks: LoadMarks = {
    firstRowAt: null,
    allLoadedAt: null,
    overviewAt: null,
    overviewFrameAt: null,
    sheetAt: null,
    checksAt: null,
    longTasks: [],
  };
  const benchWindow = window as BenchWindow;
  benchWindow.__benchLoad = marks;
  benchWindow.__benchOverviewShown = () =>
    [...document.querySelectorAll('dt')].some(
      (term) =>
        term.textContent?.trim() === overview.label &&
        (term.nextElementSibling?.textContent ?? '').includes(overview.value) &&
        term.closest('[aria-busy="true"]') === null,
    );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // Loaded from scratch on the event page: there are no table rows to wait for, the overview instead.
  const eventPage = /^\/events\/\d+\/?$/.test(location.pathname);
  // Opened on the merch tab, the figures to wait for are the order sheet's.
  const merch = eventPage && location.hash === '#merch';
  const checks = eventPage && location.hash === '#checks';
  const observer = new MutationObserver(() => {
    if (marks.firstRowAt === null && document.querySelector('.registrations-table tbody tr[aria-rowindex]')) {
      marks.firstRowAt = performance.now();
    }
    if (marks.allLoadedAt === null) {
      for (const status of document.querySelectorAll('.load-status')) {
        if (status.textContent?.includes(allLoadedText)) marks.allLoadedAt = performance.now();
      }
    }
    if (eventPage && marks.overviewAt === null && benchWindow.__benchOverviewShown?.()) {
      marks.overviewAt = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() => {
          marks.overviewFrameAt = performance.now();
        }, 0),
      );
    }
    if (merch && marks.sheetAt === null && document.querySelector('.order-sheet table')) {
      marks.sheetAt = performance.now();
    }
    if (checks && marks.checksAt === null && document.querySelector('.checks__summary, .checks__none')) {
      marks.checksAt = performance.now();
    }
    const shown = merch
      ? marks.sheetAt
      : checks
        ? marks.checksAt
        : eventPage
          ? marks.overviewAt
          : marks.firstRowAt;
    if (marks.allLoadedAt !== null && shown !== null) {
      observer.disconnect();
    }
  });
  // Attributes too on the event page, where `aria-busy` turning false can be the last change.
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: eventPage });
}

export async function installProbes(context: BrowserContext, settings: ProbeSettings): Promise<void> {
  await context.addInitScript({ content: NAME_SHIM });
  await context.addInitScript(loadProbe, settings);
}

/** performance.now() in the page: the time base of every mark and long task. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** Durations of the long tasks that started between `from` and `to` (performance.now()). */
export function longTasksBetween(page: Page, from: number, to: number): Promise<number[]> {
  return page.evaluate(
    ([start, end]) =>
      ((window as BenchWindow).__benchLoad?.longTasks ?? [])
        .filter(([at]) => at >= start && at <= end)
        .map(([, duration]) => duration),
    [from, to] as const,
  );
}

export function readLoadMarks(page: Page): Promise<LoadMarks | null> {
  return page.evaluate(() => (window as BenchWindow).__benchLoad ?? null);
}

export interface ResourceSpan {
  /** Registration page requests the browser made (resource timing entries). */
  requests: number;
  /** startTime of the first one and responseEnd of the last one (ms since navigation start). */
  firstStart: number;
  lastEnd: number;
  /** Most requests in flight at once. */
  maxInFlight: number;
  /** Request start -> response end, per request: median and 90th percentile. */
  medianMs: number;
  p90Ms: number;
  /**
   * Mean time a pool slot sat idle: from a response's end to the start of the next request
   * (sorted by time), i.e. the page's own delay in issuing the next request.
   */
  meanIdleSlotMs: number;
}

/** Resource timing of the registration page requests: when the loader started and ended. */
export function registrationResourceSpan(page: Page): Promise<ResourceSpan | null> {
  return page.evaluate(() => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/registrations\?/.test(entry.name)) as PerformanceResourceTiming[];
    if (entries.length === 0) return null;
    const edges: [number, number][] = [];
    for (const entry of entries) edges.push([entry.startTime, 1], [entry.responseEnd, -1]);
    edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let inFlight = 0;
    let maxInFlight = 0;
    for (const [, delta] of edges) {
      inFlight += delta;
      maxInFlight = Math.max(maxInFlight, inFlight);
    }
    const durations = entries.map((entry) => entry.responseEnd - entry.startTime).sort((a, b) => a - b);
    const at = (q: number) =>
      durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] ?? 0;
    // Pair the k-th response end with the (k + pool)-th request start: the slot it freed.
    const starts = entries.map((entry) => entry.startTime).sort((a, b) => a - b);
    const ends = entries.map((entry) => entry.responseEnd).sort((a, b) => a - b);
    const idle: number[] = [];
    for (let k = 0; k + maxInFlight < starts.length; k += 1) {
      idle.push(Math.max(0, starts[k + maxInFlight]! - ends[k]!));
    }
    return {
      requests: entries.length,
      firstStart: starts[0] ?? 0,
      lastEnd: ends[ends.length - 1] ?? 0,
      maxInFlight,
      medianMs: at(0.5),
      p90Ms: at(0.9),
      meanIdleSlotMs: idle.length ? idle.reduce((a, b) => a + b, 0) / idle.length : 0,
    };
  });
}

/**
 * `count`: a click that changes the count line (a filter checkbox); `sort`: a click on a
 * column header; `export`: a click that ends in a download; `overview`: a click that leads to
 * the event page with its overview shown (OverviewSignal); `dialog`: a click that opens the
 * modal dialog of that title with its tables of figures.
 */
export type ProbeKind =
  | { kind: 'count' }
  | { kind: 'sort'; columnTitle: string }
  | { kind: 'export' }
  | { kind: 'overview' }
  | { kind: 'dialog'; title: string };

export interface ProbeResult {
  /** The click's event.timeStamp: when the browser received it, performance.now() time base. */
  start: number | null;
  /** The DOM showed the new rows (MutationObserver). */
  dom: number | null;
  /** The frame after that (requestAnimationFrame, then a task): roughly the paint. */
  frame: number | null;
  /**
   * The new count line (count), aria-sort value (sort), the download file name (export), the
   * number of tables in the dialog (dialog).
   */
  detail: string | null;
  /** Main-thread tasks over 50 ms between arming and the end (export only). */
  longTasks: number[];
  timedOut: boolean;
}

/**
 * Arms a one-shot measurement: the next click starts the clock; the DOM change that shows its
 * result stops it. Read the result with `probeResult`.
 */
function armProbe(spec: ProbeKind): void {
  const result: ProbeResult = {
    start: null,
    dom: null,
    frame: null,
    detail: null,
    longTasks: [],
    timedOut: false,
  };
  const countText = () => document.querySelector('.registrations-count')?.textContent ?? '';
  const sortHeader = () =>
    spec.kind === 'sort'
      ? ([...document.querySelectorAll('.registrations-table th')].find((th) =>
          th.querySelector('button')?.textContent?.includes(spec.columnTitle),
        ) ?? null)
      : null;
  const beforeCount = countText();
  const beforeSort = sortHeader()?.getAttribute('aria-sort') ?? 'none';
  // Rows with an aria-rowindex are the data rows in view; the spacer rows around them have none.
  const firstRow = () =>
    document.querySelector('.registrations-table tbody tr[aria-rowindex]')?.textContent ?? '';
  const beforeFirstRow = firstRow();

  let longTaskObserver: PerformanceObserver | null = null;
  if (spec.kind === 'export') {
    longTaskObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) result.longTasks.push(entry.duration);
    });
    longTaskObserver.observe({ type: 'longtask' });
  }

  (window as BenchWindow).__benchProbe = new Promise<ProbeResult>((resolve) => {
    let observer: MutationObserver | null = null;
    const cleanup: (() => void)[] = [];
    const finish = (timedOut: boolean) => {
      result.timedOut = timedOut;
      observer?.disconnect();
      for (const undo of cleanup) undo();
      // Long tasks are reported after they end; give the observer a moment.
      setTimeout(() => {
        if (longTaskObserver) {
          for (const entry of longTaskObserver.takeRecords()) result.longTasks.push(entry.duration);
          longTaskObserver.disconnect();
        }
        resolve(result);
      }, 300);
    };
    const done = () => {
      if (result.dom !== null) return;
      result.dom = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() => {
          result.frame = performance.now();
          finish(false);
        }, 0),
      );
    };
    const timer = setTimeout(() => finish(true), 30_000);
    cleanup.push(() => clearTimeout(timer));

    const onStart = (event: Event) => {
      if (result.start !== null) return;
      const now = performance.now();
      // A busy main thread delays the listener, not the user: start from the event's own time.
      result.start = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
    };
    document.addEventListener('click', onStart, { capture: true });
    cleanup.push(() => document.removeEventListener('click', onStart, { capture: true }));

    if (spec.kind === 'export') {
      // downloadBlob clicks a temporary <a download> attached to the body.
      const onDownloadClick = (event: Event) => {
        const link = event.target;
        if (link instanceof HTMLAnchorElement && link.download && result.start !== null) {
          result.detail = link.download;
          done();
        }
      };
      document.addEventListener('click', onDownloadClick, { capture: true });
      cleanup.push(() => document.removeEventListener('click', onDownloadClick, { capture: true }));
      return;
    }

    const openDialog = () =>
      spec.kind === 'dialog'
        ? ([...document.querySelectorAll('dialog[open]')].find((dialog) => {
            const heading = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
            return heading?.textContent?.trim() === spec.title;
          }) ?? null)
        : null;

    observer = new MutationObserver(() => {
      if (result.start === null) return;
      if (spec.kind === 'overview') {
        if ((window as BenchWindow).__benchOverviewShown?.()) {
          result.detail = location.pathname;
          done();
        }
        return;
      }
      if (spec.kind === 'dialog') {
        const tables = openDialog()?.querySelectorAll('table').length ?? 0;
        if (tables > 0) {
          result.detail = `${tables} tables`;
          done();
        }
        return;
      }
      if (spec.kind === 'count') {
        const count = countText();
        if (count !== beforeCount) {
          result.detail = count;
          done();
        }
        return;
      }
      const sort = sortHeader()?.getAttribute('aria-sort') ?? 'none';
      if (sort !== beforeSort) {
        result.detail = `${sort}${firstRow() === beforeFirstRow ? ' (first row unchanged)' : ''}`;
        done();
      }
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
  });
}

export function arm(page: Page, spec: ProbeKind): Promise<void> {
  return page.evaluate(armProbe, spec);
}

export async function probeResult(page: Page): Promise<ProbeResult> {
  const result = await page.evaluate(() => (window as BenchWindow).__benchProbe ?? null);
  if (!result) throw new Error('No probe armed.');
  return result;
}
