import type { DiscardReason } from './device-store';
import type { DeviceRegistration } from './registrations-codec';

/**
 * The messages between the page and the device copy worker (device-copy-worker.ts). Every
 * request carries an id; the worker answers each one once, in the order they came (it runs
 * them one after another), after any `rows` slices of a read.
 */

/** Which copy: the API key (the secret the copy's key is derived from) and the API address. */
export interface CopyPlace {
  readonly apiKey: string;
  /** The API's base URL, absolute (a same-origin proxy path such as /partner-api resolved). */
  readonly address: string;
}

export type DeviceCopyRequest =
  | { readonly type: 'read'; readonly id: number; readonly place: CopyPlace; readonly eventId: number }
  /** A slice of the rows of the save `id`, sent before it. */
  | { readonly type: 'save-rows'; readonly id: number; readonly rows: readonly DeviceRegistration[] }
  | {
      readonly type: 'save';
      readonly id: number;
      readonly place: CopyPlace;
      readonly eventId: number;
      /** The server time the rows are as of (the next `updated_since`), ms since the epoch. */
      readonly dataAsOf: number;
    }
  /** The events the copy holds for this key and address: plaintext metadata only, no row. */
  | { readonly type: 'list'; readonly id: number; readonly place: CopyPlace }
  /** Forget the slices of a save that will not be sent (the session ended meanwhile). */
  | { readonly type: 'save-drop'; readonly id: number }
  | { readonly type: 'wipe'; readonly id: number }
  | { readonly type: 'sweep'; readonly id: number };

/** What reading an event's copy found. */
export type CopyReadResult =
  | { readonly status: 'ok'; readonly rows: number; readonly dataAsOf: number; readonly savedAt: number }
  | { readonly status: 'missing' }
  /** A copy was found but not usable, and was deleted: another key, expired, damaged… */
  | { readonly status: 'discarded'; readonly reason: DiscardReason }
  /** No IndexedDB here (private mode, blocked): the app works from memory only. */
  | { readonly status: 'unavailable' };

/** What saving an event's copy did. `quota`: the device is full; the rows stay in memory only. */
export type CopySaveResult =
  | { readonly status: 'saved' }
  | { readonly status: 'not-saved'; readonly reason: 'quota' | 'failed' | 'unavailable' };

/** What the copy holds of one event, in the clear: no name, no registration, no answer. */
export interface CopyEventSummary {
  readonly eventId: number;
  /** Null while only the event's categories are kept. */
  readonly rows: number | null;
  /** Encrypted bytes on disk for the event. */
  readonly bytes: number;
  /** When it was last saved, by this browser's clock, ms since the epoch. */
  readonly savedAt: number;
  /** The server time the rows are as of, ms since the epoch (null: not known). */
  readonly dataAsOf: number | null;
}

/** What listing the copy found. `unavailable`: no IndexedDB here (private mode, blocked). */
export type CopyListResult =
  | { readonly status: 'ok'; readonly events: readonly CopyEventSummary[] }
  | { readonly status: 'unavailable' };

export type DeviceCopyResponse =
  | { readonly type: 'rows'; readonly id: number; readonly rows: DeviceRegistration[] }
  | { readonly type: 'read'; readonly id: number; readonly result: CopyReadResult }
  | { readonly type: 'listed'; readonly id: number; readonly result: CopyListResult }
  | { readonly type: 'saved'; readonly id: number; readonly result: CopySaveResult }
  /** `ok` false: the database could not be deleted (it is still there). */
  | { readonly type: 'wiped'; readonly id: number; readonly ok: boolean }
  | { readonly type: 'swept'; readonly id: number; readonly deleted: boolean };

/** Rows per `rows` message: one structured clone of this many registrations stays well under 50 ms. */
export const ROWS_PER_MESSAGE = 5_000;
