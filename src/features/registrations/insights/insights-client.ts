import { ROWS_PER_WORKER_MESSAGE as ROWS_PER_MESSAGE } from '@/lib/main-thread-budget';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { openWorkerPort, type WorkerPort } from '@/lib/worker-port';
import type { QueryClient } from '@tanstack/react-query';
import type { Category } from '@/features/events/api/schemas';
import { onRegistrationsRemoved } from '../api/registrations-query';
import type { Registration } from '../loader/schemas';
import type { EventInsights, InsightsOptions } from './event-insights';
import { createInsightsAnswers } from './insights-handler';
import { fromWire, type InsightsRequest, type InsightsResponse } from './insights-protocol';

/** The worker, or the same handler in the page where there is no Worker (tests in jsdom). */
function openPort(): WorkerPort<InsightsRequest, InsightsResponse> {
  return openWorkerPort(
    // Vite bundles the worker because `new URL(..., import.meta.url)` sits inside `new Worker(...)`.
    () => new Worker(new URL('./insights-worker.ts', import.meta.url), { type: 'module' }),
    createInsightsAnswers,
  );
}

/** What a computation rejects with when the worker failed; the next one starts a new worker. */
export const INSIGHTS_WORKER_FAILED = 'The figures could not be computed: the worker stopped.';

type ResultsByScope = WeakMap<object, Map<string, Promise<EventInsights>>>;
const ALL_ROWS = {};

/**
 * The page's side of the insights worker. The worker mirrors each event's registrations: the
 * first request sends them (ROWS_PER_WORKER_MESSAGE per message, yielding between messages),
 * later ones only the rows a load appended. Results are kept per row set, categories, scope
 * and options, so the event page, the Numbers dialog and the workbook's figures sheet share one
 * computation, and returning to a screen finds its figures ready. They go with the rows: when
 * the query cache drops an event's registrations (sign-out, garbage collection), the worker
 * drops its copy too.
 */
class InsightsClient {
  private port = this.startWorker();
  private readonly pending = new Map<
    number,
    { resolve: (response: InsightsResponse) => void; reject: (error: Error) => void }
  >();
  private readonly sent = new Map<number, readonly Registration[]>();
  private readonly results = new WeakMap<
    readonly Registration[],
    WeakMap<readonly Category[], ResultsByScope>
  >();
  private readonly settled = new WeakMap<Promise<EventInsights>, EventInsights>();
  /** Each event's registrations by id, kept up to date with what was sent (see sync). */
  private readonly byId = new Map<number, Map<number, Registration>>();
  /** Syncs and requests run one after another, so a request never overtakes its rows. */
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  /** Moves on with every `forget`, so a sync under way stops sending rows the cache dropped. */
  private generation = 0;

