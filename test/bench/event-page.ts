/**
 * The event page's overview: from the navigation to the frame after its figures are shown
 * (OverviewSignal in page-probes.ts), in-app from the registrations screen with every row
 * already in the cache, and from a fresh load of the event page, which loads every row first.
 */
import type { Page } from 'playwright-core';
import { flowTasks, mergeFlows, type FlowTasks } from './flows';
import { timing, type Timing } from './interactions';
import { arm, probeResult, readLoadMarks } from './page-probes';
import { TEXT } from './texts';

export interface EventPageVisits {
  /** Click on the breadcrumb link → the frame after the overview is shown. */
  runs: Timing[];
  tasks: FlowTasks;
}

/**
 * From the registrations screen, all rows loaded: follows its breadcrumb link to the event
 * page, times it, and goes back (history) to the registrations screen, `visits` times.
 */
export async function measureEventPageVisits(
  page: Page,
  visits: number,
  unfiltered: string,
  /** Runs on the event page of the last visit, the overview shown (the memory figure). */
  atLastVisit?: () => Promise<void>,
): Promise<EventPageVisits> {
  const link = page.getByRole('navigation', { name: TEXT.breadcrumb }).getByRole('link');
  const runs: Timing[] = [];
  const windows: FlowTasks[] = [];
  for (let i = 0; i < visits; i += 1) {
    await page.waitForTimeout(500);
    await arm(page, { kind: 'overview' });
    await link.click();
    const result = await probeResult(page);
    runs.push(timing(result, `event page visit ${i + 1}`));
    windows.push(await flowTasks(page, 'eventPage', result.start ?? 0, result.frame ?? 0));
    if (i === visits - 1) await atLastVisit?.();
    await page.goBack();
    await page.locator('.registrations-count[data-search=""]', { hasText: unfiltered }).waitFor();
  }
  return { runs, tasks: mergeFlows('eventPage', windows) };
}

export interface ColdEventPage {
  /** Navigation start → "All N registrations loaded" on the event page (null: not seen). */
  allRowsMs: number | null;
  /** Navigation start → the frame after the overview is shown. */
  overviewMs: number;
  tasks: FlowTasks;
}

/** A fresh load of the event page (the session stays in the tab), timed from the navigation start. */
export async function measureColdEventPage(
  page: Page,
  appUrl: string,
  eventId: number,
): Promise<ColdEventPage> {
  await page.goto(new URL(`/events/${eventId}`, appUrl).href);
  await page.waitForFunction(
    () =>
      (window as { __benchLoad?: { overviewFrameAt: number | null } }).__benchLoad?.overviewFrameAt != null,
    undefined,
    { timeout: 180_000, polling: 100 },
  );
  await page.waitForTimeout(300);
  const marks = await readLoadMarks(page);
  if (marks?.overviewFrameAt == null) throw new Error('The event page marks are missing.');
  return {
    allRowsMs: marks.allLoadedAt,
    overviewMs: marks.overviewFrameAt,
    tasks: await flowTasks(page, 'eventPageCold', 0, marks.overviewFrameAt),
  };
}

/** A tab of the event page that asks the engine for its own figures first: when they showed. */
export interface ColdTab {
  /** Navigation start → "All N registrations loaded" (null: not seen). */
  allRowsMs: number | null;
  /** Navigation start → the tab's figures in the DOM (the order sheet, the findings). */
  shownMs: number;
  tasks: FlowTasks;
}

/** The probe's mark of each tab's figures, and the flow its tasks are counted in. */
const COLD_TABS = {
  merch: { mark: 'sheetAt', flow: 'merchCold' },
  checks: { mark: 'checksAt', flow: 'checksCold' },
} as const;

/**
 * A fresh load of the event page on its merch or Checks tab: the rows, then the order sheet or
 * the data doctor's findings, which the page asks the engine for first, before the rest of the
 * figures.
 */
export async function measureColdTab(
  page: Page,
  appUrl: string,
  eventId: number,
  tab: keyof typeof COLD_TABS,
): Promise<ColdTab> {
  const { mark, flow } = COLD_TABS[tab];
  await page.goto('about:blank');
  await page.goto(new URL(`/events/${eventId}#${tab}`, appUrl).href);
  await page.waitForFunction(
    (name) => (window as { __benchLoad?: Record<string, number | null> }).__benchLoad?.[name] != null,
    mark,
    { timeout: 180_000, polling: 100 },
  );
  await page.waitForTimeout(300);
  const marks = await readLoadMarks(page);
  const shownMs = marks?.[mark];
  if (marks == null || shownMs == null) throw new Error(`The ${tab} tab marks are missing.`);
  return {
    allRowsMs: marks.allLoadedAt,
    shownMs,
    tasks: await flowTasks(page, flow, marks.allLoadedAt ?? 0, shownMs),
  };
}
