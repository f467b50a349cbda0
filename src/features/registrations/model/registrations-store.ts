import { useEffect, useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from '@/lib/session';
import {
  loadChanges,
  loadRegistrations,
  mergeChanges,
  retryMissing,
  type RegistrationsLoadProgress,
  type RegistrationsLoadResult,
} from '../api/registrations-loader';
import type { Registration } from '../api/schemas';

/**
 * Registrations live outside React Query: a load is many requests with progress, cancel,
 * partial results and retries of single pages, which a single query cannot express.
 * This store keeps one entry per event, hands React immutable snapshots, and forgets
 * everything the moment the session ends (registrations are personal data).
 */
export type LoadPhase = 'loading' | 'complete' | 'incomplete' | 'cancelled' | 'error';

export interface RefreshOutcome {
  phase: 'loading' | 'done' | 'error';
  changed?: number;
  added?: number;
  error?: unknown;
}

export interface RegistrationsSnapshot {
  eventId: number;
  phase: LoadPhase;
  rows: readonly Registration[];
  progress: RegistrationsLoadProgress | null;
  /** The last finished load (complete, incomplete or cancelled): what retry and refresh continue from. */
  result: RegistrationsLoadResult | null;
  error: unknown;
  refresh: RefreshOutcome | null;
}

/**
 * UI updates at most this often while pages stream in: 250 pages must not mean 250 table
 * renders, and each render competes with the page requests for the main thread.
 */
const PUBLISH_INTERVAL_MS = 400;

export class RegistrationsEntry {
  private listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private lastPublish = 0;
  private pending: ReturnType<typeof setTimeout> | null = null;
  snapshot: RegistrationsSnapshot;

  constructor(readonly eventId: number) {
    this.snapshot = {
      eventId,
      phase: 'loading',
      rows: [],
      progress: null,
      result: null,
      error: null,
      refresh: null,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  get busy(): boolean {
    return this.controller !== null;
  }

  /** Start a load unless one is running or the rows are already complete. */
  ensureLoaded(): void {
    if (this.busy) return;
    if (this.snapshot.result?.status === 'complete') return;
    if (this.snapshot.result?.status === 'incomplete') return; // the user decides to retry
    this.run((signal) =>
      loadRegistrations({ eventId: this.eventId, signal, onProgress: (p) => this.onProgress(p) }),
    );
  }

  /** Fetch only the pages that failed (or were never reached before a cancel). */
  retryMissing(): void {
    const previous = this.snapshot.result;
    if (this.busy || !previous) return;
    this.run((signal) => retryMissing(previous, { signal, onProgress: (p) => this.onProgress(p) }));
  }

  /** Everything again, from scratch. */
  reload(): void {
    this.cancel();
    this.set({ result: null, rows: [], progress: null, error: null, refresh: null, phase: 'loading' });
    this.ensureLoaded();
  }

  /** Ask only for what changed since the last complete load (updated_since), merge by id. */
  refresh(): void {
    const previous = this.snapshot.result;
    if (this.busy || previous?.status !== 'complete' || !previous.serverDate) return;
    const since = previous.serverDate;
    const controller = new AbortController();
    this.controller = controller;
    this.set({ refresh: { phase: 'loading' } });
    loadChanges({ eventId: this.eventId, since, signal: controller.signal }).then(
      (changes) => {
        if (this.controller !== controller) return;
        this.controller = null;
        if (changes.status !== 'complete') {
          this.set({ refresh: { phase: 'error', error: null } });
          return;
        }
        const merged = mergeChanges(this.snapshot.rows, changes.rows);
        this.set({
          rows: merged.rows,
          result: {
            ...previous,
            rows: merged.rows,
            loaded: merged.rows.length,
            serverDate: changes.serverDate,
          },
          refresh: { phase: 'done', changed: merged.changed, added: merged.added },
        });
      },
      (error: unknown) => {
        if (this.controller !== controller) return;
        this.controller = null;
        this.set({ refresh: { phase: 'error', error } });
      },
    );
  }

  cancel(): void {
    this.controller?.abort();
  }

  /** Resolves with the phase once the running load ends (at once when none is running). */
  settled(signal: AbortSignal): Promise<LoadPhase> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (signal.aborted) {
          unsubscribe();
          reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
        } else if (this.snapshot.phase !== 'loading') {
          unsubscribe();
          resolve(this.snapshot.phase);
        }
      };
      const unsubscribe = this.subscribe(check);
      signal.addEventListener('abort', check, { once: true });
      check();
    });
  }

  destroy(): void {
    this.controller?.abort();
    this.controller = null;
    if (this.pending) clearTimeout(this.pending);
    this.listeners.clear();
  }

  private run(load: (signal: AbortSignal) => Promise<RegistrationsLoadResult>): void {
    const controller = new AbortController();
    this.controller = controller;
    this.set({ phase: 'loading', error: null, refresh: null });
    load(controller.signal).then(
      (result) => {
        if (this.controller !== controller) return;
        this.controller = null;
        this.flushPending();
        this.set({ phase: result.status, rows: result.rows, progress: result, result });
      },
      (error: unknown) => {
        if (this.controller !== controller) return;
        this.controller = null;
        this.flushPending();
        this.set({ phase: 'error', error });
      },
    );
  }

  private onProgress(progress: RegistrationsLoadProgress): void {
    const now = performance.now();
    const first = this.snapshot.rows.length === 0 && progress.rows.length > 0;
    if (first || now - this.lastPublish >= PUBLISH_INTERVAL_MS) {
      this.flushPending();
      this.lastPublish = now;
      this.set({ rows: progress.rows, progress });
      return;
    }
    // Keep the latest progress for a trailing update, so the count never lags for long.
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      this.pending = null;
      this.lastPublish = performance.now();
      if (this.busy) this.set({ rows: progress.rows, progress });
    }, PUBLISH_INTERVAL_MS);
  }

  private flushPending(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
  }

  private set(patch: Partial<RegistrationsSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

const entries = new Map<number, RegistrationsEntry>();

export function registrationsEntry(eventId: number): RegistrationsEntry {
  let entry = entries.get(eventId);
  if (!entry) {
    entry = new RegistrationsEntry(eventId);
    entries.set(eventId, entry);
  }
  return entry;
}

/** Drop every loaded registration and stop every load. */
export function clearRegistrations(): void {
  for (const entry of entries.values()) entry.destroy();
  entries.clear();
}

// Signing out (or a 401) ends the session: personal data goes with it.
subscribeSession(() => {
  if (!getSession()) clearRegistrations();
});

/** Screens showing each event right now, so a deferred cancel knows whether one came back. */
const viewers = new Map<number, number>();

/**
 * The registrations of an event, loading them on first use. Leaving the screen cancels a
 * running load, deferred a tick so React's development double-mount does not restart it.
 */
export function useRegistrations(eventId: number) {
  const entry = registrationsEntry(eventId);
  const snapshot = useSyncExternalStore(entry.subscribe, entry.getSnapshot, entry.getSnapshot);

  useEffect(() => {
    viewers.set(eventId, (viewers.get(eventId) ?? 0) + 1);
    const current = registrationsEntry(eventId);
    // A load cancelled by leaving the screen resumes where it stopped.
    if (current.snapshot.phase === 'cancelled') current.retryMissing();
    else current.ensureLoaded();
    return () => {
      viewers.set(eventId, (viewers.get(eventId) ?? 1) - 1);
      setTimeout(() => {
        if (!viewers.get(eventId)) current.cancel();
      }, 0);
    };
  }, [eventId]);

  return { snapshot, entry };
}
