/**
 * A day later on the same device: once the reopen's own check for changes has ended, the demo
 * API moves one day ahead for the event (`POST /__demo/advance?days=1&event_id=…`: sign-ups,
 * payments, refunds, cancellations, category moves, answer edits, deletions, and a `Date`
 * header a day later), then the load banner's "Check for changes" is clicked. Timed inside the
 * page from the click's `event.timeStamp` to the frame after the count line shows the new
 * total. A check with `updated_since` cannot see deletions, so that total is the old one plus
 * the day's sign-ups. The last full download is then a day old, so the app goes on with a full
 * check in the background; when the banner says "Whole list verified" is an informational
 * second figure. The demo is reset afterwards (`resetDemo`), so the next set-ups find the
 * event as it was.
 */
import type { Page } from 'playwright-core';
import type { DemoAdvance } from '../../src/mocks/data/advance';
import { flowTasks, type FlowTasks } from './flows';
import { formatCount, type EventPlan } from './plan';
import { log } from './serve';
import { TEXT } from './texts';

export interface DeltaFigures {
  /** What the day did to the event on the server (the advance's answer). */
  day: { now: string; added: number; changed: number; deleted: number };
  /** The count line before the click, and the total the check for changes must show. */
  totalBefore: number;
  totalAfterCheck: number;
  /** Click → the count line shows that total (DOM), and the frame after. */
  domMs: number;
  frameMs: number;
  /** Long tasks from the click to that frame. */
  tasks: FlowTasks;
  /** Registrations requests with `updated_since` after the click (the check for changes). */
  updatedSinceRequests: number;
  /** Their `page` parameters, in the order they were sent. */
  updatedSincePages: string[];
  /** Click → the banner says "Whole list verified", or null when it did not within the wait. */
  verifiedMs: number | null;
  /** That line, e.g. "Whole list verified — removed: 5 · changed: 0 · new: 0". */
  verifiedLine: string | null;
  /** The count line once verified. */
  countAfterVerify: string | null;
  /** Registrations requests without `updated_since` after the click (the full check). */
  fullListRequests: number;
  /** Long tasks from the new total's frame to "verified". */
  verifyTasks: FlowTasks | null;
}

interface DeltaMarks {
  start: number | null;
  shownAt: number | null;
  frameAt: number | null;
  verifiedAt: number | null;
  verifiedLine: string | null;
}

interface DeltaWindow {
  __benchDelta?: DeltaMarks;
}

