import type { BundleFigures } from './bundle';
import type { CopyStorage } from './copy-storage';
import type { DeltaFigures } from './delta';
import { FLOW_LABELS, longestTask, type FlowTasks } from './flows';
import type { FloorFigures } from './floor';
import type { InsightsFigures } from './insights';
import type { Timing } from './interactions';
import type { LoadFigures } from './load';
import type { EventResult, InteractionFigures } from './measure-event';
import type { MemoryFigures } from './memory';
import {
  DELTA_PROCESSING_MS,
  EVENT_PLANS,
  formatCount,
  idealRoundsOf,
  INITIAL_GZIP_TARGET_BYTES,
  LATENCY_MS,
  loaderRoundsOf,
  MAX_PER_PAGE,
  pagesOf,
  POOL_SIZE,
  REOPEN_FULL_LIST_REQUESTS,
  setupById,
  type Budget,
  type EventPlan,
  type Setup,
} from './plan';
import {
  check,
  kB,
  MB,
  median,
  ms,
  percentile,
  printTable,
  round,
  seconds,
  type Machine,
  type Row,
} from './report';
import type { ReopenFigures } from './reopen';
import type { RowModelFigures } from './row-models';

interface ReportInput {
  events: readonly EventResult[];
  rowModels: readonly RowModelFigures[];
  insights: readonly InsightsFigures[];
  bundle: BundleFigures;
  machine: Machine;
}

interface Table {
  /** Names a miss in the closing line: "event 1020", "bundle". */
  scope: string;
  title: string;
  rows: Row[];
}

function loadRows(plan: EventPlan, setup: Setup, load: LoadFigures, floor: FloorFigures) {
  const ideal = idealRoundsOf(plan) * LATENCY_MS * setup.roundTripsPerPage;
  const loaderFloor = loaderRoundsOf(plan) * LATENCY_MS * setup.roundTripsPerPage;
  const ratio = load.allRowsMs / ideal;
  const target = plan.targets.loadRatio;
  const tag = `[${setup.id}]`;
  const rows: Row[] = [
    { measure: `${tag} first rows (nav start → 1st row)`, result: seconds(load.firstRowsMs) },
    {
      measure: `${tag} all ${formatCount(plan.registrations)} loaded (nav start)`,
      result: `${seconds(load.allRowsMs)} = ${ratio.toFixed(2)}× ideal ${seconds(ideal)}`,
      target: `≤ ${target}× = ${seconds(ideal * target)}`,
      status: check(ratio <= target),
    },
  ];
  if (load.span) {
    rows.push(
      {
        measure: `${tag} loader: 1st page request → last page`,
        result:
          `${seconds(load.span.lastEnd - load.span.firstStart)} (its floor ${seconds(loaderFloor)}), ` +
          `≤ ${load.span.maxInFlight} in flight`,
      },
      {
        measure: `${tag} page request, start → end`,
        result:
          `median ${ms(load.span.medianMs)}, p90 ${ms(load.span.p90Ms)}; ` +
          `slot idle between requests ${ms(load.span.meanIdleSlotMs)} (mean)`,
      },
      {
        measure: `${tag} servers' floor (bare client, ${POOL_SIZE} at once)`,
        result:
          `${seconds(floor.totalMs)} for ${floor.requests} pages (median ${ms(floor.medianMs)}) → ` +
          `the page adds ${seconds(load.span.lastEnd - load.span.firstStart - floor.totalMs)}`,
      },
    );
  }
  rows.push(
    {
      measure: `${tag} main thread during the load`,
      result:
        `${load.longTasks.count} tasks > 50 ms, ${seconds(load.longTasks.totalMs)} in all, ` +
        `longest ${ms(load.longTasks.maxMs)}`,
    },
    {
      measure: `${tag} Node (mock API + preview proxy)`,
      result:
        `${load.node.cpuPercentOfOneCore} % of a core, ` +
        `event-loop delay p99 ${ms(load.node.eventLoopDelayP99Ms)}`,
    },
    {
      measure: `${tag} requests to the API`,
      result:
        `GET ${load.api.get} (pages ${load.pageRequests}: ${load.pageNumbers.min}…${load.pageNumbers.max}` +
        `${load.pageNumbers.repeated.length ? `; asked twice: ${load.pageNumbers.repeated.join(', ')}` : ''}), ` +
        `OPTIONS ${load.api.options}`,
    },
  );
  return { rows, json: { ideal, loaderFloor, ratio: round(ratio, 3) } };
}

