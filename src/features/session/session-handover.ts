import { useSyncExternalStore } from 'react';
import { canTalkToOtherTabs, requestSessionFromOtherTabs } from '@/lib/session-channel';
import { getSession, startSession } from '@/lib/session';
import { resumeDemo } from './demo';

/**
 * How long a new tab waits for a signed-in tab to answer before showing sign-in. The wait
 * only happens when the browser says a tab holds the signed-in lock (otherwise the request
 * returns at once), and that tab answers from its main thread: a tab busy syncing a large
 * event can take a second or more, so the bound is generous. It only costs a tab whose
 * signed-in tab is frozen.
 */
export const HANDOVER_WAIT_MS = 3_000;

let awaiting = false;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setAwaiting(value: boolean) {
  awaiting = value;
  for (const listener of listeners) listener();
}

/**
 * A tab that starts signed out asks the other tabs for their session (see
 * src/lib/session-channel.ts) and signs in with it. A demo session starts this tab's demo
 * handlers first, so the first request already has an answer. Call once at startup, before
 * the first render, so the guards wait instead of showing sign-in.
 */
export function adoptSessionFromOtherTab(waitMs: number = HANDOVER_WAIT_MS): Promise<void> {
  if (inFlight) return inFlight;
  if (getSession() || !canTalkToOtherTabs()) return Promise.resolve();
  setAwaiting(true);
  inFlight = (async () => {
    try {
      const session = await requestSessionFromOtherTabs(waitMs);
      if (session && !getSession()) {
        if (session.demo) await resumeDemo();
        startSession(session);
      }
    } catch {
      // The demo could not load here: this tab stays signed out and shows sign-in.
    } finally {
      inFlight = null;
      setAwaiting(false);
    }
  })();
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while this tab waits for another tab's session: show neither sign-in nor a redirect yet. */
export function useAwaitingOtherTab(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => awaiting,
    () => false,
  );
}