/** Waits in the page: the click, the count line showing `shownText`, then the "verified" line. */
function armDeltaProbe({ shownText, verifiedText }: { shownText: string; verifiedText: string }): void {
  const marks: DeltaMarks = {
    start: null,
    shownAt: null,
    frameAt: null,
    verifiedAt: null,
    verifiedLine: null,
  };
  (window as DeltaWindow).__benchDelta = marks;
  const onClick = (event: Event) => {
    if (marks.start !== null) return;
    const now = performance.now();
    // A busy main thread delays the listener, not the user: start from the event's own time.
    marks.start = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
    document.removeEventListener('click', onClick, { capture: true });
  };
  document.addEventListener('click', onClick, { capture: true });
  const observer = new MutationObserver(() => {
    if (marks.start === null) return;
    if (marks.shownAt === null) {
      if (document.querySelector('.registrations-count')?.textContent?.trim() !== shownText) return;
      marks.shownAt = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() => {
          marks.frameAt = performance.now();
        }, 0),
      );
    }
    for (const line of document.querySelectorAll('.load-status p')) {
      const text = line.textContent?.trim() ?? '';
      if (!text.startsWith(verifiedText)) continue;
      marks.verifiedAt = performance.now();
      marks.verifiedLine = text;
      observer.disconnect();
      return;
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

const demoUrl = (apiUrl: string, action: string) => `${apiUrl.replace(/\/$/, '')}/__demo/${action}`;

/** One demo day for this event only; the answer lists what changed. */
async function advanceOneDay(apiUrl: string, plan: EventPlan): Promise<DemoAdvance> {
  const answer = await fetch(`${demoUrl(apiUrl, 'advance')}?days=1&event_id=${plan.eventId}`, {
    method: 'POST',
    headers: { 'X-API-Key': plan.apiKey },
  });
  if (!answer.ok) throw new Error(`POST /__demo/advance: HTTP ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as DemoAdvance;
}

/** Every promoter's data and the demo clock back to the start. */
export async function resetDemo(apiUrl: string, apiKey: string): Promise<void> {
  const answer = await fetch(demoUrl(apiUrl, 'reset'), { method: 'POST', headers: { 'X-API-Key': apiKey } });
  if (!answer.ok) throw new Error(`POST /__demo/reset: HTTP ${answer.status}`);
  await answer.arrayBuffer();
}

/**
 * On the reopened page, with the change check of the reopen ended: advance the demo a day,
 * click "Check for changes", time it; then wait for the full check the day-old list calls for.
 * `requests` is the live list of the event's registrations requests (the context's, workers
 * included).
 */
export async function measureDeltaDay(
  page: Page,
  apiUrl: string,
  plan: EventPlan,
  requests: readonly URL[],
): Promise<DeltaFigures> {
  const tag = `event ${plan.eventId}`;
  const countLine = page.locator('.registrations-count');
  const totalBefore = plan.registrations;
  const before = (await countLine.textContent())?.trim();
  if (before !== TEXT.shown(formatCount(totalBefore)))
    throw new Error(
      `${tag}: the count line shows "${before}" before the day, not ${formatCount(totalBefore)}`,
    );

  const advance = await advanceOneDay(apiUrl, plan);
  const changes = advance.events.find((event) => event.eventId === plan.eventId);
  if (!changes) throw new Error(`${tag}: the advance answer names no changes for it`);
  const added = new Set(changes.added);
  const changedIds = new Set(
    [...changes.paid, ...changes.refunded, ...changes.cancelled, ...changes.moved, ...changes.edited].filter(
      (id) => !added.has(id),
    ),
  );
  const day = {
    now: advance.now,
    added: added.size,
    changed: changedIds.size,
    deleted: changes.deleted.length,
  };
  const totalAfterCheck = totalBefore + day.added;
  log(
    `${tag}: demo moved to ${advance.now}: ${day.added} new, ${day.changed} changed, ${day.deleted} deleted; ` +
      `checking for changes…`,
  );

  await page.evaluate(armDeltaProbe, {
    shownText: TEXT.shown(formatCount(totalAfterCheck)),
    verifiedText: TEXT.wholeListVerified,
  });
  const firstRequest = requests.length;
  const button = page.getByRole('button', { name: TEXT.checkForChanges, exact: true });
  await button.click();
  await page
    .waitForFunction(() => (window as DeltaWindow).__benchDelta?.frameAt != null, undefined, {
      timeout: 30_000,
      polling: 50,
    })
    .catch(async () => {
      const shown = (await countLine.textContent())?.trim();
      throw new Error(
        `${tag}: the count line shows "${shown}" 30 s after "Check for changes", ` +
          `not ${formatCount(totalAfterCheck)}`,
      );
    });
  const shown = await page.evaluate(() => (window as DeltaWindow).__benchDelta!);
  const start = shown.start!;
  // The observer reports a task a little after its end.
  await page.waitForTimeout(300);
  const tasks = await flowTasks(page, 'delta', start, shown.frameAt!);
  const afterClick = () => requests.slice(firstRequest);
  const updatedSince = afterClick().filter((url) => url.searchParams.has('updated_since'));
  const updatedSinceRequests = updatedSince.length;
  log(
    `${tag}: check for changes showed ${formatCount(totalAfterCheck)} in ` +
      `${Math.round(shown.frameAt! - start)} ms (${updatedSinceRequests} updated_since requests); verifying…`,
  );

  // The full check downloads every page again: up to a minute for 100,000 rows on a busy machine.
  const verified = await page
    .waitForFunction(() => (window as DeltaWindow).__benchDelta?.verifiedAt != null, undefined, {
      timeout: 180_000,
      polling: 200,
    })
    .then(() => true)
    .catch(() => false);
  const marks = await page.evaluate(() => (window as DeltaWindow).__benchDelta!);
  await page.waitForTimeout(300);
  const verifyTasks =
    marks.verifiedAt === null ? null : await flowTasks(page, 'verify', marks.frameAt!, marks.verifiedAt);
  const countAfterVerify = (await countLine.textContent())?.trim() ?? null;
  const figures: DeltaFigures = {
    day,
    totalBefore,
    totalAfterCheck,
    domMs: shown.shownAt! - start,
    frameMs: shown.frameAt! - start,
    tasks,
    updatedSinceRequests,
    updatedSincePages: updatedSince.map((url) => url.searchParams.get('page') ?? '?'),
    verifiedMs: verified && marks.verifiedAt !== null ? marks.verifiedAt - start : null,
    verifiedLine: marks.verifiedLine,
    countAfterVerify,
    fullListRequests: afterClick().filter((url) => !url.searchParams.has('updated_since')).length,
    verifyTasks,
  };
  log(
    `${tag}: ` +
      (figures.verifiedMs === null
        ? 'never "Whole list verified" within 180 s'
        : `"${figures.verifiedLine}" ${(figures.verifiedMs / 1000).toFixed(2)} s after the click`) +
      `; count line "${countAfterVerify}"`,
  );
  return figures;
}
