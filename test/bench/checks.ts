/**
 * The data doctor's scan in Node (`npm run bench:checks`): its first scan of 100,000
 * registrations (the planted-defects fixture), then its scan again after a sync changed 500 of
 * them, with the engine's memory of the first; beside them, in the same run, the event page's
 * other figures of the same rows (the work the scan comes with). Then the Checks tab's own
 * request (the scan with its duplicate groups, summed up) on the demo's event 1020, whose
 * free-text answers hardly repeat: the rows the browser bench's "Checks tab, fresh load" opens.
 * Medians of five. The browser side (rows → findings shown, long tasks) is in `npm run bench`.
 */
import { doctorFixture } from '../fixtures/data-doctor/doctor-fixture';
import type { Registration } from '../../src/engine/api/registration-schemas';
import { duplicateGroups } from '../../src/engine/figures/duplicate-groups';
import { eventInsights } from '../../src/engine/figures/event-insights';
import { CheckMemo, eventChecks } from '../../src/engine/figures/checks/event-checks';
import { registrationSchema } from '../../src/engine/api/registration-schemas';
import { CHECKS_OPTIONS } from '../../src/features/registrations/insights/event-page-options';
import { getDemoDataset } from '../../src/mocks/data';

const RUNS = 5;
const CHANGED = 500;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const time = (work: () => unknown) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

/** `rows` after a sync that changed `count` of them, spread over the list (new objects, as a merge makes). */
function synced(rows: readonly Registration[], count: number, run: number): Registration[] {
  const next = rows.slice();
  for (let i = 0; i < count; i++) {
    const at = (i * 197 + run) % next.length;
    next[at] = { ...next[at]!, payment_status: i % 2 ? 'paid' : 'refunded' };
  }
  return next;
}

const { registrations: rows } = doctorFixture(1);
const first: number[] = [];
const again: number[] = [];
const figures: number[] = [];
for (let run = 0; run < RUNS; run++) {
  figures.push(
    time(() => eventInsights(rows, [], { questions: true, groups: true, byCategory: true, lists: false })),
  );
  const memo = new CheckMemo();
  const groups = duplicateGroups(rows);
  first.push(time(() => eventChecks(rows, { memo, duplicates: groups })));
  const next = synced(rows, CHANGED, run);
  const nextGroups = duplicateGroups(next);
  again.push(time(() => eventChecks(next, { memo, duplicates: nextGroups })));
}

const demoRows = getDemoDataset()
  .registrationsOf(1020)
  .map((row) => registrationSchema.parse(row));
const demoScan: number[] = [];
for (let run = 0; run < RUNS; run++) {
  demoScan.push(time(() => eventInsights(demoRows, [], CHECKS_OPTIONS, new CheckMemo())));
}

const row = (measure: string, values: number[], target: string) =>
  `| ${measure} | ${Math.round(median(values))} ms | ${target} |`;
console.log(
  `Data doctor, ${rows.length.toLocaleString('en')} registrations, medians of ${RUNS} (Node ${process.version})`,
);
console.log('| measure | median | target |');
console.log('| --- | --- | --- |');
console.log(row('event page figures without the checks (same rows, same run)', figures, 'no target'));
console.log(row('first scan', first, '≤ 2,000 ms after the rows, with the figures'));
console.log(row(`scan again after a sync that changed ${CHANGED} rows`, again, '≤ 200 ms'));
console.log(
  row(
    `Checks tab's scan of demo event 1020 (${demoRows.length.toLocaleString('en')} registrations)`,
    demoScan,
    '≤ 2,000 ms after the rows, in Chromium',
  ),
);