/** Median and p95 of the runs, each beside its budget (no status when there is none). */
function budgetRows(name: string, values: readonly number[], budget: Budget | null, note = ''): Row[] {
  const figure = (value: number, limit: number | undefined): Row => ({
    measure: '',
    result: `${ms(value)}${note}`,
    ...(limit === undefined
      ? { target: 'no target' }
      : { target: `≤ ${limit} ms`, status: check(value <= limit) }),
  });
  return [
    { ...figure(median(values), budget?.medianMs), measure: `${name}, median of ${values.length}` },
    { ...figure(percentile(values, 0.95), budget?.p95Ms), measure: `${name}, p95 of ${values.length}` },
  ];
}

const frames = (runs: readonly Timing[]) => runs.map((run) => run.frameMs);
const domNote = (runs: readonly Timing[]) => ` (DOM median ${ms(median(runs.map((run) => run.domMs)))})`;

function memoryRow(measure: string, memory: MemoryFigures | null, target: number | null): Row {
  if (!memory) return { measure, result: 'not measured', status: check(false) };
  const workers = memory.workers.map((heap) => MB(heap.jsBytes + heap.embedderBytes + heap.backingBytes));
  return {
    measure,
    result:
      `${MB(memory.totalBytes)}: page JS ${MB(memory.page.jsBytes)} + DOM ${MB(memory.page.embedderBytes)} ` +
      `+ buffers ${MB(memory.page.backingBytes)}; ` +
      (workers.length ? `${workers.length} worker(s) ${workers.join(', ')}` : 'no worker'),
    ...(target === null
      ? { target: 'no target' }
      : { target: `≤ ${MB(target)}`, status: check(memory.totalBytes <= target) }),
  };
}

function interactionRows(plan: EventPlan, figures: InteractionFigures): Row[] {
  const { typing, checkbox, sort, exports, workbooks, numbers, heap, memory } = figures;
  const targets = plan.targets;
  const heapTarget = targets.heapAfterGcBytes;
  return [
    ...budgetRows(
      `keystroke → rows painted (${typing.queries.length} queries)`,
      typing.keystrokeMs,
      targets.keystroke,
    ),
    {
      measure: `keystrokes lost (of ${typing.typed} typed at machine speed)`,
      result:
        `${typing.lost}; ${typing.superseded} first painted with a later key; ` +
        `input delay median ${ms(median(typing.inputDelayMs))}`,
      target: `${targets.lostKeystrokes}`,
      status: check(typing.lost <= targets.lostKeystrokes),
    },
    ...budgetRows('"Paid" checkbox → rows', frames(checkbox), targets.checkbox, domNote(checkbox)),
    ...budgetRows('sort click → rows', frames(sort), targets.sort, domNote(sort)),
    ...budgetRows('export click → download', frames(exports), targets.export),
    ...budgetRows(
      'Excel workbook (.xlsx) of every row, click → download',
      frames(workbooks),
      targets.workbook,
    ),
    ...budgetRows('"Numbers" click → its figures shown', frames(numbers), null, domNote(numbers)),
    {
      measure: 'JS heap after the full load, after GC',
      result: `${MB(heap.usedAfterGcBytes)} (${MB(heap.usedBeforeGcBytes)} before GC), ${heap.domNodes} DOM nodes`,
      ...(heapTarget === null
        ? { target: 'no target' }
        : { target: `≤ ${MB(heapTarget)}`, status: check(heap.usedAfterGcBytes <= heapTarget) }),
    },
    memoryRow('page + workers after the full load, after GC', memory.afterLoad, targets.memoryBytes),
    memoryRow('page + workers on the event page, after GC', memory.eventPage, targets.memoryBytes),
  ];
}

