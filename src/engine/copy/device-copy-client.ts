import {
  deviceForgottenInSession,
  getSession,
  rememberDeviceForgotten,
  subscribeSession,
  type Session,
} from '@/lib/session';
import type { EngineContract } from '../engine-contract';
import type { EngineClient } from '../rpc/client';
import { orElse, placeOf, timed } from './copy-calls';
import { LIST_SAVED, parseListSaved } from '../sync/list-saved';
import { hearOtherTabs, tellOtherTabs } from './device-copy-channel';
import type {
  CopyListResult,
  CopyReadResult,
  CopyRecord,
  CopySaveResult,
  DeviceCopyStatus,
  KeptAnswer,
} from './device-copy-protocol';
import type { DeviceCopyProbe } from './probe-device-copy';

/**
 * The page's side of the engine's device copy (device-copy-contract.ts): the encrypted copy on
 * this device (device-store.ts), for the signed-in session's API key and API address. The
 * registrations themselves never pass here: the engine reads and saves the lists it loads for
 * the screens (sync/list-work.ts) and says what came of it (`noteRead`, the LIST_SAVED notice).
 * The page saves and reads whole API answers (the events list, saved views...), lists what is
 * kept, and wipes; wiping answers once the database is deleted. Failures never throw, an engine
 * that stopped included: they are kept per event as a typed status (deviceCopyStatus) for the
 * screens to show. A save that landed is told to the other tabs of the app
 * (device-copy-channel.ts), so they can take the newer list from it.
 */

/** How long sign-out waits for the wipe. */
const WIPE_WAIT_MS = 5_000;

export class DeviceCopyClient {
  private readonly status = new Map<number, DeviceCopyStatus>();
  private readonly statusListeners = new Set<() => void>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Moves on whenever a session starts or ends: what was asked under one never lands in another. */
  private epoch = 0;
  /** The epoch whose copy was wiped (sign-out): none of its saves may write the copy again. */
  private wipedEpoch = -1;

  constructor(private readonly engine: EngineClient<EngineContract>) {
    subscribeSession(() => {
      this.epoch += 1;
    });
    // "Forget this device" in this tab before a reload, or in another tab of the session:
    // this session saves nothing more here either.
    if (deviceForgottenInSession()) this.wipedEpoch = this.epoch;
    hearOtherTabs((message) => {
      if (message.type !== 'forgotten' || !getSession()) return;
      rememberDeviceForgotten();
      this.stopSaving();
    });
    // The engine saved a list it loaded for a screen (sync/list-handler.ts).
    engine.onNotice(LIST_SAVED, (value) => {
      const saved = parseListSaved(value);
      if (saved) this.noteSaved(saved.eventId, saved.result, saved.dataAsOf);
    });
  }

  /** Whether this session may save on the device (not after "Forget this device" or a wipe). */
  keeps(): boolean {
    return getSession() !== null && this.wipedEpoch !== this.epoch;
  }

  /** What reading an event's copy found, for the screens (the engine read it: sync/list-handler.ts). */
  noteRead(eventId: number, read: CopyReadResult): void {
    this.setStatus(eventId, { read });
  }

  /** A save of the event's list landed (or not): shown on the screens, and told to the other tabs. */
  private noteSaved(eventId: number, result: CopySaveResult, dataAsOf: number): void {
    if (!this.keeps()) return;
    this.setStatus(eventId, { save: result });
    if (result.status === 'saved') tellOtherTabs({ type: 'saved', eventId, dataAsOf });
  }

  statusOf(eventId: number): DeviceCopyStatus {
    return this.status.get(eventId) ?? NO_STATUS;
  }

  /**
   * Saves a whole API answer (the events list, an event's categories) or a note in the
   * background; answers whether it landed (not-saved at once once the device was forgotten).
   * A caller that shows the promoter something as kept waits for it: a tab closed before the
   * engine wrote it loses it.
   */
  saveRecord(record: CopyRecord, value: unknown, savedAt: Date): Promise<CopySaveResult> {
    const session = getSession();
    if (!session || this.wipedEpoch === this.epoch) return Promise.resolve(NOT_SAVED);
    return this.track(
      orElse(
        this.engine.call('copy.save-record', {
          place: placeOf(session),
          record,
          value,
          savedAt: savedAt.getTime(),
        }),
        NOT_SAVED,
      ),
    );
  }

