import type { Query, QueryClient } from '@tanstack/react-query';
import { isScreenLoad, untilNoScreenLoads, untilOnline } from './sync-waits';
import { syncEventInEngine } from '@/engine/sync/sync-client';
import type { EventFigures } from '@/engine/figures/event-figures';
import { reportUnauthorized } from '@/lib/api-unauthorized';
import { isOffline, reportNetworkFailure } from '@/lib/offline';
import {
  backgroundSyncPausedInSession,
  getSession,
  keepEveryEventInSession,
  rememberBackgroundSyncPaused,
  rememberKeepEveryEvent,
  subscribeSession,
  type Session,
} from '@/lib/session';
import { eventFiguresKey, eventFiguresQuery } from './event-figures-query';
import { ASK_PAST_BYTES, keptOnDevice, questionBefore, type SyncQuestion } from './sync-question';

/**
 * Counts the events this device has never counted, in the background, one after the other,
 * so the events list shows every event's figures without a visit to each.
 *
 * Each event is synced in the engine (engine/sync): the same loader as opening it, the same
 * encrypted copy on the device, the same figures; its rows stay in the engine, and only the
 * figures come to the page. Opening a synced event later reads its rows from the copy.
 *
 * The screen the promoter is on comes first: while a screen loads an event's list, the
 * background sync stops (the event stays first in the queue, to be loaded again) and continues
 * once the screen's load is done; an event a screen counted meanwhile is skipped. Offline it
 * waits for the network. "Pause" stops it until "Resume", a reload included; the next sign-in
 * starts afresh.
 *
 * On a metered connection, or once the copy on the device passes ASK_PAST_BYTES, it asks first
 * (sync-question.ts): "Keep every event" goes on and does not ask again this session; "Only
 * the events I open" is a pause, so each event is kept when the promoter opens it.
 */
export type BackgroundSyncStatus =
  /** Nothing asked yet, or everything asked was already counted. */
  | 'idle'
  | 'syncing'
  | 'paused'
  /** Waiting for the network to come back. */
  | 'offline'
  /** Waiting for the promoter to say whether to keep every event (see `question`). */
  | 'asking'
  /** Every event asked for was synced or failed. */
  | 'done';

export interface BackgroundSyncState {
  readonly status: BackgroundSyncStatus;
  /** The events this sync had to count, from the first asked: done, failed and waiting. */
  readonly total: number;
  /** Counted: synced, or counted meanwhile by a visit. */
  readonly done: number;
  /** Events whose list could not be loaded whole (an error, missing pages); "Try again" retries them. */
  readonly failed: readonly number[];
  /** The event being synced now, if any. */
  readonly current: number | null;
  /** What the sync asks while `asking`, else null. */
  readonly question: SyncQuestion | null;
}

const IDLE: BackgroundSyncState = {
  status: 'idle',
  total: 0,
  done: 0,
  failed: [],
  current: null,
  question: null,
};

type Outcome = 'complete' | 'failed' | 'interrupted';

export class BackgroundSync {
  private state: BackgroundSyncState = IDLE;
  private readonly listeners = new Set<() => void>();
  /** Events still to count, in the order asked. */
  private queue: number[] = [];
  /** Every event asked for in this session, so asking again is free. */
  private readonly asked = new Set<number>();
  private paused = backgroundSyncPausedInSession();
  /** The promoter said to keep every event: no more asking this session. */
  private keepEvery = keepEveryEventInSession();
  /** Paused by answering "Only the events I open": "Resume" then answers the other way. */
  private declined = false;
  private running = false;
  private session: Session | null = getSession();
  /** Stops the running event's load: pause, sign-out, or a screen's load taking over. */
  private interruptCurrent: (() => void) | null = null;

  /** @param askPastBytes the size of the copy past which it asks (ASK_PAST_BYTES; tests set less). */
  constructor(
    private readonly client: QueryClient,
    private readonly askPastBytes = ASK_PAST_BYTES,
  ) {
    subscribeSession(() => {
      if (getSession() === this.session) return;
      // Another session: nothing of the last one carries over (its queries are cleared too).
      this.interruptCurrent?.();
      this.session = getSession();
      this.queue = [];
      this.asked.clear();
      this.paused = backgroundSyncPausedInSession();
      this.keepEvery = keepEveryEventInSession();
      this.declined = false;
      this.set(IDLE);
    });
  }

  getState = (): BackgroundSyncState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Asks for these events to be counted, in this order (the soonest first is the caller's
   * choice); events already asked for this session are skipped. Starts unless paused.
   */
  want(eventIds: readonly number[]): void {
    // Signed out: a screen that renders once more before the sign-in replaces it asks for nothing.
    if (this.session === null) return;
    const fresh = eventIds.filter((eventId) => !this.asked.has(eventId));
    if (fresh.length === 0) return;
    for (const eventId of fresh) this.asked.add(eventId);
    void this.enqueue(fresh);
  }