/** The event page's overview, in-app with the rows cached and from a fresh load. */
function eventPageRows(plan: EventPlan, figures: InteractionFigures): Row[] {
  const { eventPage, eventPageCold } = figures;
  const cold = eventPageCold.allRowsMs;
  return [
    ...budgetRows(
      'rows cached: click → overview figures painted',
      frames(eventPage.runs),
      null,
      domNote(eventPage.runs),
    ),
    {
      measure: 'fresh load: navigation → overview figures painted',
      result:
        `${seconds(eventPageCold.overviewMs)}` +
        (cold === null
          ? ''
          : ` (all ${formatCount(plan.registrations)} rows at ${seconds(cold)}, ` +
            `then ${ms(eventPageCold.overviewMs - cold)} to the figures)`),
      target: 'no target',
    },
    ...[eventPage.tasks, eventPageCold.tasks].map((flow) => flowRow(flow, plan.targets.longestTaskMs)),
    coldTabRow('merch tab', 'order sheet', figures.merchCold, ORDER_SHEET_AFTER_ROWS_MS),
    flowRow(figures.merchCold.tasks, plan.targets.longestTaskMs),
    coldTabRow('Checks tab', 'findings', figures.checksCold, CHECKS_AFTER_ROWS_MS),
    flowRow(figures.checksCold.tasks, plan.targets.longestTaskMs),
  ];
}

/**
 * A tab opened from scratch that asks for its own figures first: how long after the rows they
 * show (`what`: the order sheet, the findings).
 */
function coldTabRow(
  tab: string,
  what: string,
  { allRowsMs, shownMs }: InteractionFigures['merchCold'],
  targetMs: number,
): Row {
  const after = allRowsMs === null ? null : Math.max(0, shownMs - allRowsMs);
  return {
    measure: `${tab}, fresh load: all rows → ${what} shown`,
    result:
      after === null
        ? `${seconds(shownMs)} from the navigation`
        : `${ms(after)} (rows at ${seconds(allRowsMs!)}, ${what} at ${seconds(shownMs)})`,
    target: `≤ ${targetMs} ms`,
    status: check(after !== null && after <= targetMs),
  };
}

/** The data doctor's scan of the whole list after the rows (issue target). */
const CHECKS_AFTER_ROWS_MS = 2000;

/** The merch order sheet after the rows (issue target). */
const ORDER_SHEET_AFTER_ROWS_MS = 300;

function flowRow(flow: FlowTasks, target: number): Row {
  const longest = longestTask(flow);
  const total = flow.tasks.reduce((sum, duration) => sum + duration, 0);
  return {
    measure: `${FLOW_LABELS[flow.flow]}: longest task`,
    result:
      flow.tasks.length === 0
        ? `none over 50 ms (in ${seconds(flow.windowMs)})`
        : `${ms(longest)}; ${flow.tasks.length} task${flow.tasks.length === 1 ? '' : 's'} > 50 ms, ` +
          `${ms(total)} in all (in ${seconds(flow.windowMs)})`,
    target: `≤ ${target} ms`,
    status: check(longest <= target),
  };
}

/** The relaunch on the same profile: the rows from the copy on the device, then only changes. */
function reopenRows(plan: EventPlan, reopen: ReopenFigures): Row[] {
  const target = plan.targets.reopenMs;
  return [
    {
      measure: `navigation → all ${formatCount(plan.registrations)} rows shown (count line)`,
      result:
        `${ms(reopen.frameMs)} (DOM ${ms(reopen.domMs)})` +
        (reopen.openedFromCopy ? '' : '; the banner did not say "opened from the copy"'),
      target: `≤ ${target} ms`,
      status: check(reopen.frameMs <= target),
    },
    flowRow(reopen.tasks, plan.targets.longestTaskMs),
    {
      measure: 'registrations requests without updated_since (full list)',
      result:
        `${reopen.fullListRequests}; with updated_since ${reopen.updatedSinceRequests}` +
        (reopen.allLoadedMs === null ? '; never "all loaded"' : `; all loaded at ${ms(reopen.allLoadedMs)}`),
      target: `${REOPEN_FULL_LIST_REQUESTS}`,
      status: check(reopen.fullListRequests <= REOPEN_FULL_LIST_REQUESTS),
    },
  ];
}

