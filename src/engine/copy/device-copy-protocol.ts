import type { PageNumbering } from './device-store';
import type { DiscardReason } from './open-device-copy';

/** What the device copy's methods take and answer (device-copy-contract.ts). */

/** Which copy: the API key (the secret the copy's key is derived from) and the API address. */
export interface CopyPlace {
  readonly apiKey: string;
  /** The API's base URL, absolute (a same-origin proxy path such as /partner-api resolved). */
  readonly address: string;
}

/**
 * A record kept whole: the events list (GET /v1/events), an event's categories, the keys of
 * the groups of possible duplicates the promoter dismissed for an event, an event's figures
 * for the events list, the previous edition the promoter linked an event to, or the views of
 * an event's registrations the promoter saved.
 */
export type CopyRecord =
  | { readonly kind: 'events' }
  | {
      readonly kind:
        | 'categories'
        | 'dismissed-duplicates'
        | 'event-figures'
        | 'edition-link'
        | 'saved-views'
        | 'frozen-order'
        | 'answer-corrections'
        | 'fine-findings';
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

/** A whole API answer kept in the copy, and when it came (this browser's clock). */
export interface KeptAnswer {
  readonly value: unknown;
  readonly savedAt: Date;
}

/** The last outcome of reading and of saving an event's copy (null: not tried yet). */
export interface DeviceCopyStatus {
  readonly read: CopyReadResult | null;
  readonly save: CopySaveResult | null;
}
