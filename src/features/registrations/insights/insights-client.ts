import { ROWS_PER_WORKER_MESSAGE as ROWS_PER_MESSAGE } from '@/lib/main-thread-budget';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { sharedFront } from '@/lib/shared-front';
import { theEngine } from '@/engine/engine';
import type { EngineContract } from '@/engine/engine-contract';
import type { EngineClient } from '@/engine/rpc/client';
import type { QueryClient } from '@tanstack/react-query';
import type { Category } from '@/engine/api/event-schemas';
import { engineVersionOf, onRegistrationsRemoved } from '../api/registrations-cache';
import type { Registration } from '@/engine/api/registration-schemas';
import type { EventInsights, InsightsOptions } from '@/engine/figures/event-insights';
import { fromWire } from '@/engine/figures/insights-protocol';
import type { FindingsFileJob } from '@/engine/figures/insights-contract';

type ResultsByScope = WeakMap<object, Map<string, Promise<EventInsights>>>;
const ALL_ROWS = {};

/**
 * The page's side of the engine's figures (insights-contract.ts). The engine computes on the
 * list it loaded for the page, at the version the page shows; rows the page made itself (or a
 * version the engine no longer holds) are sent to it first (ROWS_PER_WORKER_MESSAGE per
 * message, yielding between messages), later only the rows appended. Results are kept per
 * row set, categories, scope and options, so the event page, the Numbers dialog and the
 * workbook's figures sheet share one computation, and returning to a screen finds its figures
 * ready. They go with the rows: when the query cache drops an event's registrations
 * (sign-out, garbage collection), the engine drops its copy too. An engine that failed rejects
 * the computations waiting (EngineError `crashed`); the next one starts a new engine and sends
 * it the rows.
 */
class InsightsClient {
  private readonly sent = new Map<number, readonly Registration[]>();
  private readonly results = new WeakMap<
    readonly Registration[],
    WeakMap<readonly Category[], ResultsByScope>
  >();
  private readonly settled = new WeakMap<Promise<EventInsights>, EventInsights>();
  /** Each event's registrations by id, for the rows last computed on (see index). */
  private readonly byId = new Map<number, Map<number, Registration>>();
  private readonly indexed = new Map<number, readonly Registration[]>();
  /** Syncs and requests run one after another, so a request never overtakes its rows. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Moves on with every `forget` and restart, so a sync under way stops sending rows the engine dropped. */
  private generation = 0;

  /**
   * @param versionOf the version of the engine's list that `rows` are (the query of the event
   *   says), or null when the page made them.
   */
  constructor(
    private readonly engine: EngineClient<EngineContract>,
    private readonly versionOf: (eventId: number, rows: readonly Registration[]) => number | null,
  ) {
    engine.onRestart(() => {
      this.sent.clear();
      this.generation += 1;
    });
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
      this.indexed.clear();
    } else {
      this.sent.delete(eventId);
      this.byId.delete(eventId);
      this.indexed.delete(eventId);
    }
    void this.engine.call('insights.forget', { eventId }).catch(() => undefined);
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * One computation. The engine usually holds the very list the page shows (it loaded it, at the
   * version the query names), so nothing is sent; else, or when it no longer holds that
   * version, the page sends its rows, and once more in full if they drifted.
   */
  private async run(request: ComputeRequest): Promise<EventInsights> {
    const { eventId, rows, categories, scope, options } = request;
    this.index(eventId, rows);
    const insights = await this.onRows(eventId, rows, async (version) => {
      const job = {
        eventId,
        version,
        expected: rows.length,
        categories,
        scope: scope ? Int32Array.from(scope) : null,
        options,
      };
      const answer = await this.engine.call('insights.compute', job, {
        transfer: job.scope ? [job.scope.buffer] : [],
      });
      return answer.status === 'ok' ? { value: answer.insights } : answer;
    });
    return fromWire(insights, this.byId.get(eventId) ?? new Map());
  }

