import { useSyncExternalStore } from 'react';
import { readStoredSession, SESSION_ITEM, type Session } from './session-record';

export { isSession, type Session } from './session-record';

/**
 * The signed-in session: which Partner API to call and with which key.
 *
 * This module and session-record.ts are the only ones that touch sessionStorage. The key lives
 * there and nowhere else: never localStorage (it would outlive the tab), never a URL (it would
 * land in history and server logs), never a log line or an error message.
 */

/** Why the last session ended, shown once on the sign-in screen. */
export type SignOutReason = 'signed-out' | 'unauthorized';

const REASON_ITEM = 'promoter-dashboard.sign-out-reason';
const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function notify() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (cached === undefined) cached = readStoredSession();
  return cached;
}

export function startSession(session: Session): void {
  sessionStorage.setItem(SESSION_ITEM, JSON.stringify(session));
  sessionStorage.removeItem(REASON_ITEM);
  sessionStorage.removeItem(FORGOTTEN_ITEM);
  cached = session;
  notify();
}

export function endSession(reason: SignOutReason = 'signed-out'): void {
  try {
    sessionStorage.removeItem(SESSION_ITEM);
    sessionStorage.removeItem(FORGOTTEN_ITEM);
    sessionStorage.removeItem(SYNC_PAUSED_ITEM);
    sessionStorage.removeItem(SYNC_EVERY_EVENT_ITEM);
    sessionStorage.removeItem(PRINT_CHOICES_ITEM);
    if (reason === 'unauthorized') sessionStorage.setItem(REASON_ITEM, reason);
    else sessionStorage.removeItem(REASON_ITEM);
  } catch {
    // Storage unavailable: nothing stored, nothing to clear.
  }
  cached = null;
  notify();
}

/** Why the previous session ended, for the sign-in screen; forgotten at the next sign-in. */
export function getSignOutReason(): SignOutReason | null {
  try {
    return sessionStorage.getItem(REASON_ITEM) === 'unauthorized' ? 'unauthorized' : null;
  } catch {
    return null;
  }
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forget the in-memory copy so the next read comes from storage (tests reset storage between cases). */
export function resetSessionCache(): void {
  cached = undefined;
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/**
 * A yes/no choice kept for this tab's session: it survives a reload and ends with the session
 * (sign-out, a new sign-in clears it). Unreadable storage reads as no; unwritable storage keeps
 * the choice for this page only.
 */
function sessionFlag(item: string) {
  return {
    get: (): boolean => {
      try {
        return getSession() !== null && sessionStorage.getItem(item) === '1';
      } catch {
        return false;
      }
    },
    set: (on: boolean): void => {
      try {
        if (on) sessionStorage.setItem(item, '1');
        else sessionStorage.removeItem(item);
      } catch {
        // Storage unavailable: the choice lasts until the page is reloaded.
      }
    },
  };
}

const FORGOTTEN_ITEM = 'promoter-dashboard.device-copy-forgotten';
const forgotten = sessionFlag(FORGOTTEN_ITEM);

/**
 * Whether "Forget this device" was chosen during this tab's session: then the copy on the
 * device saves nothing more until the next sign-in, a reload of the tab included.
 */
export const deviceForgottenInSession = forgotten.get;
export const rememberDeviceForgotten = (): void => forgotten.set(true);

const SYNC_PAUSED_ITEM = 'promoter-dashboard.background-sync-paused';
const syncPaused = sessionFlag(SYNC_PAUSED_ITEM);

/**
 * Whether the promoter paused the background sync of their events in this tab: a reload keeps
 * it paused (a slow venue connection stays spared).
 */
export const backgroundSyncPausedInSession = syncPaused.get;
export const rememberBackgroundSyncPaused = syncPaused.set;

const SYNC_EVERY_EVENT_ITEM = 'promoter-dashboard.background-sync-every-event';
const syncEveryEvent = sessionFlag(SYNC_EVERY_EVENT_ITEM);

/**
 * Whether the promoter said to keep every event on this device, this session: the background
 * sync then no longer asks first (on a metered connection, or once the copy is large).
 */
export const keepEveryEventInSession = syncEveryEvent.get;
export const rememberKeepEveryEvent = (): void => syncEveryEvent.set(true);

const PRINT_CHOICES_ITEM = 'promoter-dashboard.print-choices';
/** The events whose print choices are kept: the most recently printed ones. */
const PRINT_CHOICES_EVENTS = 50;

/** Every event's stored print choices, oldest first, as stored (an array: object keys that are numbers lose their order). */
function readPrintChoices(): [number, unknown][] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(PRINT_CHOICES_ITEM) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is [number, unknown] =>
        Array.isArray(entry) && entry.length === 2 && Number.isSafeInteger(entry[0]),
    );
  } catch {
    return [];
  }
}

/**
 * The print dialogs' last choices for an event in this tab's session, as stored: the caller
 * parses them (they are column ids, switches and numbers, never personal data). A reload
 * keeps them; signing out ends them with the session.
 */
export function sessionPrintChoices(eventId: number): unknown {
  return readPrintChoices().find(([id]) => id === eventId)?.[1];
}

export function rememberSessionPrintChoices(eventId: number, choices: unknown): void {
  // The latest last, the oldest dropped past the limit.
  const kept = readPrintChoices()
    .filter(([id]) => id !== eventId)
    .slice(-(PRINT_CHOICES_EVENTS - 1));
  try {
    sessionStorage.setItem(PRINT_CHOICES_ITEM, JSON.stringify([...kept, [eventId, choices]]));
  } catch {
    // Storage unavailable or full: the choices last as long as the screen.
  }
}
