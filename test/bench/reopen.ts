/**
 * Reopening an event from the encrypted copy on the device: the proxy set-up's browser ran on a
 * kept profile directory; once the copy of the event is saved in IndexedDB (polled from the
 * page, as test/e2e/device-copy.e2e.ts does) that browser closes, and a new one on the same
 * directory signs in with the same key and opens the registrations screen. Timed inside the
 * page from the navigation start to the frame after the count line shows the total, with the
 * long tasks of that window and every registrations request of the reopen (a request without
 * `updated_since` is a full-list request: the copy was not used). Then, on the same page, a
 * day later (`delta.ts`): the demo moves a day ahead and "Check for changes" is timed.
 */
import type { Page, Request } from 'playwright-core';
import { CHUNK_ROWS } from '@/engine/copy/device-store';
import { launchBrowser, watchPage } from '../e2e/browser';
import { copyState } from '../e2e/device-copy-state';
import { measureDeltaDay, type DeltaFigures } from './delta';
import { flowTasks, type FlowTasks } from './flows';
import { signIn } from './load';
import { installProbes, readLoadMarks } from './page-probes';
import { formatCount, type EventPlan } from './plan';
import { log } from './serve';
import { TEXT } from './texts';

export interface ReopenFigures {
  /** Navigation start → the count line shows the total (DOM), and the frame after. */
  domMs: number;
  frameMs: number;
  /** Long tasks from the navigation start to that frame. */
  tasks: FlowTasks;
  /** Registrations requests of the reopen, until the change check ended. */
  fullListRequests: number;
  updatedSinceRequests: number;
  /** The banner said the rows came from the copy. */
  openedFromCopy: boolean;
  /** Navigation start → "All N registrations loaded" (the change check done), or null. */
  allLoadedMs: number | null;
  /** A day later, "Check for changes" and the full check after it; null when it failed. */
  delta: DeltaFigures | null;
  problems: string[];
}

interface CopyMeta {
  rows: number | null;
  chunks: number;
  dataAsOf: number | null;
  stored: number;
}

/** The event's entry in the copy and how many of its chunks are stored, read in the page. */
async function copyMeta(page: Page, eventId: number): Promise<CopyMeta | null> {
  const state = await copyState(page);
  const meta = state.events.find((event) => event.eventId === eventId);
  if (!meta) return null;
  const stored = state.recordKeys.filter((key) => key[0] === eventId && key[1] === 'registrations');
  return { rows: meta.rows, chunks: meta.chunks, dataAsOf: meta.dataAsOf, stored: stored.length };
}

/** Until the worker has committed every chunk of the event's copy (it saves in the background). */
export async function waitForSavedCopy(
  page: Page,
  plan: Pick<EventPlan, 'eventId' | 'registrations'>,
): Promise<void> {
  const chunks = Math.ceil(plan.registrations / CHUNK_ROWS);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const meta = await copyMeta(page, plan.eventId);
    if (
      meta?.rows === plan.registrations &&
      meta.chunks === chunks &&
      meta.dataAsOf !== null &&
      meta.stored === chunks
    )
      return;
    if (Date.now() > deadline)
      throw new Error(`No saved copy of event ${plan.eventId} after 60 s: ${JSON.stringify(meta)}`);
    await page.waitForTimeout(250);
  }
}

interface ReopenWindow {
  __benchReopen?: { shownAt: number | null; frameAt: number | null };
}

/** Init script: when the count line first shows the total, and the frame after. */
function reopenProbe(shownText: string): void {
  const marks: { shownAt: number | null; frameAt: number | null } = { shownAt: null, frameAt: null };
  (window as ReopenWindow).__benchReopen = marks;
  const observer = new MutationObserver(() => {
    const line = document.querySelector('.registrations-count');
    if (marks.shownAt !== null || line?.textContent?.trim() !== shownText) return;
    marks.shownAt = performance.now();
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        marks.frameAt = performance.now();
      }, 0),
    );
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * A new browser on the profile the full load left: sign in, open the event, time the reopen;
 * then a day later on the demo API at `apiUrl`, the check for changes.
 */
export async function measureReopen(
  appUrl: string,
  baseUrl: string,
  apiUrl: string,
  plan: EventPlan,
  profileDir: string,
): Promise<ReopenFigures> {
  const browser = await launchBrowser({ userDataDir: profileDir });
  try {
    browser.context.setDefaultTimeout(60_000);
    const total = formatCount(plan.registrations);
    await installProbes(browser.context, {
      allLoadedText: TEXT.allLoaded(total),
      overview: { label: TEXT.registrationsFigure, value: total },
    });
    await browser.context.addInitScript(reopenProbe, TEXT.shown(total));
    const page = await browser.newPage();
    const problems = watchPage(page);
    await signIn(page, appUrl, baseUrl, plan.apiKey);

    const urls: URL[] = [];
    let pending = 0;
    const isRows = (request: Request) =>
      request.resourceType() !== 'document' &&
      new URL(request.url()).pathname.endsWith(`/v1/events/${plan.eventId}/registrations`);
    const settled = (request: Request) => {
      if (isRows(request)) pending -= 1;
    };
    // The context sees the workers' requests too.
    browser.context.on('request', (request) => {
      if (!isRows(request)) return;
      urls.push(new URL(request.url()));
      pending += 1;
    });
    browser.context.on('requestfinished', settled);
    browser.context.on('requestfailed', settled);

    await page.goto(new URL(`/events/${plan.eventId}/registrations`, appUrl).href);
    await page.waitForFunction(() => (window as ReopenWindow).__benchReopen?.frameAt != null, undefined, {
      timeout: 60_000,
      polling: 50,
    });
    const marks = await page.evaluate(() => (window as ReopenWindow).__benchReopen!);
    const frameMs = marks.frameAt!;
    // The observer reports a task a little after its end.
    await page.waitForTimeout(300);
    const tasks = await flowTasks(page, 'reopen', 0, frameMs);

    // Then the check for changes ends: "All N registrations loaded", nothing left in flight.
    const allLoaded = page.getByText(TEXT.allLoaded(total), { exact: true });
    await allLoaded.waitFor({ timeout: 30_000 }).catch(() => undefined);
    const deadline = Date.now() + 15_000;
    while (pending > 0 && Date.now() < deadline) await page.waitForTimeout(100);
    await page.waitForTimeout(300);
    const openedFromCopy = (await page.getByText(TEXT.openedFromCopy, { exact: true }).count()) > 0;
    const loadMarks = await readLoadMarks(page);
    const updatedSince = urls.filter((url) => url.searchParams.has('updated_since')).length;
    const figures: ReopenFigures = {
      domMs: marks.shownAt!,
      frameMs,
      tasks,
      fullListRequests: urls.length - updatedSince,
      updatedSinceRequests: updatedSince,
      openedFromCopy,
      allLoadedMs: loadMarks?.allLoadedAt ?? null,
      delta: null,
      problems: [],
    };
    log(
      `event ${plan.eventId}, reopened from the copy: all rows shown at ${Math.round(frameMs)} ms; ` +
        `registrations requests ${figures.fullListRequests} full-list, ${updatedSince} updated_since`,
    );
    let deltaFailure: string[] = [];
    try {
      figures.delta = await measureDeltaDay(page, apiUrl, plan, urls);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`event ${plan.eventId}, a day later: not measured: ${message}`);
      deltaFailure = [`a day later, not measured: ${message}`];
    }
    figures.problems = [...problems.problems, ...deltaFailure];
    return figures;
  } finally {
    await browser.close();
  }
}