/** The saved copy of the event on the device, and the origin's storage in use. */
function copyRows(copy: CopyStorage): Row[] {
  const total = copy.registrationBytes + copy.categoryBytes;
  return [
    {
      measure: 'copy on the device, per 1,000 registrations',
      result:
        `${kB(copy.bytesPer1000)}: ${MB(total)} for ${formatCount(copy.rows)} ` +
        `(registrations ${MB(copy.registrationBytes)}` +
        (copy.categoryBytes === 0 ? '; no categories stored)' : ` + categories ${kB(copy.categoryBytes)})`),
      target: 'no target',
    },
    {
      measure: "origin's storage in use (navigator.storage.estimate)",
      result:
        copy.originUsageBytes === null
          ? 'not told'
          : `${MB(copy.originUsageBytes)}` +
            (copy.originIndexedDbBytes === null ? '' : ` (IndexedDB ${MB(copy.originIndexedDbBytes)})`),
      target: 'no target',
    },
  ];
}

/** A day later on the demo API: the check for changes, then the full check it calls for. */
function deltaRows(plan: EventPlan, delta: DeltaFigures | null): Row[] {
  const target = plan.targets.deltaMs;
  if (!delta)
    return [{ measure: 'check for changes a day later', result: 'not measured', status: check(false) }];
  const verifyTasks = delta.verifyTasks;
  return [
    {
      measure:
        `"Check for changes" click → count line shows ${formatCount(delta.totalAfterCheck)} ` +
        `(+${delta.day.added} new)`,
      result: `${ms(delta.frameMs)} (DOM ${ms(delta.domMs)})`,
      ...(target === null
        ? { target: 'no target' }
        : {
            target: `≤ ${target} ms (1.5 × ${LATENCY_MS} + ${DELTA_PROCESSING_MS})`,
            status: check(delta.frameMs <= target),
          }),
    },
    flowRow(delta.tasks, plan.targets.longestTaskMs),
    {
      measure: 'registrations requests of the check (updated_since)',
      result:
        `${delta.updatedSinceRequests} (pages ${delta.updatedSincePages.join(', ')}) for ` +
        `${delta.day.added + delta.day.changed} rows: ${delta.day.added} new, ${delta.day.changed} changed ` +
        `(${delta.day.deleted} deleted: not in updated_since)`,
    },
    {
      measure: 'full check after a day, click → "Whole list verified" (informational)',
      result:
        delta.verifiedMs === null
          ? `not within 180 s; count line "${delta.countAfterVerify}"`
          : `${seconds(delta.verifiedMs)}, ${delta.fullListRequests} full-list requests; ` +
            `"${delta.verifiedLine}"; count line "${delta.countAfterVerify}"`,
      target: 'no target',
    },
    ...(verifyTasks
      ? [
          {
            measure: 'main thread during the full check (informational)',
            result:
              verifyTasks.tasks.length === 0
                ? `none over 50 ms (in ${seconds(verifyTasks.windowMs)})`
                : `longest ${ms(longestTask(verifyTasks))}; ${verifyTasks.tasks.length} tasks > 50 ms ` +
                  `(in ${seconds(verifyTasks.windowMs)})`,
            target: 'no target',
          },
        ]
      : []),
  ];
}

