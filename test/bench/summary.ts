import type { BundleFigures } from './bundle';
import type { FloorFigures } from './floor';
import type { ExportRun, HeapFigures, Timing } from './interactions';
import type { LoadFigures } from './load';
import {
  IDEAL_ROUNDS,
  LATENCY_MS,
  LOADER_ROUNDS,
  MAX_PER_PAGE,
  PAGES,
  POOL_SIZE,
  REGISTRATIONS,
  SETUPS,
  TARGETS,
  type Setup,
} from './plan';
import { check, kB, median, MiB, ms, printTable, round, seconds, type Machine, type Row } from './report';

export interface SetupResult {
  version: string;
  load: LoadFigures;
  /** The same pages through the same servers with a bare Node client. */
  floor?: FloorFigures;
  heap?: HeapFigures;
  search?: (Timing & { letter: string; count: string })[];
  sort?: Timing[];
  exports?: ExportRun[];
  /** Console errors, uncaught errors and failed requests seen in the page. */
  problems: string[];
}

interface ReportInput {
  results: ReadonlyMap<Setup['id'], SetupResult>;
  bundle: BundleFigures;
  machine: Machine;
}

function loadRows(setup: Setup, load: LoadFigures, floor: FloorFigures | undefined) {
  const ideal = IDEAL_ROUNDS * LATENCY_MS * setup.roundTripsPerPage;
  const loaderFloor = LOADER_ROUNDS * LATENCY_MS * setup.roundTripsPerPage;
  const ratio = load.allRowsMs / ideal;
  const tag = `[${setup.id}]`;
  const rows: Row[] = [
    { measure: `${tag} first rows (nav start → 1st row)`, result: seconds(load.firstRowsMs) },
    {
      measure: `${tag} all ${REGISTRATIONS.toLocaleString('en-US')} loaded (nav start)`,
      result: `${seconds(load.allRowsMs)} = ${ratio.toFixed(2)}× ideal ${seconds(ideal)}`,
      target: `≤ ${TARGETS.loadRatio}× = ${seconds(ideal * TARGETS.loadRatio)}`,
      status: check(ratio <= TARGETS.loadRatio),
    },
  ];
  if (load.span) {
    rows.push({
      measure: `${tag} loader: 1st page request → last page`,
      result:
        `${seconds(load.span.lastEnd - load.span.firstStart)} (its floor ${seconds(loaderFloor)}), ` +
        `≤ ${load.span.maxInFlight} in flight`,
    });
    rows.push({
      measure: `${tag} page request, start → end`,
      result:
        `median ${ms(load.span.medianMs)}, p90 ${ms(load.span.p90Ms)}; ` +
        `slot idle between requests ${ms(load.span.meanIdleSlotMs)} (mean)`,
    });
  }
  if (floor && load.span) {
    rows.push({
      measure: `${tag} servers' floor (bare client, ${POOL_SIZE} at once)`,
      result:
        `${seconds(floor.totalMs)} for ${floor.requests} pages (median ${ms(floor.medianMs)}) → ` +
        `the page adds ${seconds(load.span.lastEnd - load.span.firstStart - floor.totalMs)}`,
    });
  }
  rows.push({
    measure: `${tag} main thread during the load`,
    result:
      `${load.longTasks.count} tasks > 50 ms, ${seconds(load.longTasks.totalMs)} in all, ` +
      `longest ${ms(load.longTasks.maxMs)}`,
  });
  rows.push({
    measure: `${tag} Node (mock API + preview proxy)`,
    result:
      `${load.node.cpuPercentOfOneCore} % of a core, ` +
      `event-loop delay p99 ${ms(load.node.eventLoopDelayP99Ms)}`,
  });
  rows.push({
    measure: `${tag} requests to the API`,
    result:
      `GET ${load.api.get} (pages ${load.pageRequests}: ${load.pageNumbers.min}…${load.pageNumbers.max}` +
      `${load.pageNumbers.repeated.length ? `; asked twice: ${load.pageNumbers.repeated.join(', ')}` : ''}), ` +
      `OPTIONS ${load.api.options}`,
  });
  return { rows, json: { ideal, loaderFloor, ratio: round(ratio, 3) } };
}

function timingRows(name: string, runs: readonly Timing[], target: number): Row[] {
  const frames = runs.map((run) => run.frameMs);
  const doms = runs.map((run) => run.domMs);
  return [
    {
      measure: `${name}, median of ${runs.length}`,
      result: `${ms(median(frames))} (DOM ${ms(median(doms))})`,
      target: `≤ ${target} ms`,
      status: check(median(frames) <= target),
    },
    {
      measure: `${name}, max`,
      result: `${ms(Math.max(...frames))} (DOM ${ms(Math.max(...doms))})`,
      target: `≤ ${target} ms`,
      status: check(Math.max(...frames) <= target),
    },
  ];
}

