/**
 * The page's own blocking time, read from the trace Lighthouse recorded: Lighthouse's weighting
 * (each main-thread task after the first contentful paint counts for its length × the CPU
 * slowdown, less 50 ms) applied to the CPU time the page's main thread spent in each task,
 * where Lighthouse applies it to the task's wall time.
 *
 * The two differ when the machine's cores are busy with something else: on the 2-core lab
 * machine the page's workers, the browser's network process, the demo API and the preview
 * server run beside the page while 25,000 registrations arrive, and a task of 5 ms of CPU can
 * take 20 ms of wall time, waiting for a core; multiplied by four, that is a "long task" a
 * phone with its own cores and a remote API would not see. Both figures are printed, so a
 * change to the page can be told apart from a busy machine.
 *
 * Reads an untrusted JSON value: anything that is not a trace gives null, never a throw.
 */

/** The slice of a trace event read here (Chromium's trace event format). */
interface TaskEvent {
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  /** Thread (CPU) time of the task, in microseconds: recorded with devtools.timeline. */
  readonly tdur: number;
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const LONG_TASK_MS = 50;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const isList = (value: unknown): value is readonly unknown[] => Array.isArray(value);

/** A trace is either `{ traceEvents: [...] }` or the bare list of events. */
function traceEvents(trace: unknown): readonly unknown[] | null {
  if (isList(trace)) return trace;
  if (isRecord(trace) && isList(trace.traceEvents)) return trace.traceEvents;
  return null;
}

/**
 * Σ max(0, CPU time × slowdown − 50 ms) over the tasks of the page's main thread (the renderer
 * main thread with the most tasks) that start after its first contentful paint; null when the
 * trace has no such thread, no paint or no thread times.
 */
export function ownBlockingTimeMs(trace: unknown, cpuSlowdown: number): number | null {
  const events = traceEvents(trace);
  if (!events || !isNumber(cpuSlowdown) || cpuSlowdown <= 0) return null;
  const rendererMains = new Set<string>();
  for (const event of events) {
    if (
      isRecord(event) &&
      event.name === 'thread_name' &&
      isRecord(event.args) &&
      event.args.name === 'CrRendererMain'
    )
      rendererMains.add(`${String(event.pid)}:${String(event.tid)}`);
  }
  const tasks: TaskEvent[] = [];
  const paints: { pid: number; ts: number }[] = [];
  for (const event of events) {
    if (!isRecord(event) || !isNumber(event.pid) || !isNumber(event.ts)) continue;
    if (event.name === 'firstContentfulPaint') paints.push({ pid: event.pid, ts: event.ts });
    else if (
      event.ph === 'X' &&
      typeof event.name === 'string' &&
      TASK_NAMES.has(event.name) &&
      isNumber(event.tid) &&
      isNumber(event.tdur) &&
      rendererMains.has(`${event.pid}:${event.tid}`)
    )
      tasks.push({ pid: event.pid, tid: event.tid, ts: event.ts, tdur: event.tdur });
  }
  const perThread = new Map<string, TaskEvent[]>();
  for (const task of tasks) {
    const key = `${task.pid}:${task.tid}`;
    const thread = perThread.get(key);
    if (thread) thread.push(task);
    else perThread.set(key, [task]);
  }
  const page = [...perThread.values()].sort((a, b) => b.length - a.length)[0];
  if (!page) return null;
  const firstPaint = Math.min(
    ...paints.filter((paint) => paint.pid === page[0]!.pid).map((paint) => paint.ts),
  );
  if (!Number.isFinite(firstPaint)) return null;
  let blocking = 0;
  for (const task of page) {
    if (task.ts >= firstPaint) blocking += Math.max(0, (task.tdur / 1000) * cpuSlowdown - LONG_TASK_MS);
  }
  return Math.round(blocking);
}