  /** The data doctor's findings as a CSV file, built by the engine on the rows the page shows. */
  findingsFile(request: FindingsFileRequest): Promise<Blob> {
    const { eventId, rows, ...job } = request;
    return this.enqueue(() =>
      this.onRows(eventId, rows, async (version) => {
        const answer = await this.engine.call('insights.findings-csv', {
          eventId,
          version,
          expected: rows.length,
          ...job,
        });
        return answer.status === 'ok' ? { value: answer.file } : answer;
      }),
    );
  }

  /**
   * Runs `call` on the engine's copy of `rows`: the version the engine holds when there is one,
   * else the rows sent first; once more with every row sent when the engine's copy drifted.
   */
  private async onRows<T>(
    eventId: number,
    rows: readonly Registration[],
    call: (version: number | null) => Promise<{ value: T } | { status: 'stale'; held: number }>,
    attempt: 'held' | 'sent' | 'resent' = 'held',
  ): Promise<T> {
    const version = attempt === 'held' ? this.versionOf(eventId, rows) : null;
    if (version === null) await this.sync(eventId, rows);
    const answer = await call(version);
    if ('value' in answer) return answer.value;
    if (attempt === 'held') return this.onRows(eventId, rows, call, version === null ? 'resent' : 'sent');
    // The engine's copy drifted (it restarted, or a message was lost): send everything again once.
    if (attempt === 'resent')
      throw new Error(`The figures could not be computed: ${answer.held} rows held, ${rows.length} expected`);
    this.sent.delete(eventId);
    return this.onRows(eventId, rows, call, 'resent');
  }

  /** Keeps the ids of `rows` for reading the engine's answers, from the first row that differs. */
  private index(eventId: number, rows: readonly Registration[]): void {
    const indexed = this.indexed.get(eventId);
    if (indexed === rows) return;
    const from = indexed ? sharedFront(indexed, rows) : 0;
    // A load adds a page's worth, not 100,000.
    let ids = this.byId.get(eventId);
    if (!ids || from === 0) this.byId.set(eventId, (ids = new Map<number, Registration>()));
    for (let i = from; i < rows.length; i++) ids.set(rows[i]!.registration_id, rows[i]!);
    this.indexed.set(eventId, rows);
  }

  /**
   * Sends the rows the engine does not hold yet, from the first row that differs: a load
   * appends pages (and fills a late page in near the end), so this is the new tail, while a
   * refresh that replaced rows resends from the first change.
   */
  private async sync(eventId: number, rows: readonly Registration[]): Promise<void> {
    const held = this.sent.get(eventId);
    if (held === rows) return;
    const from = held ? sharedFront(held, rows) : 0;
    this.sent.delete(eventId);
    const generation = this.generation;
    for (let start = from; start === from || start < rows.length; start += ROWS_PER_MESSAGE) {
      if (start > from) await yieldToBrowser();
      // Forgotten meanwhile (sign-out): send nothing more; the request then fails as stale.
      if (generation !== this.generation) return;
      // Not awaited: calls keep their order, and a lost slice shows as `stale` when computing.
      const slice = rows.slice(start, start + ROWS_PER_MESSAGE);
      this.engine.call('insights.rows', { eventId, from: start, rows: slice }).catch(() => undefined);
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

export interface FindingsFileRequest extends Omit<FindingsFileJob, 'eventId' | 'version' | 'expected'> {
  readonly eventId: number;
  /** Every registration of the event, as the event page shows them. */
  readonly rows: readonly Registration[];
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

/** One insights client per query cache; the engine forgets an event's rows when the cache does. */
export function insightsClient(queryClient: QueryClient, engine = theEngine()): InsightsClient {
  let client = clients.get(queryClient);
  if (!client) {
    const created = new InsightsClient(engine, (eventId, rows) =>
      engineVersionOf(queryClient, eventId, rows),
    );
    onRegistrationsRemoved(queryClient, (eventId) => created.forget(eventId));
    clients.set(queryClient, (client = created));
  }
  return client;
}

export type { InsightsClient };
