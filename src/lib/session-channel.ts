import { getSession, isSession, subscribeSession, type Session, type SignOutReason } from './session';

/**
 * Tabs of the app talk over a BroadcastChannel (same origin only, never a URL or storage):
 *
 * - a new tab with no session asks "anyone signed in?" (`session-request`) and takes the
 *   session a signed-in tab answers with (`session-offer`), so a link opened in a new tab
 *   (Ctrl+click) does not land on sign-in; the key goes from one tab's memory to the other's
 *   and then into that tab's sessionStorage, like a sign-in;
 * - signing out in one tab tells the others (`signed-out`), which sign out the same way.
 *
 * Messages come from any script of this origin: each one is checked before use.
 *
 * A signed-in tab also holds a shared Web Lock, which tells a new tab at once whether asking
 * is worth it: the first visit (no tab signed in) shows sign-in without waiting for answers
 * that cannot come.
 */
const CHANNEL_NAME = 'promoter-dashboard.session';
const SIGNED_IN_LOCK = 'promoter-dashboard.signed-in';

type SessionMessage =
  | { type: 'session-request'; id: string }
  | { type: 'session-offer'; id: string; session: Session }
  | { type: 'signed-out'; reason: SignOutReason };

function readMessage(data: unknown): SessionMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === 'session-request' && typeof message.id === 'string') {
    return { type: 'session-request', id: message.id };
  }
  if (message.type === 'session-offer' && typeof message.id === 'string' && isSession(message.session)) {
    return { type: 'session-offer', id: message.id, session: message.session };
  }
  if (
    message.type === 'signed-out' &&
    (message.reason === 'signed-out' || message.reason === 'unauthorized')
  ) {
    return { type: 'signed-out', reason: message.reason };
  }
  return null;
}

export function canTalkToOtherTabs(): boolean {
  return typeof BroadcastChannel !== 'undefined';
}

export interface PeerTabOptions {
  /** Called when another tab signed out while this one is signed in. */
  onSignedOut: (reason: SignOutReason) => void;
  /** This tab's session, offered to a new tab that asks (injectable for tests). */
  getSession?: () => Session | null;
}

/** Answer new tabs' requests and hear other tabs' sign-outs, until the returned function is called. */
export function listenToOtherTabs({
  onSignedOut,
  getSession: current = getSession,
}: PeerTabOptions): () => void {
  if (!canTalkToOtherTabs()) return () => {};
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = readMessage(event.data);
    const session = current();
    if (!message || !session) return;
    if (message.type === 'session-request') {
      channel.postMessage({ type: 'session-offer', id: message.id, session } satisfies SessionMessage);
    } else if (message.type === 'signed-out') {
      onSignedOut(message.reason);
    }
  };
  return () => channel.close();
}

/** Hold the "signed in" lock while this tab has a session, until the returned function is called. */
export function advertiseSignedIn(): () => void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return () => {};
  let release: (() => void) | null = null;
  let requesting = false;
  let stopped = false;
  const sync = () => {
    const signedIn = !stopped && getSession() !== null;
    if (signedIn && !release && !requesting) {
      requesting = true;
      void locks.request(SIGNED_IN_LOCK, { mode: 'shared' }, () => {
        requesting = false;
        return new Promise<void>((resolve) => {
          release = resolve;
          // Signed out (or stopped) while the lock was being granted: give it back.
          if (stopped || !getSession()) sync();
        });
      });
    } else if (!signedIn && release) {
      release();
      release = null;
    }
  };
  sync();
  const unsubscribe = subscribeSession(sync);
  return () => {
    stopped = true;
    unsubscribe();
    sync();
  };
}

/** False only when the browser can tell that no tab of the app is signed in. */
async function mayHaveSignedInTab(): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return true;
  try {
    const { held = [] } = await locks.query();
    return held.some((lock) => lock.name === SIGNED_IN_LOCK);
  } catch {
    return true;
  }
}

/**
 * Ask the other tabs for their session: the first valid answer, or null when none comes
 * within `timeoutMs` (no other tab, or none signed in), or at once when no tab holds the
 * signed-in lock.
 */
export async function requestSessionFromOtherTabs(timeoutMs: number): Promise<Session | null> {
  if (!canTalkToOtherTabs() || !(await mayHaveSignedInTab())) return null;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  const id = crypto.randomUUID();
  return new Promise<Session | null>((resolve) => {
    const finish = (session: Session | null) => {
      clearTimeout(timer);
      channel.close();
      resolve(session);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = readMessage(event.data);
      if (message?.type === 'session-offer' && message.id === id) finish(message.session);
    };
    channel.postMessage({ type: 'session-request', id } satisfies SessionMessage);
  });
}

/** Tell the other tabs this one signed out, so they do too. */
export function announceSignOut(reason: SignOutReason): void {
  if (!canTalkToOtherTabs()) return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage({ type: 'signed-out', reason } satisfies SessionMessage);
  channel.close();
}