  /** A whole API answer from the copy of the signed-in session, or null (none, unusable, session changed). */
  async readRecord(record: CopyRecord): Promise<KeptAnswer | null> {
    const session = getSession();
    if (!session) return null;
    const epoch = this.epoch;
    const fallback = { status: 'unavailable' } as const;
    const found = await this.track(
      timed(
        orElse(this.engine.call('copy.read-record', { place: placeOf(session), record }), fallback),
        fallback,
      ),
    );
    if (found.status !== 'ok' || this.epoch !== epoch) return null;
    return { value: found.value, savedAt: new Date(found.savedAt) };
  }

  /**
   * Whether the key opens the copy kept for this API address, without changing the copy
   * (offline sign-in: a mistyped key must never discard the race-day data).
   */
  probe(candidate: Session): Promise<DeviceCopyProbe> {
    const answer = orElse(this.engine.call('copy.probe', { place: placeOf(candidate) }), 'no-copy' as const);
    return this.track(timed(answer, 'no-copy'));
  }

  /**
   * Deletes the copy (sign-out, 401). From now on no save of the signed-in session writes it
   * again; a save already sent runs before the wipe (the worker keeps the order).
   */
  async wipe(): Promise<boolean> {
    this.stopSaving();
    const wiped = this.track(orElse(this.engine.call('copy.wipe', {}), false));
    // A deletion blocked for long (another tab holding the database) must not keep the user
    // signed in: sign-out goes on, and the wipe still runs when the database is released.
    return timed(wiped, false, WIPE_WAIT_MS);
  }

  /**
   * "Forget this device": wipes the copy, and neither this tab nor the other tabs of the
   * session save it again until the next sign-in. A promoter who asks a device to forget the
   * registrations does not expect the next "Check for changes" (or a reload of the tab) to
   * write them back; a new session (signing in again) is a new decision, and saves again.
   */
  async forget(): Promise<boolean> {
    rememberDeviceForgotten();
    const wiped = this.wipe();
    tellOtherTabs({ type: 'forgotten' });
    return wiped;
  }

  /** True once the copy was forgotten in this session: nothing is saved until the next sign-in. */
  forgotten(): boolean {
    return this.wipedEpoch === this.epoch && getSession() !== null;
  }

  /** The events the copy holds for the signed-in session (ids, counts, sizes, dates). */
  async list(): Promise<CopyListResult> {
    const session = getSession();
    if (!session) return { status: 'ok', events: [] };
    return this.track(orElse(this.engine.call('copy.list', { place: placeOf(session) }), UNAVAILABLE));
  }

  /** No save of this session writes the copy again; what is kept of its outcomes goes. */
  private stopSaving(): void {
    this.wipedEpoch = this.epoch;
    this.status.clear();
    for (const listener of this.statusListeners) listener();
  }

  /** Deletes a copy nobody opened for 30 days. */
  async sweep(): Promise<boolean> {
    return this.track(orElse(this.engine.call('copy.sweep', {}), false));
  }

  /** Resolves once every read, save and wipe under way has answered, and the copy is idle. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    await orElse(this.engine.call('copy.idle', {}), true);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    const done = () => this.inFlight.delete(promise);
    promise.then(done, done);
    return promise;
  }

  private setStatus(eventId: number, change: Partial<DeviceCopyStatus>): void {
    this.status.set(eventId, { ...this.statusOf(eventId), ...change });
    for (const listener of this.statusListeners) listener();
  }

  /** Be told when an event's status changes (for useSyncExternalStore). */
  subscribe(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }
}

/** Nothing tried yet: one object, so a screen reading it sees no change until there is one. */
const NO_STATUS: DeviceCopyStatus = { read: null, save: null };
const UNAVAILABLE = { status: 'unavailable' } as const;
const NOT_SAVED: CopySaveResult = { status: 'not-saved', reason: 'unavailable' };