function rowModelRows(figures: readonly RowModelFigures[]): Row[] {
  const line = (tanstack: number, model: number) =>
    `TanStack ${ms(tanstack)} · model ${ms(model)} (${(tanstack / model).toFixed(1)}×)`;
  return figures.flatMap((f) => {
    const rows = formatCount(f.rows);
    return [
      {
        measure: `${rows} rows: first sort (last name)`,
        result: line(f.tanstack.firstSortMs, f.model.firstSortMs),
      },
      {
        measure: `${rows} rows: reverse sort`,
        result: line(f.tanstack.reverseSortMs, f.model.reverseSortMs),
      },
      {
        measure: `${rows} rows: keystroke (median)`,
        result: line(f.tanstack.keystrokeMs, f.model.keystrokeMs),
      },
    ];
  });
}

function insightsRows(figures: readonly InsightsFigures[]): Row[] {
  return figures.flatMap((f) => [
    {
      measure: `${formatCount(f.rows)} rows (event ${f.eventId}): eventInsights`,
      result: `first run ${ms(f.firstMs)} · then median ${ms(f.warmMs)} of ${f.warmRuns}`,
      target: 'no target',
    },
    ...(f.orderSheetMs === null
      ? []
      : [
          {
            measure: `${formatCount(f.rows)} rows (event ${f.eventId}): merch order sheet from the figures`,
            result: `median ${f.orderSheetMs.toFixed(2)} ms`,
            target: 'with eventInsights ≤ 300 ms after the rows',
          },
        ]),
  ]);
}

function bundleRows(bundle: BundleFigures): Row[] {
  const demoInitial = bundle.demoInInitial ? 'IN the initial load' : 'not in the initial load';
  return [
    {
      measure: 'initial JS+CSS (index.html + static imports)',
      result: `${kB(bundle.initialGzipBytes)} gzip in ${bundle.initial.length} files`,
      target: `≤ ${kB(INITIAL_GZIP_TARGET_BYTES)}`,
      status: check(bundle.initialGzipBytes <= INITIAL_GZIP_TARGET_BYTES),
    },
    ...bundle.screens.map((load) => ({
      measure: `page load of ${load.screen}: the initial files + the screen's code`,
      result: `${kB(load.gzipBytes)} gzip in ${load.files.length} files`,
    })),
    {
      measure: 'all of dist/assets',
      result: `${kB(bundle.allAssetsGzipBytes)} gzip (${kB(bundle.allAssetsBytes)} raw)`,
    },
    ...bundle.demo.map((asset) => ({
      measure: `demo (msw) ${asset.file.replace(/^assets\//, '')}`,
      result: `${kB(asset.gzipBytes)} gzip, ${demoInitial}`,
      status: check(!bundle.demoInInitial),
    })),
  ];
}

function eventTables({ plan, results }: EventResult): { tables: Table[]; json: Record<string, unknown> } {
  const pages = pagesOf(plan);
  const name = `event ${plan.eventId}, ${formatCount(plan.registrations)} registrations`;
  const loadTable: Row[] = [];
  const loadJson: Record<string, unknown> = {};
  for (const [id, result] of results) {
    const setup = setupById(id);
    const { rows, json } = loadRows(plan, setup, result.load, result.floor);
    loadTable.push(...rows);
    loadJson[id] = {
      label: setup.label,
      ...json,
      ...result.load,
      floor: result.floor,
      problems: result.problems,
    };
  }
  const scope = `event ${plan.eventId}`;
  const tables: Table[] = [
    {
      scope,
      title:
        `Full load: ${name} = ${pages} pages of ${MAX_PER_PAGE}, ${LATENCY_MS} ms latency; ` +
        `ideal = ⌈${pages} / ${POOL_SIZE}⌉ × ${LATENCY_MS} ms (× 2 when preflights cost a round trip); ` +
        `loader floor = +1 discovery round trip (pages 1 and 0)`,
      rows: loadTable,
    },
  ];
  const interactions = results.get('proxy')?.interactions ?? null;
  if (interactions) {
    tables.push({
      scope,
      title: `Interactions: ${name}, same-origin proxy, all rows loaded (input → the frame after the update)`,
      rows: interactionRows(plan, interactions),
    });
    tables.push({
      scope,
      title: `Event page overview: ${name}, same-origin proxy (the overview's figures shown, then the next frame)`,
      rows: eventPageRows(plan, interactions),
    });
    tables.push({
      scope,
      title:
        `Main thread per flow: ${name}, same-origin proxy ` +
        '(long tasks from a buffered PerformanceObserver, each counted in the flow it started in)',
      rows: interactions.flows.map((flow) => flowRow(flow, plan.targets.longestTaskMs)),
    });
  }
  const reopen = results.get('proxy')?.reopen ?? null;
  const copy = results.get('proxy')?.copy ?? null;
  if (reopen) {
    tables.push({
      scope,
      title:
        `Reopen from the copy on this device: ${name}, same-origin proxy; browser closed after the ` +
        'full load once the copy was saved, relaunched on the same profile, signed in with the same key',
      rows: [...reopenRows(plan, reopen), ...(copy ? copyRows(copy) : [])],
    });
    tables.push({
      scope,
      title:
        `A day later: ${name}, reopened as above, then POST /__demo/advance?days=1 and ` +
        '"Check for changes" (updated_since: new and changed rows; deletions wait for the full check)',
      rows: deltaRows(plan, reopen.delta),
    });
  }
  return {
    tables,
    json: {
      targets: { ...plan.targets, reopenFullListRequests: REOPEN_FULL_LIST_REQUESTS },
      load: loadJson,
      interactions,
      reopen,
      copy,
    },
  };
}

