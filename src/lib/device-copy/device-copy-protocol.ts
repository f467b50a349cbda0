import type { DeviceCopyProbe, DiscardReason, PageNumbering } from './device-store';
import type { DeviceRegistration } from './registrations-codec';
import type { SearchMessage } from './search-protocol';

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
      /** The app's history of the list (any JSON value), saved with the rows. */
      readonly history?: unknown;
      /** How the API numbers its pages, as the load learned it (plaintext: not personal data). */
      readonly pageNumbering?: PageNumbering;
    }
  /** The events the copy holds for this key and address: plaintext metadata only, no row. */
  | { readonly type: 'list'; readonly id: number; readonly place: CopyPlace }
  /** Forget the slices of a save that will not be sent (the session ended meanwhile). */
  | { readonly type: 'save-drop'; readonly id: number }
  /** Saves an API answer kept whole: the events list, or one event's categories. */
  | {
      readonly type: 'save-record';
      readonly id: number;
      readonly place: CopyPlace;
      readonly record: CopyRecord;
      /** When the answer came, by this browser's clock (ms since the epoch): the "as of" shown offline. */
      readonly savedAt: number;
      readonly value: unknown;
    }
  | {
      readonly type: 'read-record';
      readonly id: number;
      readonly place: CopyPlace;
      readonly record: CopyRecord;
    }
  /** Whether the key opens the copy, changing nothing (offline sign-in). */
  | { readonly type: 'probe'; readonly id: number; readonly place: CopyPlace }
  | { readonly type: 'wipe'; readonly id: number }
  | { readonly type: 'sweep'; readonly id: number }
  /**
   * Searches every event the copy holds (device-copy-search.ts): the first `limit` matches, the
   * events in `order` first. Answered with `found`, not queued behind saves.
   */
  | {
      readonly type: 'search';
      readonly id: number;
      readonly place: CopyPlace;
      readonly query: string;
      readonly limit: number;
      readonly order: readonly number[];
    }
  /** The page's session ended: the search index goes (a wipe drops it too). */
  | { readonly type: 'search-drop'; readonly id: number };

/**
 * A record kept whole: the events list (GET /v1/events), an event's categories, the keys of
 * the groups of possible duplicates the promoter dismissed for an event, an event's figures
 * for the events list, the previous edition the promoter linked an event to, or the views of
 * an event's registrations the promoter saved.
 */
export type CopyRecord =
  | { readonly kind: 'events' }
  | {
      readonly kind: 'categories' | 'dismissed-duplicates' | 'event-figures' | 'edition-link' | 'saved-views';
      readonly eventId: number;
    };

/** What reading a whole record found; `savedAt`: when its answer came (ms, this browser's clock). */
export type CopyRecordResult =
  | { readonly status: 'ok'; readonly value: unknown; readonly savedAt: number }
  | { readonly status: 'missing' | 'unavailable' };

/** What reading an event's copy found. */
export type CopyReadResult =
  | {
      readonly status: 'ok';
      readonly rows: number;
      readonly dataAsOf: number;
      readonly savedAt: number;
      /** The history saved with the rows; null when none was (or it did not open). */
      readonly history: unknown;
      /** How the API numbers its pages, if a load learned it. */
      readonly pageNumbering: PageNumbering | null;
    }
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
  | { readonly type: 'record'; readonly id: number; readonly result: CopyRecordResult }
  | { readonly type: 'probed'; readonly id: number; readonly result: DeviceCopyProbe }
  /** `ok` false: the database could not be deleted (it is still there). */
  | { readonly type: 'wiped'; readonly id: number; readonly ok: boolean }
  | { readonly type: 'swept'; readonly id: number; readonly deleted: boolean }
  | SearchMessage;
