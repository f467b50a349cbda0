import { statSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { arm, probeResult, type ProbeResult } from './page-probes';
import { TEXT } from './texts';

export interface Timing {
  /** Input -> DOM updated. */
  domMs: number;
  /** Input -> the frame after the update (what the user sees). */
  frameMs: number;
  detail: string | null;
}

export function timing(result: ProbeResult, what: string): Timing {
  if (result.timedOut || result.start === null || result.dom === null || result.frame === null) {
    throw new Error(`${what}: no update seen within 30 s (${JSON.stringify(result)})`);
  }
  return { domMs: result.dom - result.start, frameMs: result.frame - result.start, detail: result.detail };
}

/**
 * Ticks, then unticks, … the "Paid" box of the "Payment status" menu (a popover, opened
 * once and left open, as a promoter comparing would): click to the frame whose count line
 * shows the new filter.
 */
export async function measureCheckbox(page: Page, clicks: number): Promise<Timing[]> {
  const button = page.locator('button.menu__button', { hasText: TEXT.statusFilter });
  await button.click();
  const paid = page
    .locator('.menu__panel:popover-open label.menu__option')
    .filter({ has: page.getByText(TEXT.paid, { exact: true }) })
    .locator('input[type="checkbox"]');
  await paid.waitFor();
  const runs: Timing[] = [];
  for (let i = 0; i < clicks; i += 1) {
    await page.waitForTimeout(200);
    await arm(page, { kind: 'count' });
    await paid.click();
    runs.push(timing(await probeResult(page), `checkbox click ${i + 1}`));
  }
  await page.keyboard.press('Escape');
  return runs;
}

/** Clicks on the column's header button: none -> ascending -> descending -> none -> … */
export async function measureSort(page: Page, clicks: number): Promise<Timing[]> {
  const header = page.locator('.registrations-table th button', { hasText: TEXT.lastName });
  const runs: Timing[] = [];
  for (let i = 0; i < clicks; i += 1) {
    await page.waitForTimeout(200);
    await arm(page, { kind: 'sort', columnTitle: TEXT.lastName });
    await header.click();
    runs.push(timing(await probeResult(page), `sort click ${i + 1}`));
  }
  return runs;
}

export interface ExportRun extends Timing {
  /** Longest main-thread task between the click and the download (0 when none over 50 ms). */
  longestTaskMs: number;
  longTasks: number;
  fileName: string;
  bytes: number | null;
}

/**
 * Export -> a format (CSV for Excel (English) unless told): click to the download, and the
 * long tasks meanwhile.
 */
export async function measureExport(
  page: Page,
  times: number,
  format: string = TEXT.excelEnglish,
): Promise<ExportRun[]> {
  const runs: ExportRun[] = [];
  for (let i = 0; i < times; i += 1) {
    await page.waitForTimeout(300);
    await page.locator('button.menu__button', { hasText: TEXT.exportButton }).click();
    const button = page.getByRole('button', { name: format });
    await button.waitFor();
    await arm(page, { kind: 'export' });
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await button.click();
    const result = await probeResult(page);
    const file = await download;
    const path = await file.path().catch(() => null);
    const bytes = path ? statSync(path).size : null;
    runs.push({
      ...timing(result, `export ${i + 1}`),
      longestTaskMs: Math.max(0, ...result.longTasks),
      longTasks: result.longTasks.length,
      fileName: file.suggestedFilename(),
      bytes,
    });
  }
  return runs;
}

/**
 * Opens the "Numbers" dialog over the rows shown (every row: no search or filter is left
 * on) until its tables of figures are in the DOM, then closes it with Escape.
 */
export async function measureNumbers(page: Page, times: number): Promise<Timing[]> {
  const button = page.getByRole('button', { name: TEXT.numbers, exact: true });
  const dialog = page.getByRole('dialog', { name: TEXT.numbersTitle });
  const runs: Timing[] = [];
  for (let i = 0; i < times; i += 1) {
    await page.waitForTimeout(300);
    await arm(page, { kind: 'dialog', title: TEXT.numbersTitle });
    await button.click();
    runs.push(timing(await probeResult(page), `"Numbers" ${i + 1}`));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
  return runs;
}

export interface HeapFigures {
  /** JSHeapUsedSize after a forced garbage collection (what the page keeps). */
  usedAfterGcBytes: number;
  usedBeforeGcBytes: number;
  totalBytes: number;
  domNodes: number;
}

function metric(metrics: { name: string; value: number }[], name: string): number {
  return metrics.find((m) => m.name === name)?.value ?? Number.NaN;
}

export async function measureHeap(cdp: CDPSession): Promise<HeapFigures> {
  await cdp.send('Performance.enable');
  const before = (await cdp.send('Performance.getMetrics')).metrics;
  await cdp.send('HeapProfiler.collectGarbage');
  const after = (await cdp.send('Performance.getMetrics')).metrics;
  return {
    usedBeforeGcBytes: metric(before, 'JSHeapUsedSize'),
    usedAfterGcBytes: metric(after, 'JSHeapUsedSize'),
    totalBytes: metric(after, 'JSHeapTotalSize'),
    domNodes: metric(after, 'Nodes'),
  };
}