  /**
   * A worker that failed (its script did not load, it crashed) answers nothing more: every
   * computation waiting rejects, and the next one starts a new worker, sending it the rows.
   */
  private startWorker(): WorkerPort<InsightsRequest, InsightsResponse> {
    const port = openPort();
    port.onResponse((response) => {
      this.pending.get(response.id)?.resolve(response);
      this.pending.delete(response.id);
    });
    port.onFailure(() => {
      port.close();
      this.sent.clear();
      this.generation += 1;
      this.port = this.startWorker();
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const { reject } of waiting) reject(new Error(INSIGHTS_WORKER_FAILED));
    });
    return port;
  }

  /** The figures, from the cache when this exact computation was asked for before. */
  compute(request: ComputeRequest): Promise<EventInsights> {
    const { rows, categories, scope, options } = request;
    let byCategories = this.results.get(rows);
    if (!byCategories) this.results.set(rows, (byCategories = new WeakMap()));
    let byScope = byCategories.get(categories);
    if (!byScope) byCategories.set(categories, (byScope = new WeakMap()));
    const scopeKey = scope ?? ALL_ROWS;
    let byOptions = byScope.get(scopeKey);
    if (!byOptions) byScope.set(scopeKey, (byOptions = new Map<string, Promise<EventInsights>>()));
    const optionsKey = JSON.stringify(options);
    let result = byOptions.get(optionsKey);
    if (!result) {
      result = this.enqueue(() => this.run(request));
      const promise = result;
      promise.then(
        (insights) => this.settled.set(promise, insights),
        () => byOptions.delete(optionsKey),
      );
      byOptions.set(optionsKey, result);
    }
    return result;
  }

  /** A finished computation's figures at once (no flash of a skeleton when coming back), or null. */
  peek(request: ComputeRequest): EventInsights | null {
    const promise = this.results
      .get(request.rows)
      ?.get(request.categories)
      ?.get(request.scope ?? ALL_ROWS)
      ?.get(JSON.stringify(request.options));
    return (promise && this.settled.get(promise)) ?? null;
  }

  forget(eventId: number | null): void {
    this.generation += 1;
    if (eventId === null) {
      this.sent.clear();
      this.byId.clear();
    } else {
      this.sent.delete(eventId);
      this.byId.delete(eventId);
    }
    this.port.post({ type: 'forget', eventId });
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(request: ComputeRequest, retried = false): Promise<EventInsights> {
    const { eventId, rows, categories, scope, options } = request;
    await this.sync(eventId, rows);
    const response = await this.ask({
      type: 'compute',
      id: this.nextId++,
      eventId,
      expected: rows.length,
      categories,
      scope: scope ? Int32Array.from(scope) : null,
      options,
    });
    if ('error' in response) {
      // The worker's copy drifted (it restarted, or a message was lost): send everything again once.
      if (!retried && response.error.startsWith('stale')) {
        this.sent.delete(eventId);
        return this.run(request, true);
      }
      throw new Error(`The figures could not be computed: ${response.error}`);
    }
    return fromWire(response.insights, this.byId.get(eventId) ?? new Map());
  }

  private ask(message: Extract<InsightsRequest, { type: 'compute' }>): Promise<InsightsResponse> {
    return new Promise((resolve, reject) => {
      this.pending.set(message.id, { resolve, reject });
      this.port.post(message, message.scope ? [message.scope.buffer] : []);
    });
  }

  /**
   * Sends the rows the worker does not hold yet, from the first row that differs: a load
   * appends pages (and fills a late page in near the end), so this is the new tail, while a
   * refresh that replaced rows resends from the first change.
   */
  private async sync(eventId: number, rows: readonly Registration[]): Promise<void> {
    const held = this.sent.get(eventId);
    if (held === rows) return;
    let from = 0;
    if (held) {
      const limit = Math.min(held.length, rows.length);
      while (from < limit && held[from] === rows[from]) from++;
    }
    this.sent.delete(eventId);
    // The ids of what follows the common front: a load adds a page's worth, not 100,000.
    let ids = this.byId.get(eventId);
    if (!ids || from === 0) this.byId.set(eventId, (ids = new Map<number, Registration>()));
    for (let i = from; i < rows.length; i++) ids.set(rows[i]!.registration_id, rows[i]!);
    const generation = this.generation;
    for (let start = from; start === from || start < rows.length; start += ROWS_PER_MESSAGE) {
      if (start > from) await yieldToBrowser();
      // Forgotten meanwhile (sign-out): send nothing more; the request then fails as stale.
      if (generation !== this.generation) return;
      this.port.post({
        type: 'rows',
        eventId,
        from: start,
        rows: rows.slice(start, start + ROWS_PER_MESSAGE),
      });
    }
    this.sent.set(eventId, rows);
  }
}

export interface ComputeRequest {
  readonly eventId: number;
  /** Every registration of the event loaded so far. */
  readonly rows: readonly Registration[];
  readonly categories: readonly Category[];
  /**
   * Only the registrations with these ids (the rows the table shows); null for all of them.
   * Results are cached per array: pass the same array for the same rows.
   */
  readonly scope: readonly number[] | null;
  readonly options: InsightsOptions;
}

const ids = new WeakMap<readonly { readonly id: number }[], readonly number[]>();

/**
 * The ids of some table rows, one array per row list: the scope of a computation, so the
 * same filtered rows (reopening the Numbers, exporting them) find the figures already made.
 */
export function idsOf(rows: readonly { readonly id: number }[]): readonly number[] {
  let found = ids.get(rows);
  if (!found) ids.set(rows, (found = rows.map((row) => row.id)));
  return found;
}

const clients = new WeakMap<QueryClient, InsightsClient>();

/** One insights worker per query cache; it forgets an event's rows when the cache does. */
export function insightsClient(queryClient: QueryClient): InsightsClient {
  let client = clients.get(queryClient);
  if (!client) {
    const created = new InsightsClient();
    onRegistrationsRemoved(queryClient, (eventId) => created.forget(eventId));
    clients.set(queryClient, (client = created));
  }
  return client;
}

export type { InsightsClient };