  /** "Pause", and "Only the events I open" when asked. */
  pause = (): void => {
    const asking = this.state.status === 'asking';
    if (this.paused && !asking) return;
    if (asking) this.declined = true;
    this.paused = true;
    rememberBackgroundSyncPaused(true);
    this.interruptCurrent?.();
    if (this.queue.length > 0) this.set({ ...this.state, status: 'paused', current: null, question: null });
  };

  /** "Keep every event" when asked: goes on, and asks no more this session. */
  keepEveryEvent = (): void => {
    this.keepEvery = true;
    rememberKeepEveryEvent();
    this.set({ ...this.state, question: null });
    this.resume();
  };

  /** "Resume". After "Only the events I open", it is the promoter's answer to the same question. */
  resume = (): void => {
    if (!this.paused) return;
    if (this.declined) {
      this.declined = false;
      this.keepEvery = true;
      rememberKeepEveryEvent();
    }
    this.paused = false;
    rememberBackgroundSyncPaused(false);
    void this.run();
  };

  /** Puts the events that failed back in the queue. */
  retryFailed = (): void => {
    if (this.state.failed.length === 0) return;
    this.queue.push(...this.state.failed);
    this.set({ ...this.state, failed: [] });
    void this.run();
  };

  /** Keeps only the events not counted on this device yet (their figures say so). */
  private async enqueue(eventIds: readonly number[]): Promise<void> {
    const session = this.session;
    const figures = await Promise.all(
      eventIds.map((eventId) => this.client.fetchQuery(eventFiguresQuery(eventId)).catch(() => null)),
    );
    if (session !== this.session) return;
    const uncounted = eventIds.filter((_, index) => figures[index] === null);
    if (uncounted.length === 0) return;
    this.queue.push(...uncounted);
    this.set({
      ...this.state,
      total: this.state.total + uncounted.length,
      status: this.paused ? (this.state.status === 'asking' ? 'asking' : 'paused') : this.state.status,
    });
    void this.run();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const session = this.session;
    try {
      while (!this.paused && session !== null && session === this.session) {
        const eventId = this.queue[0];
        if (eventId === undefined) break;
        if (isOffline()) {
          this.set({ ...this.state, status: 'offline', current: null, question: null });
          await untilOnline();
          continue;
        }
        this.set({ ...this.state, status: 'syncing', current: null, question: null });
        if (!this.keepEvery) {
          const question = questionBefore(await keptOnDevice(), this.queue.length, this.askPastBytes);
          if (session !== this.session || this.paused) break;
          if (question) {
            // A pause that asks: not remembered, so a reload asks again.
            this.paused = true;
            this.set({ ...this.state, status: 'asking', current: null, question });
            break;
          }
        }
        await untilNoScreenLoads(this.client);
        if (this.paused || session !== this.session) break;
        this.set({ ...this.state, status: 'syncing', current: eventId });
        const outcome = await this.syncOne(eventId);
        if (session !== this.session) break;
        // Paused, a screen's load, or the network gone mid-load: it stays first in the queue.
        if (outcome === 'interrupted' || (outcome === 'failed' && isOffline())) continue;
        this.queue.shift();
        this.set({
          ...this.state,
          current: null,
          done: this.state.done + (outcome === 'complete' ? 1 : 0),
          failed: outcome === 'failed' ? [...this.state.failed, eventId] : this.state.failed,
        });
      }
    } finally {
      this.running = false;
      if (session === this.session) {
        const status: BackgroundSyncStatus =
          this.queue.length > 0
            ? this.paused
              ? this.state.status === 'asking'
                ? 'asking'
                : 'paused'
              : this.state.status
            : this.state.total > 0
              ? 'done'
              : 'idle';
        const question = status === 'asking' ? this.state.question : null;
        this.set({ ...this.state, status, current: null, question });
      }
    }
  }

  /** One event's sync to its end, or until interrupted. */
  private async syncOne(eventId: number): Promise<Outcome> {
    const session = this.session;
    if (!session) return 'interrupted';
    // Counted meanwhile by a screen that showed it.
    if (this.client.getQueryData<EventFigures | null>(eventFiguresKey(eventId))) return 'complete';
    const controller = new AbortController();
    this.interruptCurrent = () => controller.abort();
    // A screen starting to load a list takes over.
    const unsubscribe = this.client.getQueryCache().subscribe((event) => {
      if (isScreenLoad(event.query as Query)) controller.abort();
    });
    try {
      const outcome = await syncEventInEngine(session, eventId, controller.signal);
      if (session !== this.session) return 'interrupted';
      if (outcome.kind === 'complete') {
        this.client.setQueryData(eventFiguresKey(eventId), outcome.figures);
        return 'complete';
      }
      if (outcome.reason === 'unauthorized') reportUnauthorized();
      if (outcome.reason === 'network') reportNetworkFailure();
      return 'failed';
    } catch (error) {
      if (controller.signal.aborted) return 'interrupted';
      throw error;
    } finally {
      unsubscribe();
      this.interruptCurrent = null;
    }
  }

  private set(next: BackgroundSyncState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}
