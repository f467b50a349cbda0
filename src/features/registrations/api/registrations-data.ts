import type { Registration } from '@/engine/api/registration-schemas';
import type { RegistrationHistory } from '@/engine/history/registration-history';
import type { LoadReport } from '@/engine/loader/load-types';

/* What the registrations query holds (registrations-query.ts). */

export type RegistrationsPhase = 'loading' | 'complete' | 'incomplete' | 'cancelled';

/** The last "Check for changes" or "Verify the whole list". */
export type RefreshOutcome =
  | { phase: 'loading' }
  | { phase: 'done'; changed: number; added: number }
  /** The whole list is being downloaded again, in the background: the rows shown stay. */
  | { phase: 'verifying'; loaded: number; total: number | null }
  | { phase: 'verified'; changed: number; added: number; removed: number }
  | { phase: 'error'; error: unknown };

/**
 * What the registrations query holds: the rows a screen draws, as the engine loaded them (the
 * engine keeps its own, at `version`), and what the load saw.
 */
export interface RegistrationsData {
  phase: RegistrationsPhase;
  /** Unique by registration_id, in the server's order. */
  rows: readonly Registration[];
  /** What the loader saw: pages loaded and failed, pagination, warnings, the `updated_since` watermark. */
  report: LoadReport;
  /** When the rows were last fully loaded or refreshed, by this browser's clock: what "as of" shows. */
  loadedAt: Date | null;
  refresh: RefreshOutcome | null;
  /**
   * What this device saw change in the list, sync after sync (registration-history.ts):
   * null until the list was first complete.
   */
  history: RegistrationHistory | null;
  /** A stopped or incomplete load the engine kept: the next run continues it. */
  resumable: boolean;
  /**
   * The version of the engine's list that `rows` are (engine/sync/event-lists.ts): figures are
   * computed on the engine's own rows. Null when the engine may not hold them.
   */
  version: number | null;
}