export function buildReport({ results, bundle, machine }: ReportInput) {
  const tables: { title: string; rows: Row[] }[] = [];
  const loadJson: Record<string, unknown> = {};

  const loadTable: Row[] = [];
  for (const setup of SETUPS) {
    const result = results.get(setup.id);
    if (!result) continue;
    const { rows, json } = loadRows(setup, result.load, result.floor);
    loadTable.push(...rows);
    loadJson[setup.id] = {
      label: setup.label,
      ...json,
      ...result.load,
      floor: result.floor,
      problems: result.problems,
    };
  }
  tables.push({
    title:
      `Full load: event 1001, ${REGISTRATIONS.toLocaleString('en-US')} registrations = ${PAGES} pages of ` +
      `${MAX_PER_PAGE}, ${LATENCY_MS} ms latency; ideal = ⌈${PAGES} / ${POOL_SIZE}⌉ × ${LATENCY_MS} ms ` +
      `(× 2 when preflights cost a round trip); loader floor = +1 discovery round trip (pages 1 and 0)`,
    rows: loadTable,
  });

  const proxy = results.get('proxy');
  const interactions: Row[] = [];
  if (proxy?.search && proxy.sort && proxy.exports && proxy.heap) {
    interactions.push(...timingRows('search keystroke → rows', proxy.search, TARGETS.searchMs));
    interactions.push(...timingRows('sort click → rows', proxy.sort, TARGETS.sortMs));
    interactions.push(...timingRows('export click → download', proxy.exports, TARGETS.exportMs));
    const longest = Math.max(...proxy.exports.map((run) => run.longestTaskMs));
    interactions.push({
      measure: 'export: longest main-thread task',
      result: longest === 0 ? 'none over 50 ms' : ms(longest),
      target: `≤ ${TARGETS.exportLongestTaskMs} ms`,
      status: check(longest <= TARGETS.exportLongestTaskMs),
    });
    interactions.push({
      measure: 'JS heap after the full load',
      result:
        `${MiB(proxy.heap.usedAfterGcBytes)} after GC (${MiB(proxy.heap.usedBeforeGcBytes)} before), ` +
        `${proxy.heap.domNodes} DOM nodes`,
    });
  }
  tables.push({
    title: 'Interactions, same-origin proxy, all rows loaded (to the next frame)',
    rows: interactions,
  });

  const demoInitial = bundle.demoInInitial ? 'IN the initial load' : 'not in the initial load';
  tables.push({
    title: 'Bundle (dist/, gzip -6 with node:zlib)',
    rows: [
      {
        measure: 'initial JS+CSS (index.html + static imports)',
        result: `${kB(bundle.initialGzipBytes)} gzip in ${bundle.initial.length} files`,
        target: `≤ ${kB(TARGETS.initialGzipBytes)}`,
        status: check(bundle.initialGzipBytes <= TARGETS.initialGzipBytes),
      },
      {
        measure: 'all of dist/assets',
        result: `${kB(bundle.allAssetsGzipBytes)} gzip (${kB(bundle.allAssetsBytes)} raw)`,
      },
      ...bundle.demo.map((asset) => ({
        measure: `demo (msw) ${asset.file.replace(/^assets\//, '')}`,
        result: `${kB(asset.gzipBytes)} gzip, ${demoInitial}`,
        status: check(!bundle.demoInInitial),
      })),
    ],
  });

  const misses = tables.flatMap((table) => table.rows.filter((row) => row.status === 'MISS'));
  const problems = [...results.entries()].flatMap(([id, result]) =>
    result.problems.map((problem) => `[${id}] ${problem}`),
  );

  return {
    print() {
      for (const table of tables) printTable(table.title, table.rows);
      if (problems.length > 0) console.log(`\nPage problems:\n  ${problems.join('\n  ')}`);
      console.log(
        misses.length === 0
          ? '\nAll targets met.'
          : `\n${misses.length} target(s) missed: ${misses.map((row) => row.measure).join('; ')}`,
      );
    },
    json: {
      date: new Date().toISOString(),
      machine,
      config: { latencyMs: LATENCY_MS, maxPerPage: MAX_PER_PAGE, pool: POOL_SIZE, pages: PAGES },
      targets: TARGETS,
      load: loadJson,
      interactions: proxy
        ? { heap: proxy.heap, search: proxy.search, sort: proxy.sort, exports: proxy.exports }
        : null,
      bundle,
      tables,
      misses: misses.map((row) => row.measure),
    },
  };
}
