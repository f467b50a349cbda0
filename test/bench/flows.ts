/**
 * Main-thread long tasks per flow. The init script's `longtask` observer (buffered, installed
 * before the app's scripts) logs every task over 50 ms with its start time; a flow is a time
 * window in the page's clock, and a task belongs to the flow in whose window it started.
 */
import type { Page } from 'playwright-core';
import { longTasksBetween, pageNow } from './page-probes';

export type FlowId =
  | 'load'
  | 'settle'
  | 'eventPageCold'
  | 'merchCold'
  | 'checksCold'
  | 'eventPage'
  | 'numbers'
  | 'typing'
  | 'checkbox'
  | 'sort'
  | 'export'
  | 'workbook'
  | 'reopen'
  | 'delta'
  | 'verify';

/** In the order the bench runs them (the cold event page comes last). */
export const FLOW_LABELS: Record<FlowId, string> = {
  load: 'load (navigation → all rows loaded + 0.5 s)',
  settle: 'idle after the load (search text prepared)',
  typing: 'filtering: typing in the search box',
  checkbox: 'filtering: "Paid" checkbox',
  sort: 'sorting: header clicks',
  export: 'export: CSV',
  workbook: 'export: Excel workbook',
  numbers: '"Numbers" dialog (open → figures shown)',
  eventPage: 'event page, rows cached (click → overview shown)',
  eventPageCold: 'event page from a fresh load (navigation → overview shown)',
  merchCold: 'merch tab from a fresh load (all rows → order sheet shown)',
  checksCold: 'Checks tab from a fresh load (all rows → findings shown)',
  reopen: 'reopen from the copy on this device (navigation → all rows shown)',
  delta: 'a day later: check for changes (click → new total shown)',
  verify: 'a day later: full check in the background (new total shown → verified)',
};

export interface FlowTasks {
  flow: FlowId;
  /** Time covered by the flow's windows, ms. */
  windowMs: number;
  /** Durations of the tasks over 50 ms that started in them. */
  tasks: number[];
}

export const longestTask = (flow: FlowTasks) => Math.max(0, ...flow.tasks);

/** The long tasks that started between two marks of the page's clock (from 0: the navigation). */
export async function flowTasks(page: Page, flow: FlowId, from: number, to: number): Promise<FlowTasks> {
  return { flow, windowMs: to - from, tasks: await longTasksBetween(page, from, to) };
}

/**
 * Runs `run` as one window of `flow`. The window ends when the page answers after `run`, so
 * every task that started in it has ended; the observer reports a task a little after its end.
 */
export async function inFlow<T>(
  page: Page,
  flow: FlowId,
  run: () => Promise<T>,
): Promise<{ value: T; tasks: FlowTasks }> {
  const from = await pageNow(page);
  const value = await run();
  const to = await pageNow(page);
  await page.waitForTimeout(300);
  return { value, tasks: await flowTasks(page, flow, from, to) };
}

/** Several windows of the same flow as one. */
export function mergeFlows(flow: FlowId, parts: readonly FlowTasks[]): FlowTasks {
  return {
    flow,
    windowMs: parts.reduce((total, part) => total + part.windowMs, 0),
    tasks: parts.flatMap((part) => part.tasks),
  };
}
