/**
 * What the tabs of the app tell each other about the copy on this device, over a
 * BroadcastChannel (same origin only):
 *
 * - `saved`: this tab saved an event's registrations as of `dataAsOf` (server time, ms since
 *   the epoch). A tab holding an older list of that event can take the newer one from the
 *   copy instead of asking the API (see follow-other-tabs.ts in the registrations feature).
 * - `forgotten`: the promoter chose "Forget this device" here: the other tabs of the session
 *   stop saving too, so the copy is not written back behind their back.
 *
 * Nothing secret travels: ids and dates only. Any script of the origin can post on the
 * channel, so every message is parsed (parseDeviceCopyMessage) and anything else is ignored.
 */
export const DEVICE_COPY_CHANNEL = 'promoter-dashboard-device-copy';

export type DeviceCopyMessage =
  | { readonly type: 'saved'; readonly eventId: number; readonly dataAsOf: number }
  | { readonly type: 'forgotten' };

/** The largest time a Date can hold (ms either side of the epoch). */
const MAX_TIME = 8.64e15;

/** The message `data` is, or null. Never throws, whatever `data` is (a getter that throws too). */
export function parseDeviceCopyMessage(data: unknown): DeviceCopyMessage | null {
  try {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
    const message = data as Record<string, unknown>;
    const type: unknown = message.type;
    if (type === 'forgotten') return { type };
    if (type !== 'saved') return null;
    const { eventId, dataAsOf } = message;
    if (typeof eventId !== 'number' || !Number.isSafeInteger(eventId) || eventId <= 0) return null;
    if (typeof dataAsOf !== 'number' || !Number.isInteger(dataAsOf) || Math.abs(dataAsOf) > MAX_TIME)
      return null;
    return { type, eventId, dataAsOf };
  } catch {
    return null;
  }
}

/**
 * One channel object per tab, for telling and hearing: a BroadcastChannel never delivers a
 * message to the object that posted it, so a tab does not hear itself.
 */
let channel: BroadcastChannel | null = null;
const listeners = new Set<(message: DeviceCopyMessage) => void>();

function theChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (!channel) {
    const opened = new BroadcastChannel(DEVICE_COPY_CHANNEL);
    opened.onmessage = (event: MessageEvent<unknown>) => {
      const message = parseDeviceCopyMessage(event.data);
      if (message) for (const listener of listeners) listener(message);
    };
    // Node (the tests): an open channel must not keep the process alive.
    (opened as BroadcastChannel & { unref?: () => void }).unref?.();
    channel = opened;
  }
  return channel;
}

/** Tells the other tabs of the app. */
export function tellOtherTabs(message: DeviceCopyMessage): void {
  theChannel()?.postMessage(message);
}

/** Hears the other tabs' messages (parsed), until the returned function is called. */
export function hearOtherTabs(listener: (message: DeviceCopyMessage) => void): () => void {
  theChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
