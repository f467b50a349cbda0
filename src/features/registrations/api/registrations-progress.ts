import type { Registration } from '@/engine/api/registration-schemas';
import type { LoadReport } from '@/engine/loader/load-types';
import type { ListRows } from '@/engine/sync/list-contract';
import type { RegistrationsData } from './registrations-data';

/**
 * 25,000 rows must not mean 250 renders while pages stream in: the cache is written at most
 * this often (the first rows at once, the end at once).
 */
export const PUBLISH_INTERVAL_MS = 300;
/** The same for a list no screen shows: each write costs the page for nobody to see. */
const UNSHOWN_PUBLISH_INTERVAL_MS = 5_000;

/**
 * The rows of a list as the engine sends them (each row once, from the first position that
 * changed: list-rows-sender.ts), written to the cache as a load goes: the first rows at once,
 * then at most every PUBLISH_INTERVAL_MS while a screen shows the list (`shown`), every
 * UNSHOWN_PUBLISH_INTERVAL_MS while none does.
 */
export class ListReceiver {
  private readonly rows: Registration[] = [];
  private version: number | null = null;
  private report: LoadReport | null = null;
  private published = 0;
  private last = 0;
  private pending: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly previous: RegistrationsData | undefined,
    private readonly write: ((data: RegistrationsData) => void) | null,
    private readonly shown: () => boolean = () => true,
  ) {}

  /** Takes a message of rows (progress of an engine call). */
  readonly take = (message: ListRows): void => {
    if (message.from < this.rows.length) this.rows.length = message.from;
    for (const row of message.rows) this.rows.push(row);
    // Rows before the last message of a batch are not a whole version of the list.
    this.version = message.version === 0 ? null : message.version;
    if (message.report) this.report = message.report;
    if (!this.write) return;
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
    const firstRows = this.published === 0 && (this.previous?.rows.length ?? 0) === 0 && this.rows.length > 0;
    const interval = this.shown() ? PUBLISH_INTERVAL_MS : UNSHOWN_PUBLISH_INTERVAL_MS;
    const wait = interval - (performance.now() - this.last);
    if (firstRows || wait <= 0) this.publish();
    else this.pending = setTimeout(() => this.publish(), wait);
  };

  /** The rows received so far, and their version in the engine (null: not a whole version). */
  snapshot(): { rows: readonly Registration[]; version: number | null; report: LoadReport | null } {
    return { rows: this.rows.slice(), version: this.version, report: this.report };
  }

  /** No progress may land after the end. */
  stop(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
  }

  private publish(): void {
    this.pending = null;
    if (!this.write || !this.report) return;
    this.last = performance.now();
    this.published += 1;
    this.write({
      phase: 'loading',
      rows: this.rows.slice(),
      report: this.report,
      loadedAt: this.previous?.loadedAt ?? null,
      refresh: null,
      history: null,
      resumable: false,
      version: this.version,
    });
  }
}