const BUNDLE_TITLE = 'Bundle (dist/, gzip -6 with node:zlib)';

/** The bundle's table alone (BENCH_BUNDLE_ONLY=1). */
export function printBundle(bundle: BundleFigures): void {
  printTable(BUNDLE_TITLE, bundleRows(bundle));
}

export function buildReport({ events, rowModels, insights, bundle, machine }: ReportInput) {
  const tables: Table[] = [];
  const eventsJson: Record<string, unknown> = {};
  for (const event of events) {
    const { tables: own, json } = eventTables(event);
    tables.push(...own);
    eventsJson[event.plan.eventId] = json;
  }
  tables.push({
    scope: 'row models',
    title: "Row models in Node, same rows and warm search text: TanStack Table's vs the screen's (no target)",
    rows: rowModelRows(rowModels),
  });
  tables.push({
    scope: 'overview',
    title:
      'Event overview in Node: eventInsights on the complete list, split by category included ' +
      '(what the engine worker spends on the final figures, off the main thread; no target)',
    rows: insightsRows(insights),
  });
  tables.push({ scope: 'bundle', title: BUNDLE_TITLE, rows: bundleRows(bundle) });

  // A flow's longest task shows both in its own table and in the flows table: one miss.
  const misses = [
    ...new Set(
      tables.flatMap((table) =>
        table.rows.filter((row) => row.status === 'MISS').map((row) => `${table.scope}: ${row.measure}`),
      ),
    ),
  ];
  const problems = events.flatMap(({ plan, results }) =>
    [...results.entries()].flatMap(([id, result]) => [
      ...result.problems.map((problem) => `[${plan.eventId} ${id}] ${problem}`),
      ...(result.reopen?.problems ?? []).map((problem) => `[${plan.eventId} ${id} reopen] ${problem}`),
    ]),
  );

  return {
    print() {
      for (const table of tables) printTable(table.title, table.rows);
      if (problems.length > 0) console.log(`\nPage problems:\n  ${problems.join('\n  ')}`);
      console.log(
        misses.length === 0
          ? '\nAll targets met.'
          : `\n${misses.length} target(s) missed: ${misses.join('; ')}`,
      );
    },
    json: {
      date: new Date().toISOString(),
      machine,
      config: { latencyMs: LATENCY_MS, maxPerPage: MAX_PER_PAGE, pool: POOL_SIZE },
      plans: EVENT_PLANS,
      initialGzipTargetBytes: INITIAL_GZIP_TARGET_BYTES,
      events: eventsJson,
      rowModels,
      insights,
      bundle,
      tables,
      misses,
    },
  };
}
