import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ownBlockingTimeMs } from './own-blocking-time';

const PAGE = { pid: 7, tid: 1 };
const threadName = (pid: number, tid: number, name: string) => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  args: { name },
});
const task = (ts: number, durMs: number, cpuMs: number, where = PAGE) => ({
  name: 'RunTask',
  ph: 'X',
  ...where,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});

describe('ownBlockingTimeMs', () => {
  it("weighs each task's CPU time as Lighthouse weighs its wall time, after the first paint", () => {
    const trace = {
      traceEvents: [
        threadName(PAGE.pid, PAGE.tid, 'CrRendererMain'),
        // Before the first contentful paint: not counted, however long.
        task(1_000, 80, 80),
        { name: 'firstContentfulPaint', ph: 'I', pid: PAGE.pid, tid: PAGE.tid, ts: 100_000 },
        // 30 ms of wall time, 5 of CPU (waiting for a core): 5 × 4 < 50, nothing.
        task(200_000, 30, 5),
        // 20 ms of CPU: 20 × 4 − 50 = 30.
        task(300_000, 22, 20),
        // 15 ms: 15 × 4 − 50 = 10.
        task(400_000, 15, 15),
      ],
    };
    expect(ownBlockingTimeMs(trace, 4)).toBe(40);
    // The mobile preset's slowdown is read, not assumed: at 1×, no task reaches 50 ms.
    expect(ownBlockingTimeMs(trace, 1)).toBe(0);
  });

  it("reads the page's main thread, not another renderer's or a worker's", () => {
    const other = { pid: 9, tid: 1 };
    const worker = { pid: PAGE.pid, tid: 2 };
    const trace = [
      threadName(PAGE.pid, PAGE.tid, 'CrRendererMain'),
      threadName(other.pid, other.tid, 'CrRendererMain'),
      threadName(worker.pid, worker.tid, 'DedicatedWorker thread'),
      { name: 'firstContentfulPaint', ph: 'I', pid: PAGE.pid, tid: PAGE.tid, ts: 0 },
      ...[1, 2, 3].map((i) => task(i * 10_000, 20, 20)),
      // An about:blank renderer with a single long task, and a worker's long tasks.
      task(50_000, 100, 100, other),
      task(60_000, 100, 100, worker),
    ];
    expect(ownBlockingTimeMs(trace, 4)).toBe(90);
  });

  it('gives null for anything that is not a trace with a painted page, and never throws', () => {
    expect(ownBlockingTimeMs(null, 4)).toBeNull();
    expect(ownBlockingTimeMs({ traceEvents: [] }, 4)).toBeNull();
    // Tasks but no paint: nothing to count from.
    expect(ownBlockingTimeMs([threadName(7, 1, 'CrRendererMain'), task(0, 60, 60)], 4)).toBeNull();
    const counted = (result: number | null) => result === null || (Number.isInteger(result) && result >= 0);
    fc.assert(
      fc.property(fc.anything(), fc.double(), (trace, slowdown) =>
        counted(ownBlockingTimeMs(trace, slowdown)),
      ),
    );
    // Events that look like a trace's, with any field missing or of the wrong type.
    const number = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double(), fc.string(), fc.constant(null));
    const event = fc.record(
      {
        name: fc.constantFrom(
          'thread_name',
          'RunTask',
          'ThreadControllerImpl::RunTask',
          'firstContentfulPaint',
        ),
        ph: fc.constantFrom('X', 'M', 'I', 7),
        pid: number,
        tid: number,
        ts: number,
        tdur: number,
        args: fc.oneof(fc.anything(), fc.record({ name: fc.constantFrom('CrRendererMain', 'Compositor') })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.double({ min: 0, max: 8 }), (events, slowdown) =>
        counted(ownBlockingTimeMs({ traceEvents: events }, slowdown)),
      ),
    );
  });
});
