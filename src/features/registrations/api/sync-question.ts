import { listDeviceCopy } from '@/engine/copy/device-copy';

/**
 * When the background sync asks before keeping every event on this device: on a metered
 * connection (the browser's data saver, or mobile data where the browser tells), and once
 * the copy on the device passes a size a phone's storage or data plan would notice.
 */

/** Past this size of the copy on the device, the sync asks before keeping more. */
export const ASK_PAST_BYTES = 50_000_000;

/**
 * What the sync asks: why, what the device keeps already, and about how much keeping every
 * event would take in all (null until an event was kept to estimate from).
 */
export interface SyncQuestion {
  readonly reason: 'metered' | 'large';
  readonly keptBytes: number;
  readonly estimatedBytes: number | null;
}

interface NetworkInformationLike {
  readonly saveData?: boolean;
  readonly type?: string;
}

/** The browser's data saver is on, or it says the connection is mobile data. */
export function meteredConnection(): boolean {
  const connection = (globalThis.navigator as { connection?: NetworkInformationLike } | undefined)
    ?.connection;
  return connection?.saveData === true || connection?.type === 'cellular';
}

/** What the copy on this device holds: its size, and how many events' lists. */
export async function keptOnDevice(): Promise<{ bytes: number; events: number }> {
  const listed = await listDeviceCopy();
  if (listed.status !== 'ok') return { bytes: 0, events: 0 };
  const lists = listed.events.filter((event) => event.rows !== null);
  return { bytes: listed.events.reduce((sum, event) => sum + event.bytes, 0), events: lists.length };
}

/**
 * The question to ask before the next event, or null to go on: `waiting` events are still to
 * keep, and the copy holds `kept`.
 */
export function questionBefore(
  kept: { bytes: number; events: number },
  waiting: number,
  askPastBytes: number,
): SyncQuestion | null {
  const metered = meteredConnection();
  if (!metered && kept.bytes <= askPastBytes) return null;
  const estimatedBytes =
    kept.events > 0 ? Math.round(kept.bytes + (kept.bytes / kept.events) * waiting) : null;
  return { reason: metered ? 'metered' : 'large', keptBytes: kept.bytes, estimatedBytes };
}
